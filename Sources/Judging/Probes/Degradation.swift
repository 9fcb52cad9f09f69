import DataFormats

/// A built-in degradation: a named, deterministic rewrite of the response that makes it worse in
/// one way, so that a judge that notices should lower its score (docs/PROBES.md, "Degradations").
///
/// Each is a pure function of the row's JSON, the probed field's text or list, the run's next row
/// (for `off-topic` and `irrelevant-items`) and the rubric: the same row always gives the same
/// bytes. A row the rewrite cannot apply to (no figure to change, one sentence to remove) is left
/// out with a ``LeftOutReason``, never judged unchanged.
public enum Degradation: String, Sendable, Hashable, CaseIterable {
    /// One claim negated: the first auxiliary or copula gains or loses its "not".
    case contradiction
    /// The sentence (or list item) that carries most of the answer dropped.
    case removedContent = "removed-content"
    /// A figure changed to another one.
    case wrongNumber = "wrong-number"
    /// A name changed to another name from elsewhere in the row.
    case wrongEntity = "wrong-entity"
    /// The last third of the sentences (or items) cut.
    case truncation
    /// An element the rubric requires (a heading, a list, a citation, a closing question) removed.
    case ignoredInstruction = "ignored-instruction"
    /// A sentence from the run's next row in place of one of this row's.
    case offTopic = "off-topic"
    /// Items of the run's next row added to a list.
    case irrelevantItems = "irrelevant-items"
    /// Fabricated items (``fabricatedItems``) added to a list.
    case inventedItems = "invented-items"

    /// The items `invented-items` adds, the first two that the row does not mention: tags that fit
    /// a story, a book or an article only by accident.
    public static let fabricatedItems = ["dragons", "time-travel", "space-pirates", "haunted-lighthouse", "chess-prodigy"]

    /// What it does, in one sentence.
    public var summary: String {
        switch self {
        case .contradiction:
            "negates one claim: the first \"is\", \"can\", \"was\", \"has\"… gains a \"not\", or a \"not\" is removed "
                + "(a list's first item becomes not-ITEM)"
        case .removedContent:
            "drops the sentence or item sharing most words with the rest of the row (else the longest)"
        case .wrongNumber: "changes the first figure to another figure of the row, else to the figure plus 3"
        case .wrongEntity: "changes a name to another name from elsewhere in the row, at every mention"
        case .truncation: "cuts the last third of the sentences or items, at least one"
        case .ignoredInstruction:
            "removes an element the rubric asks for (a heading, a list, a citation, a closing question)"
        case .offTopic: "puts the longest new sentence (or item) of the run's next row in place of the middle one"
        case .irrelevantItems: "adds the first two new items of the run's next row to a list"
        case .inventedItems: "adds two fabricated items to a list"
        }
    }

    /// The dimensions it should lower and how far, by default: what its class of flaw harms.
    ///
    /// A contradiction, a changed figure or name harms correctness (the dimensions named like
    /// consistency, accuracy or correctness, else all) and is severe; lost or cut content harms
    /// relevance and completeness (moderate); a foreign sentence or item harms relevance
    /// (moderate); an ignored instruction harms instruction following or format (moderate).
    public var target: DegradationTarget {
        let correctness = ["consisten", "accura", "correct", "factual", "faithful"]
        switch self {
        case .contradiction: return DegradationTarget(dimensions: .all, severity: .severe)
        case .wrongNumber, .wrongEntity: return DegradationTarget(dimensions: .namedLike(correctness), severity: .severe)
        case .removedContent:
            return DegradationTarget(dimensions: .namedLike(["relevan", "complete", "informat", "coverage"]), severity: .moderate)
        case .truncation: return DegradationTarget(dimensions: .all, severity: .moderate)
        case .ignoredInstruction:
            return DegradationTarget(dimensions: .namedLike(["instruction", "format", "follow", "structure"]), severity: .moderate)
        case .offTopic, .irrelevantItems:
            return DegradationTarget(dimensions: .namedLike(["relevan", "topic", "focus"]), severity: .moderate)
        case .inventedItems: return DegradationTarget(dimensions: .namedLike(["relevan"] + correctness), severity: .moderate)
        }
    }

    /// The response `content` degraded, or why the row is left out.
    ///
    /// - Parameters:
    ///   - other: the row's other text (``ProbeField/otherText(in:)``), where figures, names and
    ///     overlapping words are looked for.
    ///   - next: the probed field of the run's next row, `nil` when the run has one row.
    func apply(to content: ProbeField.Content, other: [String], next: ProbeField.Content?, rubric: Rubric) -> Degraded {
        switch self {
        case .contradiction: return Self.contradicted(content)
        case .wrongNumber: return Self.wrongFigure(content, other: other)
        case .wrongEntity: return Self.wrongName(content, other: other)
        case .removedContent: return Self.removingContent(content, other: other)
        case .truncation: return Self.truncated(content)
        case .ignoredInstruction: return RequiredElement.ignoring(in: content, rubric: rubric)
        case .offTopic: return Self.offTopic(content, next: next)
        case .irrelevantItems: return Self.irrelevantItems(content, next: next)
        case .inventedItems: return Self.invented(content, other: other)
        }
    }
}

/// A degradation's result for one row: the degraded content, or why the row is left out.
enum Degraded {
    case content(ProbeField.Content)
    case leftOut(LeftOutReason)

    init(_ content: ProbeField.Content?, else reason: LeftOutReason) {
        self = content.map(Degraded.content) ?? .leftOut(reason)
    }
}

extension LeftOutReason {
    /// Left out because the response is empty.
    static let empty = LeftOutReason(code: "empty", message: "the response is empty")
    /// Left out because the response has fewer than two sentences or items, so nothing can be
    /// dropped or cut without dropping everything.
    static let onePart = LeftOutReason(code: "one-part", message: "the response has one sentence or item: nothing left to keep")
    /// Left out because a list degradation met a text.
    static let notAList = LeftOutReason(code: "not-a-list", message: "the field holds text, and this degradation adds list items")
    /// Left out because the run has no other row to take text from.
    static let noOtherRow = LeftOutReason(code: "no-other-row", message: "the run has one row, so there is no other row's text")
    /// Left out because every sentence or item of the next row is already in this one.
    static let noOtherText = LeftOutReason(
        code: "no-other-text", message: "the run's next row has no sentence or item that this one lacks")
}
