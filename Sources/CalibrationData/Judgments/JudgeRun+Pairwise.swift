public import Judging
public import LanguageModels

extension JudgeRun {
    /// Judges every row of a pairwise run: each row's two responses (`response.a`, `response.b`)
    /// compared on `rubric`'s criteria by ``PairwiseJudge``, in both orders.
    ///
    /// Every call goes through `model` (the response cache in `judgecal judge`'s pairwise runs) and the
    /// same driver as a score run: a reply that cannot be read is retried and then the row's
    /// failure, a row the server does not answer is a transport failure asked again next time,
    /// and too many of those in a row stop the run. The judgments record `preference`, `a-first`
    /// and `b-first` per row (``PairwiseJudge/outcomeDimensions``); the file is an ordinary
    /// judgments file.
    ///
    /// - Throws: ``DataFormats/InputError`` for a row without both responses, before any call; the
    ///   model's error when the server is unreachable or misconfigured.
    public static func judgePairwise(
        run: some RunRows, rubric: Rubric, model: any LanguageModel, options: JudgeSettings = JudgeSettings(),
        concurrency: Int = defaultConcurrency, progress: (@Sendable (JudgeProgress) -> Void)? = nil
    ) async throws -> JudgmentSet {
        try await JudgmentSet.collecting(run: run, rubric: rubric, model: model) { each in
            try await judgePairwise(
                run: run, rubric: rubric, model: model, options: options, concurrency: concurrency, progress: progress,
                each: each)
        }
    }

    /// Judges every row of a pairwise run as ``judgePairwise(run:rubric:model:options:concurrency:progress:)``
    /// does, handing each judgment to `each` in the order of the rows as
    /// ``judge(run:rubric:model:options:concurrency:progress:each:)`` does: every row's responses are
    /// read once before the first call, and again when the row is asked.
    ///
    /// - Throws: what ``judgePairwise(run:rubric:model:options:concurrency:progress:)`` throws, and what `each` throws.
    public static func judgePairwise(
        run: some RunRows, rubric: Rubric, model: any LanguageModel, options: JudgeSettings = JudgeSettings(),
        concurrency: Int = defaultConcurrency, progress: (@Sendable (JudgeProgress) -> Void)? = nil,
        each: (Judgment) throws -> Void
    ) async throws {
        let judge = PairwiseJudge(model: model, rubric: rubric, options: options)
        _ = try judge.verdictJudge()  // a judge that cannot be asked as configured stops here, before any call
        let file = "run \(run.info.name)"
        try await judgeRows(
            of: run, model: model, concurrency: concurrency, progress: progress,
            content: { try PairwiseContent(row: try run.row(at: $0).json, rubric: rubric, file: file) },
            promptHash: { Judgment.promptHash(of: judge.messages($0) + judge.messages($0, swapped: true)) },
            judge: { try await judge.judgment(of: $0, id: $1) }, each: each)
    }
}
