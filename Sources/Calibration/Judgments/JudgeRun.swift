import DataFormats
import EvaluationCore
public import Judging
public import LanguageModels
internal import Synchronization

/// Progress of a judge run.
public struct JudgeProgress: Sendable, Hashable {
    /// Rows finished, scored or failed.
    public var completed: Int
    /// Rows in the run.
    public var total: Int
    /// Rows the judge failed on so far.
    public var failed: Int
}

/// Replays every row of a frozen run through a judge: renders the rubric's
/// messages for the row, asks the model (usually through the response cache,
/// so a repeated or interrupted run repeats no completed call), and keeps the
/// scores, rationales and raw replies.
///
/// A reply that cannot be read is retried by ``ModelJudge`` and, when every
/// attempt fails, recorded as the row's ``JudgeFailure`` — never a score.
/// A transport failure (the server is down, keeps answering 5xx) stops the
/// run with the error; the calls completed before it stay cached.
public enum JudgeRun {
    /// The most rows in flight at once unless told otherwise: 2, which keeps a
    /// local model server busy without queueing requests behind each other.
    public static let defaultConcurrency = 2

    /// Judges every row of `run` with `rubric`.
    ///
    /// - Parameters:
    ///   - concurrency: the most rows in flight at once (at least 1).
    ///   - progress: called after each row.
    /// - Throws: a rubric template that cannot be rendered for a row
    ///   (``InputError``), or the model's transport error.
    public static func judge(
        run: FrozenRun, rubric: Rubric, model: any LanguageModel, options: JudgeOptions = JudgeOptions(),
        concurrency: Int = defaultConcurrency, progress: (@Sendable (JudgeProgress) -> Void)? = nil
    ) async throws -> JudgmentSet {
        let judge = try ModelJudge(model: model, dimensions: rubric.dimensions, options: options)
        let rows = run.rows
        // Render every prompt first, so a template error stops the run before any call.
        let prompts = try rows.map { try JudgePromptRenderer.messages(for: rubric, row: $0.json) }
        let counter = Mutex((completed: 0, failed: 0))
        var judgments = [Judgment?](repeating: nil, count: rows.count)
        try await withThrowingTaskGroup(of: (Int, Judgment).self) { group in
            var next = 0
            func launch() {
                let index = next
                next += 1
                group.addTask { (index, try await judge.judgment(of: prompts[index], id: rows[index].id)) }
            }
            while next < min(max(1, concurrency), rows.count) { launch() }
            for try await (index, judgment) in group {
                judgments[index] = judgment
                let state = counter.withLock { s in
                    s.completed += 1
                    if judgment.failure != nil { s.failed += 1 }
                    return s
                }
                progress?(JudgeProgress(completed: state.completed, total: rows.count, failed: state.failed))
                if next < rows.count { launch() }
            }
        }
        return JudgmentSet(
            run: run.info.name, rubric: rubric.name, rubricVersion: rubric.version, model: model.modelName,
            judgments: judgments.compactMap { $0 })
    }
}
