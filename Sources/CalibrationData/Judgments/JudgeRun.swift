import DataFormats
import EvaluationCore
public import Judging
public import LanguageModels

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

    /// Judges every row of `run` with `rubric`, the judgments kept in a set.
    ///
    /// - Parameters:
    ///   - concurrency: the most rows in flight at once (at least 1).
    ///   - progress: called after each row.
    /// - Throws: what ``judge(run:rubric:model:options:concurrency:progress:each:)`` throws.
    public static func judge(
        run: some RunRows, rubric: Rubric, model: any LanguageModel, options: JudgeSettings = JudgeSettings(),
        concurrency: Int = defaultConcurrency, progress: (@Sendable (JudgeProgress) -> Void)? = nil
    ) async throws -> JudgmentSet {
        try await JudgmentSet.collecting(run: run, rubric: rubric, model: model) { each in
            try await judge(
                run: run, rubric: rubric, model: model, options: options, concurrency: concurrency, progress: progress,
                each: each)
        }
    }

    /// Judges every row of `run` with `rubric`, handing each judgment to `each` in the order of the
    /// rows as soon as it and every row before it are judged; nothing is kept for the whole run.
    ///
    /// Every row's templates are rendered once before the first call, so a row a template cannot
    /// be rendered for stops the run before any call; each row is asked of `run` again
    /// (``RunRows/row(at:)``, read again from its file for a ``FrozenRunFile``) and its prompt
    /// built when the row is asked, on the task that asks it, and dropped when it is answered.
    ///
    /// - Parameters:
    ///   - concurrency: the most rows in flight at once (at least 1).
    ///   - progress: called after each row, in the order the rows finish.
    ///   - each: called with each row's judgment, in row order; its error stops the run.
    /// - Throws: a rubric template that cannot be rendered for a row
    ///   (``InputError``); the model's error when the server is unreachable or
    ///   misconfigured; ``LanguageModels/LanguageModelError`` when
    ///   ``maxConsecutiveTransportFailures`` rows in a row got no answer; what `each` throws.
    public static func judge(
        run: some RunRows, rubric: Rubric, model: any LanguageModel, options: JudgeSettings = JudgeSettings(),
        concurrency: Int = defaultConcurrency, progress: (@Sendable (JudgeProgress) -> Void)? = nil,
        each: (Judgment) throws -> Void
    ) async throws {
        var options = options
        options.rationaleOpening = rubric.rationaleOpening
        let judge = try ModelJudge(model: model, dimensions: rubric.dimensions, options: options)
        if case .simulatedAnnotators(let count) = options.mode { try SimulatedAnnotators.check(count: count, examples: rubric.examples.count) }
        try await judgeRows(
            of: run, model: model, concurrency: concurrency, progress: progress,
            content: { try rubric.content(for: try run.row(at: $0).json) },
            promptHash: { Judgment.promptHash(of: judge.prompts(for: $0).flatMap { $0 }) },
            judge: { try await judge.judgment(ofContent: $0, id: $1) }, each: each)
    }

    /// Judges every row of `run` from what `content` reads of it (given the row's position), the shape of
    /// score and pairwise runs alike: every row's content is read once before the first call, so a row that
    /// cannot be read stops the run before any call, and read again when the row is asked, on the task that
    /// asks it, so that no row's content is held for the whole run; then ``judgments(ids:model:concurrency:progress:promptHash:judge:each:)``.
    ///
    /// - Throws: what `content` throws for a row, before any call; what the driver throws.
    static func judgeRows<Content>(
        of run: some RunRows, model: any LanguageModel, concurrency: Int, progress: (@Sendable (JudgeProgress) -> Void)?,
        content: @escaping @Sendable (Int) throws -> Content, promptHash: @escaping @Sendable (Content) throws -> String,
        judge: @escaping @Sendable (Content, String) async throws -> Judgment, each: (Judgment) throws -> Void
    ) async throws {
        let ids = run.ids
        for position in ids.indices { _ = try content(position) }
        try await judgments(
            ids: ids, model: model, concurrency: concurrency, progress: progress, promptHash: { try promptHash(try content($0)) },
            judge: { index in try await judge(try content(index), ids[index]) }, each: each)
    }
}

extension JudgmentSet {
    /// The set of `run`'s judgments with `rubric` by `model`, in the order `judging` hands them to
    /// its `each`: the judgments of a run that hands them over one at a time
    /// (``JudgeRun/judge(run:rubric:model:options:concurrency:progress:each:)``), kept.
    ///
    /// - Throws: what `judging` throws.
    public static func collecting(
        run: some RunRows, rubric: Rubric, model: any LanguageModel,
        _ judging: (_ each: (Judgment) throws -> Void) async throws -> Void
    ) async throws -> JudgmentSet {
        var judgments: [Judgment] = []
        try await judging { judgments.append($0) }
        return JudgmentSet(
            run: run.info.name, rubric: rubric.name, rubricVersion: rubric.version, model: model.modelName,
            judgments: judgments)
    }
}

