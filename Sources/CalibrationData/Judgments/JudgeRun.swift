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
        // Every row's templates are rendered first, so a template error stops the run before any
        // call; the whole prompt is built when its row is asked, on the task that asks it.
        let contents = try run.rows.map { try rubric.content(for: $0.json) }
        let dimensions = rubric.dimensions
        let judgments = try await judge.judgments(
            ids: run.rows.map(\.id), concurrency: concurrency, progress: progress
        ) { JudgePromptRenderer.messages(content: contents[$0], dimensions: dimensions) }
        return JudgmentSet(
            run: run.info.name, rubric: rubric.name, rubricVersion: rubric.version, model: model.modelName,
            judgments: judgments)
    }
}

extension ModelJudge {
    /// Judges the rows `ids`, at most `concurrency` at once, each row's prompt given by `messages`
    /// (called with the row's position when the row is asked), with ``JudgeRun``'s rules for rows
    /// the server does not answer (``JudgeRun/judgments(ids:model:concurrency:progress:promptHash:judge:)``).
    ///
    /// - Returns: one judgment per row, in the order given.
    package func judgments(
        ids: [String], concurrency: Int, progress: (@Sendable (JudgeProgress) -> Void)? = nil,
        messages: @escaping @Sendable (Int) -> [ChatMessage]
    ) async throws -> [Judgment] {
        try await JudgeRun.judgments(
            ids: ids, model: model, concurrency: concurrency, progress: progress,
            promptHash: { Judgment.promptHash(of: messages($0)) }
        ) { index in try await judgment(of: messages(index), id: ids[index]) }
    }
}

extension JudgeRun {
    /// Judges every row by `judge` (given the row's position), at most `concurrency` at once.
    ///
    /// A row the server does not answer is a transport failure recorded under its id and prompt
    /// hash (`promptHash`, given the row's position, asked only then), and
    /// ``maxConsecutiveTransportFailures`` of them in a row stop the run. The one driver of score
    /// and pairwise runs alike.
    ///
    /// - Returns: one judgment per row, in the order given.
    /// - Throws: the model's error when the server is unreachable or misconfigured;
    ///   ``LanguageModels/LanguageModelError`` when too many rows in a row got no answer.
    static func judgments(
        ids: [String], model: any LanguageModel, concurrency: Int, progress: (@Sendable (JudgeProgress) -> Void)?,
        promptHash: @escaping @Sendable (Int) -> String, judge: @escaping @Sendable (Int) async throws -> Judgment
    ) async throws -> [Judgment] {
        let counter = Mutex((completed: 0, failed: 0, transport: 0, consecutive: 0))
        var judgments = [Judgment?](repeating: nil, count: ids.count)
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
                        return (
                            index, Judgment(id: ids[index], failure: failure, model: modelName, promptHash: promptHash(index))
                        )
                    }
                }
            }
            while next < min(max(1, concurrency), ids.count) { launch() }
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
                        completed: state.completed, total: ids.count, failed: state.failed, transportFailed: state.transport))
                if state.consecutive >= JudgeRun.maxConsecutiveTransportFailures, let failure = judgment.failure {
                    throw LanguageModelError(
                        .retriesExhausted,
                        "stopped after \(state.consecutive) rows in a row got no answer from the judge server; the last: \(failure.message)"
                    )
                }
                if next < ids.count { launch() }
            }
        }
        return judgments.compactMap { $0 }
    }
}
