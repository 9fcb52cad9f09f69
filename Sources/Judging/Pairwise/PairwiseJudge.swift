public import LanguageModels
public import StatisticsCore

/// Compares two responses to the same input on a rubric's criteria, asking twice with the order
/// swapped, so that a judge that favours a position shows it.
///
/// Each order is one ``ModelJudge`` judgment of ``PairwisePrompt``'s messages on the single
/// dimension ``verdict`` (A, tie or B), so a pairwise call is cached, retried, scored by the
/// scoring mode and counted as a failure exactly as a score call is. The first call shows a as A
/// and b as B; the second shows b as A. The row's ``Judgment`` records three dimensions
/// (``outcomeDimensions``): `a-first` and `b-first`, each order's verdict in terms of the responses
/// as given (a, tie, b) with that call's rationale, and `preference`, the combined outcome: the
/// verdict both orders gave, or **a tie when the orders disagree** (its rationale says so; the
/// two verdicts stay recorded, so the inconsistency is never lost). In sampled or weighted mode an
/// order's verdict is the level nearest its mean score. When either order fails the row is the
/// judge's failure, with every reply of both orders kept.
public struct PairwiseJudge: Sendable {
    /// The judge model.
    public let model: any LanguageModel
    /// The criteria the responses are compared on.
    public let criteria: [ScoreDimension]
    /// What the judge is told about the app and what matters.
    public let instructions: String
    /// Attempts, temperature, token limit, seed, schema and scoring mode.
    public let options: JudgeSettings

    /// The one dimension the judge answers on: `winner`, A, tie or B (valued 0, 1, 2).
    public static let verdict = ScoreDimension(
        "winner", description: "Which response is better on the criteria taken together.",
        scale: .custom([
            .init("A", "response A is better"), .init("tie", "neither is better than the other"),
            .init("B", "response B is better"),
        ]))

    /// The dimensions a pairwise row's judgment records, each on the scale a, tie, b (0, 1, 2):
    /// `preference` (the combined outcome), `a-first`, `b-first`.
    public static let outcomeDimensions: [ScoreDimension] = ["preference", "a-first", "b-first"].map {
        ScoreDimension(
            $0, description: "",
            scale: .custom([.init("a", "response a is better"), .init("tie", "neither"), .init("b", "response b is better")]))
    }

    /// A pairwise judge.
    public init(model: any LanguageModel, criteria: [ScoreDimension], instructions: String, options: JudgeSettings = JudgeSettings()) {
        self.model = model
        self.criteria = criteria
        self.instructions = instructions
        self.options = options
    }

    /// A pairwise judge over a rubric's instructions and dimensions.
    public init(model: any LanguageModel, rubric: Rubric, options: JudgeSettings = JudgeSettings()) {
        self.init(model: model, criteria: rubric.dimensions, instructions: rubric.instructions, options: options)
    }

    /// The messages of one order: a shown as A, or, `swapped`, b shown as A.
    public func messages(_ content: PairwiseContent, swapped: Bool = false) -> [ChatMessage] {
        Self.messages(instructions: instructions, criteria: criteria, content: content, swapped: swapped)
    }

    /// The messages of one order for a judge with these `instructions` and `criteria` (a rubric's):
    /// what the `position` probe sends without a judge at hand.
    public static func messages(
        instructions: String, criteria: [ScoreDimension], content: PairwiseContent, swapped: Bool
    ) -> [ChatMessage] {
        PairwisePrompt.messages(
            instructions: instructions, criteria: criteria, content: content,
            shownFirst: swapped ? content.b : content.a, shownSecond: swapped ? content.a : content.b)
    }

    /// The judge answering on ``verdict``: what each order is asked with.
    public func verdictJudge(model: (any LanguageModel)? = nil) throws -> ModelJudge {
        try ModelJudge(model: model ?? self.model, dimensions: [Self.verdict], options: options)
    }

    /// The outcome, in terms of the responses as given, of one order's judgment; `nil` when it failed.
    public static func outcome(of judgment: Judgment, swapped: Bool) -> PreferenceOutcome? {
        guard let score = judgment.score(verdict.name)?.score,
            let shown = PreferenceOutcome(value: min(2, max(0, score.rounded())))
        else { return nil }
        return swapped ? shown.swapped : shown
    }