extension ModelJudge {
    /// Judges the rows `ids`, at most `concurrency` at once, each row's prompt given by `messages`
    /// (called with the row's position when the row is asked), with ``JudgeRun``'s rules for rows
    /// the server does not answer (``JudgeRun/judgments(ids:model:concurrency:progress:promptHash:judge:each:)``).
    ///
    /// - Returns: one judgment per row, in the order given.
    package func judgments(
        ids: [String], concurrency: Int, progress: (@Sendable (JudgeProgress) -> Void)? = nil,
        messages: @escaping @Sendable (Int) throws -> [ChatMessage]
    ) async throws -> [Judgment] {
        var judgments: [Judgment] = []
        judgments.reserveCapacity(ids.count)
        try await self.judgments(ids: ids, concurrency: concurrency, progress: progress, messages: messages) {
            judgments.append($0)
        }
        return judgments
    }

    /// Judges the rows `ids` as ``judgments(ids:concurrency:progress:messages:)`` does, handing each
    /// judgment to `each` in the order given.
    package func judgments(
        ids: [String], concurrency: Int, progress: (@Sendable (JudgeProgress) -> Void)? = nil,
        messages: @escaping @Sendable (Int) throws -> [ChatMessage], each: (Judgment) throws -> Void
    ) async throws {
        try await JudgeRun.judgments(
            ids: ids, model: model, concurrency: concurrency, progress: progress,
            promptHash: { Judgment.promptHash(of: try messages($0)) },
            judge: { index in try await judgment(of: messages(index), id: ids[index]) }, each: each)
    }
}

extension JudgeRun {
    /// How many rows may be launched past the first row not yet handed over, per row in flight: 4.
    ///
    /// Judgments are handed over in row order, so a row that finishes before an earlier one waits;
    /// at most `4 × concurrency` rows are ever launched and not handed over, which bounds what waits
    /// while leaving a slow row (a retried or queued request) time to finish before the rows after
    /// it stop being launched.
    static let reorderWindowPerRow = 4

    /// Judges every row by `judge` (given the row's position), at most `concurrency` at once, and
    /// hands each judgment to `each` in row order.
    ///
    /// A row the server does not answer is a transport failure recorded under its id and prompt
    /// hash (`promptHash`, given the row's position, asked only then), and
    /// ``maxConsecutiveTransportFailures`` of them in a row, in the order they finish, stop the run.
    /// A row that finishes before an earlier one is held until the earlier ones are handed over, and
    /// no row is launched more than ``reorderWindowPerRow`` × `concurrency` rows past the first one
    /// not handed over, so what is held is bounded by the rows in flight, not by the run. The one
    /// driver of score and pairwise runs alike.
    ///
    /// - Throws: the model's error when the server is unreachable or misconfigured;
    ///   ``LanguageModels/LanguageModelError`` when too many rows in a row got no answer; what
    ///   `promptHash` or `each` throws.
    static func judgments(
        ids: [String], model: any LanguageModel, concurrency: Int, progress: (@Sendable (JudgeProgress) -> Void)?,
        promptHash: @escaping @Sendable (Int) throws -> String, judge: @escaping @Sendable (Int) async throws -> Judgment,
        each: (Judgment) throws -> Void
    ) async throws {
        let modelName = model.modelName
        let inFlight = max(1, concurrency), window = max(1, concurrency) * reorderWindowPerRow
        var state = JudgeProgress(completed: 0, total: ids.count, failed: 0), consecutive = 0
        var held: [Int: Judgment] = [:], handedOver = 0
        try await withThrowingTaskGroup(of: (Int, Judgment).self) { group in
            var next = 0
            func launch() {
                while next < ids.count, next - state.completed < inFlight, next - handedOver < window {
                    let index = next
                    next += 1
                    group.addTask {
                        do {
                            return (index, try await judge(index))
                        } catch let error as LanguageModelError {
                            guard let failure = JudgeFailure(rowFailure: error) else { throw error }
                            return (
                                index,
                                Judgment(id: ids[index], failure: failure, model: modelName, promptHash: try promptHash(index))
                            )
                        }
                    }
                }
            }
            launch()
            for try await (index, judgment) in group {
                let transport = judgment.failure?.isTransport == true
                state.completed += 1
                if judgment.failure != nil { state.failed += 1 }
                if transport { state.transportFailed += 1 }
                consecutive = transport ? consecutive + 1 : 0
                progress?(state)
                if consecutive >= JudgeRun.maxConsecutiveTransportFailures, let failure = judgment.failure {
                    throw LanguageModelError(
                        .retriesExhausted,
                        "stopped after \(consecutive) rows in a row got no answer from the judge server; the last: \(failure.message)"
                    )
                }
                held[index] = judgment
                while let ready = held.removeValue(forKey: handedOver) {
                    try each(ready)
                    handedOver += 1
                }
                launch()
            }
        }
    }
}
