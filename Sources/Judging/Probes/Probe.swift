import DataFormats
public import LanguageModels

/// A named, deterministic change to what a judge is shown that should leave its score where it
/// was (or move it only in a direction the probe states): a bias probe; or, with a target
/// (``degrades``), a degradation, which should lower it.
///
/// A probe either rewrites the text of one field of each row — the response under judgment —
/// (``ResponseRewrite``), or changes how the rubric is laid out in the prompt (``PromptRewrite``),
/// or, for a pairwise judge, swaps the two responses (``Change/positionSwap``). The same probe,
/// rubric and row always give byte-identical messages, so a probe's prompts are cached like any
/// other and `judgecal probe`, showing a row, prints exactly what was sent. docs/PROBES.md describes
/// every probe and what an unbiased judge does under it.
public struct Probe: Sendable, Hashable {
    /// What a probe changes.
    public enum Change: Sendable, Hashable {
        /// The text at the probed field of each row.
        case response(ResponseRewrite)
        /// The rubric's layout in the prompt.
        case prompt(PromptRewrite)
        /// The two responses of a pairwise comparison, swapped (``PairwiseJudge``).
        case positionSwap
    }

    /// The probe's name, as a user names it (`length-pad`, `injection`).
    public var name: String
    /// What it does, in one sentence.
    public var summary: String
    /// What an unbiased judge does under it, in one sentence.
    public var expectation: String
    /// What it changes.
    public var change: Change
    /// For a degradation, the dimensions it should lower and by how much; `nil` for a bias probe.
    public var degrades: DegradationTarget?

    /// A probe, or with `degrades` a degradation.
    public init(name: String, summary: String, expectation: String, change: Change, degrades: DegradationTarget? = nil) {
        self.name = name
        self.summary = summary
        self.expectation = expectation
        self.change = change
        self.degrades = degrades
    }
}

/// A rewrite of the text under judgment: a string field, or each string of a list field.
public enum ResponseRewrite: Sendable, Hashable {
    /// Content-free filler appended (``ProbeText/filler``).
    case padLength
    /// Repeated sentences (or list items) removed.
    case trimRedundancy
    /// Sentences as Markdown bullets; list items in bold.
    case markdown
    /// Markdown markup removed.
    case plain
    /// An authoritative, confident opening (``ProbeText/authority``).
    case authority
    /// One of the named planted instructions (``InjectionString``), the row's by its position.
    case injection
    /// A user-defined template over the row, whose text replaces the field (``ProbeDefinition``).
    case template(Template)
    /// One of the built-in degradations, which make the response worse in a named way.
    case degrade(Degradation)
}

/// A change to the rubric's layout in the prompt, the row left as it is.
public enum PromptRewrite: String, Sendable, Hashable {
    /// Each dimension's levels listed highest first.
    case levelOrder
    /// Each dimension's levels labelled with letters, A the highest, in place of their labels.
    case scoreLabels
    /// The dimensions listed in reverse order.
    case dimensionOrder
    /// The reference section rendered from the next row of the run (a wrong reference).
    case referenceAnchor
}

/// The prompt a probe gives for one row: the messages and the dimensions as the judge sees them
/// (relabelled or reordered by some probes; same names and number of levels).
public struct ProbedPrompt: Sendable, Hashable {
    /// The exact messages sent.
    public var messages: [ChatMessage]
    /// The dimensions the judge scores, as shown.
    public var dimensions: [ScoreDimension]
    /// What was planted in this row, for probes that vary by row (the injection's name).
    public var note: String?
    /// Whether a score is read back from the opposite end of the scale: the `position` probe's
    /// swapped order, where the judge's A is response b.
    public var reversesScale: Bool

    /// A probed prompt.
    public init(messages: [ChatMessage], dimensions: [ScoreDimension], note: String? = nil, reversesScale: Bool = false) {
        self.messages = messages
        self.dimensions = dimensions
        self.note = note
        self.reversesScale = reversesScale
    }

    /// `value` on the `shown` scale, read on the `original` scale: the level at the same position
    /// (lowest first), interpolated linearly between positions for a fractional score (weighted or
    /// sampled modes).
    ///
    /// Probes that relabel a scale keep its number of levels, so position k of one is position k
    /// of the other; for a scale left as it was this is the identity. With `reversed`, position k
    /// is read as position count − 1 − k (the `position` probe: A in the swapped order is b).
    public static func originalValue(_ value: Double, shown: ScoringScale, original: ScoringScale, reversed: Bool = false)
        -> Double
    {
        let from = shown.levels.map(\.value)
        let to = reversed ? Array(original.levels.map(\.value).reversed()) : original.levels.map(\.value)
        guard from.count == to.count, from.count >= 2, from != to else { return value }
        let clamped = min(max(value, from[0]), from[from.count - 1])
        var k = 0
        while k < from.count - 2, clamped > from[k + 1] { k += 1 }
        let t = (clamped - from[k]) / (from[k + 1] - from[k])
        return to[k] + t * (to[k + 1] - to[k])
    }
}
