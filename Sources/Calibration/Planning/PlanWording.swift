public import DataFormats

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
    /// The verdict the plan is for: `level`% normal intervals with the Fleiss–Cohen–Everitt SE,
    /// looked at once.
    case verdictMethod(level: Int)

    /// The tool's words for each sentence, bound for a task and its children; `nil` (the default)
    /// leaves the library's.
    @TaskLocal public static var tool: ToolWords<PlanWording>?

    /// The sentence: the bound tool's words, else ``ownText``.
    public var text: String { Self.tool?(self) ?? ownText }

    /// The library's words.
    public var ownText: String {
        switch self {
        case .uniformLevels:
            "no judgments given: both raters use every level equally often; give the judge's judgments for its own distribution"
        case .verdictMethod(let level):
            "the verdict uses \(level)% normal intervals with the Fleiss–Cohen–Everitt SE (the analytic interval), looked at "
                + "once; for repeated looks plan sequential looks"
        }
    }
}
