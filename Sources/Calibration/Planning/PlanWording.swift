public import DataFormats
public import StatisticsCore

/// The sentences of a labelling plan's assumptions that point at another command's setting: the
/// judgments that would give the judge's own level distribution, the interval and the looks the
/// verdict is planned for.
///
/// The library decides when each applies and says it in its own words (``ownText``); a tool that
/// names its own options (`judgecal`'s, in its `Messages/`) binds
/// ``tool`` for the duration of its work (`PlanWording.$tool.withValue(ToolWords(words)) { … }`).
public enum PlanWording: Sendable, Hashable {
    /// No judgments were given, so both raters are taken to use every level equally often.
    case uniformLevels
    /// The verdict the plan is for: `level`% intervals formed by `method` (analytic: normal with the
    /// Fleiss–Cohen–Everitt SE; bootstrap: percentile; bca), `chosen` by the caller or the statistic's default,
    /// looked at once.
    case verdictMethod(level: Int, method: IntervalMethod, chosen: Bool)

    /// The tool's words for each sentence, bound for a task and its children; `nil` (the default)
    /// leaves the library's.
    @TaskLocal public static var tool: ToolWords<PlanWording>?

    /// The sentence: the bound tool's words, else ``ownText``.
    public var text: String { Self.tool?(self) ?? ownText }

    /// An interval method in words.
    public static func describe(_ method: IntervalMethod) -> String {
        switch method {
        case .analytic, .t: "normal intervals with the Fleiss–Cohen–Everitt SE (the analytic interval)"
        case .bootstrap: "percentile bootstrap intervals of the table (\(LabelPlan.Settings.bootstrapResamples) resamples)"
        case .bca: "BCa bootstrap intervals of the table (\(LabelPlan.Settings.bootstrapResamples) resamples)"
        }
    }

    /// The library's words.
    public var ownText: String {
        switch self {
        case .uniformLevels:
            "no judgments given: both raters use every level equally often; give the judge's judgments for its own distribution"
        case .verdictMethod(let level, let method, let chosen):
            "the verdict uses \(level)% \(Self.describe(method)) (\(chosen ? "as asked" : "the statistic's default, as align uses it")), "
                + "looked at once; for repeated looks plan sequential looks"
        }
    }
}
