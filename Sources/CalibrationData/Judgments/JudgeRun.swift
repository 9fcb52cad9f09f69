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
    /// Rows the judge failed on so far, transport failures included.
    public var failed: Int
    /// Of ``failed``, the rows the server never answered (``JudgeFailure/isTransport``).
    public var transportFailed: Int

    /// Creates a progress report.
    public init(completed: Int, total: Int, failed: Int, transportFailed: Int = 0) {
        self.completed = completed
        self.total = total
        self.failed = failed
        self.transportFailed = transportFailed
    }
}

/// Replays every row of a frozen run through a judge: renders the rubric's
/// messages for the row, asks the model (usually through the response cache,
/// so a repeated or interrupted run repeats no completed call), and keeps the
/// scores, rationales and raw replies.
///
/// A reply that cannot be read is retried by ``ModelJudge`` and, when every
/// attempt fails, recorded as the row's ``JudgeFailure`` — never a score; its
/// replies are cached, so a later run replays that answer. A request the
/// server never answers, after the client's own retries (timeouts, 5xx,
/// dropped connections), makes the row a transport failure
/// (``JudgeFailure/isTransport``): nothing of it is cached, the run goes on,
/// and a later run over the same cache asks exactly those rows again. A prompt
/// longer than the model's context and a reply longer than the client reads
/// are the judge's failures on that row (``JudgeFailure/init(rowFailure:)``),
/// counted, and the run goes on. An
/// unreachable server, or ``maxConsecutiveTransportFailures`` rows in a row
/// failing so, stops the run with the error; the calls completed before it
/// stay cached.
public enum JudgeRun {
    /// Rows in a row, in the order they finish, that may fail for transport reasons before the run
    /// stops: 5 (a server that answers nothing is down, not flaky).
    public static let maxConsecutiveTransportFailures = 5

    /// The most rows in flight at once unless told otherwise: 2, which keeps a
    /// local model server busy without queueing requests behind each other.
    public static let defaultConcurrency = 2

    /// Judges every row of `run` with `rubric`.
    ///
    /// - Parameters:
    ///   - concurrency: the most rows in flight at once (at least 1).
    ///   - progress: called after each row.
    /// - Throws: a rubric template that cannot be rendered for a row
    ///   (``InputError``); the model's error when the server is unreachable or
    ///   misconfigured; ``LanguageModels/LanguageModelError`` when
    ///   ``maxConsecutiveTransportFailures`` rows in a row got no answer.
    public static func judge(
        run: FrozenRun, rubric: Rubric, model: any LanguageModel, options: JudgeSettings = JudgeSettings(),
        concurrency: Int = defaultConcurrency, progress: (@Sendable (JudgeProgress) -> Void)? = nil
    ) async throws -> JudgmentSet {
        var options = options
        options.rationaleOpening = rubric.rationaleOpening
        let judge = try ModelJudge(model: model, dimensions: rubric.dimensions, options: options)
        // Render every prompt first, so a template error stops the run before any call.
        let prompts = try run.rows.map { (id: $0.id, messages: try JudgePromptRenderer.messages(for: rubric, row: $0.json)) }
        let judgments = try await judge.judgments(of: prompts, concurrency: concurrency, progress: progress)
        return JudgmentSet(
            run: run.info.name, rubric: rubric.name, rubricVersion: rubric.version, model: model.modelName,
            judgments: judgments)
    }
}

extension ModelJudge {
    /// Judges every prompt, at most `concurrency` at once, with ``JudgeRun``'s rules for rows the
    /// server does not answer (``JudgeRun/judgments(of:model:concurrency:progress:judge:)``).
    ///
    /// - Returns: one judgment per prompt, in the order given.
    package func judgments(
        of prompts: [(id: String, messages: [ChatMessage])], concurrency: Int,
        progress: (@Sendable (JudgeProgress) -> Void)? = nil
    ) async throws -> [Judgment] {
        try await JudgeRun.judgments(
            of: prompts.map { ($0.id, Judgment.promptHash(of: $0.messages)) }, model: model, concurrency: concurrency,
            progress: progress
        ) { index in try await judgment(of: prompts[index].messages, id: prompts[index].id) }
    }
}

extension JudgeRun {
    /// Judges every row by `judge` (given the row's position), at most `concurrency` at once.
    ///
    /// A row the server does not answer is a transport failure recorded under its id and prompt
    /// hash, and ``maxConsecutiveTransportFailures`` of them in a row stop the run. The one driver
    /// of score and pairwise runs alike.
    ///
    /// - Returns: one judgment per row, in the order given.
    /// - Throws: the model's error when the server is unreachable or misconfigured;
    ///   ``LanguageModels/LanguageModelError`` when too many rows in a row got no answer.
    static func judgments(
        of rows: [(id: String, promptHash: String)], model: any LanguageModel, concurrency: Int,
        progress: (@Sendable (JudgeProgress) -> Void)?, judge: @escaping @Sendable (Int) async throws -> Judgment
    ) async throws -> [Judgment] {
        let counter = Mutex((completed: 0, failed: 0, transport: 0, consecutive: 0))
        var judgments = [Judgment?](repeating: nil, count: rows.count)
        let modelName = model.modelName
        try await withThrowingTaskGroup(of: (Int, Judgment).self) { group in
            var next = 0
            func launch() {
                let index = next
                next += 1
                group.addTask {
                    do {
                        return (index, try await judge(index))
                    } catch let error as LanguageModelError {
                        guard let failure = JudgeFailure(rowFailure: error) else { throw error }
                        let (id, hash) = rows[index]
                        return (index, Judgment(id: id, failure: failure, model: modelName, promptHash: hash))
                    }
                }
            }
            while next < min(max(1, concurrency), rows.count) { launch() }
            for try await (index, judgment) in group {
                judgments[index] = judgment
                let transport = judgment.failure?.isTransport == true
                let state = counter.withLock { s in
                    s.completed += 1
                    if judgment.failure != nil { s.failed += 1 }
                    if transport { s.transport += 1 }
                    s.consecutive = transport ? s.consecutive + 1 : 0
                    return s
                }
                progress?(
                    JudgeProgress(
                        completed: state.completed, total: rows.count, failed: state.failed, transportFailed: state.transport))
                if state.consecutive >= JudgeRun.maxConsecutiveTransportFailures, let failure = judgment.failure {
                    throw LanguageModelError(
                        .retriesExhausted,
                        "stopped after \(state.consecutive) rows in a row got no answer from the judge server; the last: \(failure.message)"
                    )
                }
                if next < rows.count { launch() }
            }
        }
        return judgments.compactMap { $0 }
    }
}
