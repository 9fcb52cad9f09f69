public import DataFormats

/// The sentences about splits, for the reader of a note or a report, that point at a setting of
/// the tool: the shares to split a small label set by, a certificate that was forced.
///
/// The library decides when each applies and says it in its own words (``ownText``); a tool that
/// names its own options (`judgecal`'s, in its `Messages/`) binds ``tool`` for the duration
/// of its work (`SplitWording.$tool.withValue(ToolWords(words)) { … }`), and the sentences read in its words.
public enum SplitWording: Sendable, Hashable {
    /// A new record's test split has `rows` rows, fewer than ``Certificate/recommendedTestRows``; the
    /// shares are fixed from now on, and other shares would put more rows into test.
    case smallTestSplit(rows: Int)
    /// The certificate was made over an earlier one of its lineage on the same test rows (forced),
    /// so the test is no longer sealed (``Certificate/testRowsReused``).
    case testRowsReused

    /// The tool's words for each sentence, bound for a task and its children; `nil` (the default)
    /// leaves the library's.
    @TaskLocal public static var tool: ToolWords<SplitWording>?

    /// The sentence: the bound tool's words, else ``ownText``.
    public var text: String { Self.tool?(self) ?? ownText }

    /// The library's words.
    public var ownText: String {
        switch self {
        case .smallTestSplit(let rows):
            Self.smallTestSplitStart(rows: rows) + "split with shares of 40, 20 and 40"
        case .testRowsReused:
            Self.testRowsReusedPrefix + ": this lineage was certified on these test rows before (forced); the test is no "
                + "longer sealed and these figures are not an unbiased claim"
        }
    }

    /// The start of the ``smallTestSplit(rows:)`` sentence, up to how to split instead.
    public static func smallTestSplitStart(rows: Int) -> String {
        "the test split has \(rows) rows, fewer than the \(Certificate.recommendedTestRows) at which certify "
            + "detects a +0.15 quadratic-kappa gain in 80% of simulated cases (docs/ITERATION.md); the shares are "
            + "fixed from now on, so if the label set will stay small, move the record away now and "
    }

    /// How the ``testRowsReused`` sentence starts, in every wording: reports set it apart by it.
    public static let testRowsReusedPrefix = "TEST ROWS REUSED"
}
