public import DataFormats
import StatisticsCore

/// The catalogue's sentences that point the reader at another interval, written into a figure's
/// ``StatisticsCore/Estimate/intervalUndefinedReason`` (and from there into verdicts and reports).
///
/// The catalogue says which interval would do; how a reader asks for it is the tool's to say. A tool
/// that names its own options (as `judgecal` does) binds ``tool`` for the duration of its work
/// (`IntervalWording.$tool.withValue(ToolWords(words)) { … }`); without it the catalogue's own words stand
/// (``ownText``).
public enum IntervalWording: Sendable, Hashable {
    /// The BCa interval is undefined for a figure (no jackknife spread, or no resample on one side of
    /// the estimate), and the percentile bootstrap (``StatisticsCore/IntervalMethod/bootstrap``) gives one.
    case percentileWhenBCaUndefined

    /// The tool's words for each sentence, bound for a task and its children; `nil` (the default)
    /// leaves the catalogue's.
    @TaskLocal public static var tool: ToolWords<IntervalWording>?

    /// The sentence: the bound tool's words, else ``ownText``.
    public var text: String { Self.tool?(self) ?? ownText }

    /// The catalogue's words, naming the interval method by its ``StatisticsCore/IntervalMethod`` name.
    public var ownText: String {
        switch self {
        case .percentileWhenBCaUndefined: "the \(IntervalMethod.bootstrap.rawValue) interval gives the percentile interval"
        }
    }
}
