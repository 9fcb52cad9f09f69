import Calibration
import CalibrationData
import Foundation
import StatisticsCore
import Testing
import _TestSupport

/// `align --judge-scores` on HANNA, Chhun and others 2022.
///
/// A judge's story scores
/// against the three crowd ratings per story must give the story-level
/// correlations recomputed in `shared/data/hanna/recomputed.json`.
@Suite("HANNA through the alignment engine")
struct HANNAAlignmentTests {
    /// The part of recomputed.json used: "judge|prompt|criterion" → figure name → value.
    struct Recomputed: Decodable {
        var llm_vs_human_mean: [String: [String: Double]]
    }

    /// Column name → values, and the system of each story (``HANNAScores``, read by the toolkit's CSV reader).
    static let data: (columns: [String: [Double]], systems: [String]) = (HANNAScores.shared.columns, HANNAScores.shared.systems)

    static let recomputed: Recomputed = {
        do {
            return try JSONDecoder().decode(Recomputed.self, from: Data(contentsOf: SharedData.url("data/hanna/recomputed.json")))
        } catch {
            fatalError("cannot read HANNA recomputed.json: \(error)")
        }
    }()

    static let criteria = ["RE", "CH", "EM", "SU", "EG", "CX"]

    /// The three human raters' scores of `criterion` for `stories` (positions in the data), under the row ids `ids`.
    static func humanLabels(_ criterion: String, ids: [String], stories: [Int]) throws -> [ExpertLabel] {
        try (1...3).flatMap { rater in
            let human = try #require(data.columns["Human \(rater) \(criterion)"])
            return zip(ids, stories).map { ExpertLabel(rowID: $0, rater: "human \(rater)", value: human[$1]) }
        }
    }
    /// "Judge|prompt" pairs present in recomputed.json.
    static let judges = Set(recomputed.llm_vs_human_mean.keys.map { $0.split(separator: "|").prefix(2).joined(separator: "|") }).sorted()

    /// The 960 generated stories (the human-written ones are not judged in the
    /// recomputed figures); the judge's failure codes (values below 1) are kept
    /// as scores, as the authors did, so no scale is declared and the category
    /// statistics are refused.
    @Test("Story-level τ-b, ρ and r of each judge and prompt match recomputed.json (1e-12)", arguments: judges)
    func storyLevel(judgePrompt: String) throws {
        let (columns, systems) = Self.data
        let parts = judgePrompt.split(separator: "|").map(String.init)
        let stories = systems.indices.filter { systems[$0] != "Human" }
        #expect(stories.count == 960)
        let ids = stories.map { "story-\($0)" }
        var dimensions: [AlignmentInput.Dimension] = []
        for criterion in Self.criteria {
            let judge = try #require(columns["\(parts[0]) \(criterion) \(parts[1])"])
            let labels = try Self.humanLabels(criterion, ids: ids, stories: stories)
            dimensions.append(
                .init(
                    name: criterion, scale: nil,
                    judge: JudgeScores(scores: Dictionary(uniqueKeysWithValues: zip(ids, stories).map { ($0, JudgeScore(judge[$1])) })),
                    expertLabels: labels))
        }
        let report = try AlignmentReport(
            AlignmentInput(runRowIDs: ids, dimensions: dimensions), options: AlignmentSettings(statistic: .kendall, resamples: 0))
        try expectingSomeChecks(in: judgePrompt) { tally in
            for d in report.dimensions {
                let expected = try #require(Self.recomputed.llm_vs_human_mean["\(judgePrompt)|\(d.name)"])
                #expect(d.counts.paired == 960)
                #expect(d.expertAggregation.rowsWithSeveralRaters == 960)
                #expect(
                    abs(try #require(d.kendallTauB.value) - (try #require(expected["story_kendall"]))) <= 1e-12,
                    "\(judgePrompt) \(d.name) τ-b")
                #expect(
                    abs(try #require(d.spearman.value) - (try #require(expected["story_spearman"]))) <= 1e-12, "\(judgePrompt) \(d.name) ρ")
                #expect(
                    abs(try #require(d.pearson.value) - (try #require(expected["story_pearson"]))) <= 1e-12, "\(judgePrompt) \(d.name) r")
                tally.add(3)
                #expect(d.cohenKappa.quadratic.undefinedReason?.code == "no-scale")
                // HANNA's three raters scored every story: three pairs of 960 rows, each rater 960 rows.
                #expect(d.humanCeiling?.pairs.map(\.n) == [960, 960, 960])
                #expect(d.humanCeiling?.raters.map(\.rows) == [960, 960, 960])
            }
        }
    }
}
