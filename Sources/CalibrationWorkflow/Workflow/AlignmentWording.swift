public import DataFormats

/// The notes of an alignment that name how the user set something: the scale that is not known,
/// and earlier sequential looks on the same labels.
///
/// The workflow decides when each applies and says it in its own words (``ownText``); a tool that
/// names its own options (`judgecal`'s, in its `Messages/`) binds
/// ``tool`` for the duration of its work (`AlignmentWording.$tool.withValue(ToolWords(words)) { … }`), and the
/// notes, printed or written into a report, read in its words.
public enum AlignmentWording: Sendable, Hashable {
    /// Judge scores aligned with neither a rubric nor declared levels: no scale is known
    /// (``JudgeScoresAlignment/notes``).
    case noScale
    /// A single look whose history file does not read (`reason`, the error's words), so whether the
    /// labels had earlier sequential looks is not known (``Calibration/AlignmentReport/earlierLooksNote``).
    case historyUnreadable(reason: String)
    /// A single look on labels that had `looks` earlier sequential looks, planned at `planned`: its
    /// `level`% interval ignores them (``Calibration/AlignmentReport/earlierLooksNote``).
    case earlierLooksIgnored(looks: Int, level: Int, planned: Int)

    /// The tool's words for each note, bound for a task and its children; `nil` (the default)
    /// leaves the workflow's.
    @TaskLocal public static var tool: ToolWords<AlignmentWording>?

    /// The note: the bound tool's words, else ``ownText``.
    public var text: String { Self.tool?(self) ?? ownText }

    /// The workflow's words.
    public var ownText: String {
        switch self {
        case .noScale: Self.noScale(given: "no rubric, no declared levels")
        case .historyUnreadable(let reason):
            "the history file does not read (\(reason)), so whether these labels had earlier sequential looks is not known"
        case .earlierLooksIgnored(let looks, let level, let planned):
            "these labels had \(looks) earlier sequential look(s); this single-look interval ignores them, so its \(level)% "
                + "does not hold across looks (plan \(planned) sequential looks to keep it)"
        }
    }

    /// The ``noScale`` note, `given` saying what was not given.
    public static func noScale(given: String) -> String {
        "no scale is known (\(given)): category statistics (agreement, kappa, alpha, AC2, "
            + "confusion matrix) are undefined; correlations, bias and spread use the values as they are"
    }
}