    /// The judgment of `content` in both orders, recorded under `id`.
    ///
    /// - Throws: the model's own error when the server cannot be reached in either order (a
    ///   transport failure of the row for a judge run); the other order is asked all the same.
    public func judgment(of content: PairwiseContent, id: String = "") async throws -> Judgment {
        let judge = try verdictJudge()
        let given = messages(content), swapped = messages(content, swapped: true)
        // The second order is asked even when the first got no answer, so that a batch round writes
        // both requests and a resumed run finds the one that was answered in the cache.
        var unanswered: (any Error)?
        var first: Judgment?
        do { first = try await judge.judgment(of: given, id: id) } catch { unanswered = error }
        let second = try await judge.judgment(of: swapped, id: id)
        if let unanswered { throw unanswered }
        guard let first else { throw JudgeFailure(attempts: [], code: "no-verdict", message: "the first order was not asked") }
        return Self.combined(id: id, first, second, promptHash: Judgment.promptHash(of: given + swapped))
    }

    /// One row's judgment from the judgments of its two orders.
    static func combined(id: String, _ first: Judgment, _ second: Judgment, promptHash: String) -> Judgment {
        let replies = first.rawReplies + second.rawReplies
        let retries = first.retries + second.retries
        guard let aFirst = outcome(of: first, swapped: false), let bFirst = outcome(of: second, swapped: true) else {
            let failure =
                first.failure ?? second.failure
                ?? JudgeFailure(attempts: [], code: "no-verdict", message: "no verdict was read in one of the orders")
            return Judgment(
                id: id, scores: [], failure: failure, rawReplies: replies, retries: retries, model: first.model, promptHash: promptHash)
        }
        let rationale = { (j: Judgment) in j.score(verdict.name)?.rationale ?? "" }
        let combined = aFirst == bFirst ? aFirst : .tie
        let why =
            aFirst == bFirst
            ? "both orders: \(aFirst.rawValue)"
            : "the orders disagree (a shown first: \(aFirst.rawValue); b shown first: \(bFirst.rawValue)), so a tie"
        let scores = [(combined, why), (aFirst, rationale(first)), (bFirst, rationale(second))].enumerated().map { k, pair in
            DimensionJudgment(
                dimension: outcomeDimensions[k].name, score: pair.0.value, label: pair.0.rawValue, rationale: pair.1)
        }
        return Judgment(
            id: id, scores: scores, rawReplies: replies, retries: retries, failedSamples: first.failedSamples + second.failedSamples,
            model: first.model, promptHash: promptHash)
    }

    /// Compares `first` and `second` as answers to `input`, in both orders.
    ///
    /// - Throws: ``JudgeFailure`` when either order gets no usable reply; the model's own error
    ///   when it cannot answer.
    public func compare(
        input: String?, first: String, second: String, reference: [LabelledText] = []
    ) async throws -> PairwiseComparison {
        let judgment = try await judgment(of: PairwiseContent(input: input, a: first, b: second, reference: reference))
        if let failure = judgment.failure { throw failure }
        return try PairwiseComparison(judgment)
    }
}

/// The outcome of comparing two responses in both orders: the view of a pairwise row's
/// ``Judgment``.
public struct PairwiseComparison: Sendable, Hashable {
    /// The preference when a was shown first.
    public var inGivenOrder: PreferenceOutcome
    /// The preference when b was shown first, mapped back to a and b.
    public var inSwappedOrder: PreferenceOutcome
    /// The judge's rationale for each order.
    public var rationales: [String]
    /// Every reply received, failed attempts included.
    public var rawReplies: [String]

    /// The comparison a pairwise judgment records.
    ///
    /// - Throws: ``JudgeFailure`` when the judgment failed or is not a pairwise one.
    public init(_ judgment: Judgment) throws {
        if let failure = judgment.failure { throw failure }
        let read = { (name: String) in judgment.score(name).flatMap { PreferenceOutcome(rawValue: $0.label) } }
        guard let given = read("a-first"), let swapped = read("b-first") else {
            throw JudgeFailure(
                attempts: [], code: "not-pairwise", message: "the judgment of \(judgment.id) has no a-first and b-first verdicts")
        }
        inGivenOrder = given
        inSwappedOrder = swapped
        rationales = ["a-first", "b-first"].map { judgment.score($0)?.rationale ?? "" }
        rawReplies = judgment.rawReplies
    }

    /// Whether both orders gave the same preference.
    public var isPositionConsistent: Bool { inGivenOrder == inSwappedOrder }

    /// The preference when position-consistent; `nil` when the orders disagree.
    public var preference: PreferenceOutcome? { isPositionConsistent ? inGivenOrder : nil }
}

extension Rubric {
    /// The names of the dimensions a judgment with this rubric records: the rubric's own, or, for a
    /// pairwise judge, ``PairwiseJudge/outcomeDimensions`` (`preference`, `a-first`, `b-first`).
    public func recordedDimensions(pairwise: Bool) -> [String] {
        (pairwise ? PairwiseJudge.outcomeDimensions : dimensions).map(\.name)
    }
}
