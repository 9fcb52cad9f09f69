public import Judging
public import LanguageModels

extension JudgeRun {
    /// Judges every row of a pairwise run: each row's two responses (`response.a`, `response.b`)
    /// compared on `rubric`'s criteria by ``PairwiseJudge``, in both orders.
    ///
    /// Every call goes through `model` (the response cache in `judgecal judge --pairwise`) and the
    /// same driver as a score run: a reply that cannot be read is retried and then the row's
    /// failure, a row the server does not answer is a transport failure asked again next time,
    /// and too many of those in a row stop the run. The judgments record `preference`, `a-first`
    /// and `b-first` per row (``PairwiseJudge/outcomeDimensions``); the file is an ordinary
    /// judgments file.
    ///
    /// - Throws: ``DataFormats/InputError`` for a row without both responses, before any call; the
    ///   model's error when the server is unreachable or misconfigured.
    public static func judgePairwise(
        run: FrozenRun, rubric: Rubric, model: any LanguageModel, options: JudgeSettings = JudgeSettings(),
        concurrency: Int = defaultConcurrency, progress: (@Sendable (JudgeProgress) -> Void)? = nil
    ) async throws -> JudgmentSet {
        let judge = PairwiseJudge(model: model, rubric: rubric, options: options)
        _ = try judge.verdictJudge()  // a judge that cannot be asked as configured stops here, before any call
        let contents = try run.rows.map { try PairwiseContent(row: $0.json, rubric: rubric, file: "run \(run.info.name)") }
        let ids = run.rows.map(\.id)
        let judgments = try await judgments(
            ids: ids, model: model, concurrency: concurrency, progress: progress,
            promptHash: { Judgment.promptHash(of: judge.messages(contents[$0]) + judge.messages(contents[$0], swapped: true)) }
        ) { index in
            try await judge.judgment(of: contents[index], id: ids[index])
        }
        return JudgmentSet(
            run: run.info.name, rubric: rubric.name, rubricVersion: rubric.version, model: model.modelName, judgments: judgments)
    }
}
