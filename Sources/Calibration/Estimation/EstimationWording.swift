public import DataFormats

/// The sentences of an estimates report that name how the user set something: a declaration of
/// how the labelled rows were drawn, the scale a dimension lacks, the run compared with.
///
/// The library decides when each applies and says it in its own words (``ownText``); a tool that
/// names its own options (`judgecal`'s, in its `Messages/`) binds ``tool``
/// for the duration of its work (`EstimationWording.$tool.withValue(ToolWords(words)) { … }`), and the report
/// reads in its words, in every form it is written or printed in.
public enum EstimationWording: Sendable, Hashable {
    /// The labelled rows declared a uniform random sample of the run (``EstimationSampling/randomSample``).
    case randomSampleDeclared
    /// The labelled rows declared picked by hand (``EstimationSampling/notForInference``).
    case notForInferenceDeclared
    /// No scale is known for the dimension: its pass rate and level shares are undefined.
    case noScale(dimension: String)
    /// Run B of an `A − B` comparison, when it has no name.
    case unnamedVersusRun

    /// The tool's words for each sentence, bound for a task and its children; `nil` (the default)
    /// leaves the library's.
    @TaskLocal public static var tool: ToolWords<EstimationWording>?

    /// The sentence: the bound tool's words, else ``ownText``.
    public var text: String { Self.tool?(self) ?? ownText }

    /// The library's words.
    public var ownText: String {
        switch self {
        case .randomSampleDeclared: "labelled rows declared a uniform random sample of the run by the user; not checked"
        case .notForInferenceDeclared: Self.notForInference(declared: "declared so")
        case .noScale(let dimension): "no scale is known for \(dimension) (give a rubric or the levels)"
        case .unnamedVersusRun: "run B"
        }
    }

    /// The ``notForInferenceDeclared`` sentence, `declared` saying how the user declared it.
    public static func notForInference(declared: String) -> String {
        "NOT VALID FOR INFERENCE: the labelled rows were picked by hand (\(declared)), so these figures "
            + "describe those rows, not the run, and the intervals do not hold"
    }
}
