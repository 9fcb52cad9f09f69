/// MAPIE's "Risk Control for LLM as a Judge with Abstention" example as `benchmarks/python/abstain_band_fixtures.py`
/// rebuilt it (the case `example` of `Tests/StatisticsTests/Resources/abstain-band-fixtures.json`): 1,000 calibration rows
/// — the judge's probability of "hallucinated" and the truth — and 500 test rows with MAPIE's decisions at its band (0.4, 0.5).
public struct MAPIEExample: Decodable, Sendable {
    public var name: String
    /// The calibration rows' scores, and whether each is hallucinated (`1`) or not (`0`), one character a row.
    public var scores: [Double]
    public var positive: String
    /// The test rows' scores and MAPIE's decisions on them: `negative`, `positive` or `abstain`.
    public var testScores: [Double]?
    public var testDecisions: [String]?

    private struct File: Decodable { var cases: [MAPIEExample] }

    /// The example, read once; `nil` when the fixture has no case `example`.
    public static let example: MAPIEExample? =
        SharedData.fixture(File.self, at: "Tests/StatisticsTests/Resources/abstain-band-fixtures.json").cases.first { $0.name == "example" }
}
