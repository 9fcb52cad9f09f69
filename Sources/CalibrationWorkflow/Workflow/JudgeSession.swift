import Calibration
public import CalibrationData
import CalibrationReports
public import DataFormats
public import Foundation
public import JudgeProbes
public import Judging
public import LanguageModels
internal import Synchronization

/// A judge ready to score runs: an OpenAI-compatible model behind the response
/// cache, with its scoring options and how many rows it judges at once — what
/// `judgecal judge`, `align` and `compare` set up from their options.
public struct JudgeSession: Sendable {
    /// The scoring modes by name, as a user names them.
    public enum Mode: String, CaseIterable, Sendable {
        /// The written score.
        case discrete
        /// The expected score from the log-probabilities of the score token
        /// (the ten most likely), falling back to the written score, counted,
        /// where the server gives none.
        case weighted
        /// The mean of several sampled replies.
        case sampled
        /// The mean of several simulated annotators, each shown other worked examples.
        case annotators

        /// The scoring mode; `samples` replies per row in sampled mode.
        public func scoringMode(samples: Int) -> ScoringMode {
            switch self {
            case .discrete: .discrete
            case .weighted: .probabilityWeighted(topLogprobs: 10, whenUnavailable: .discrete)
            case .sampled: .sampled(count: samples)
            case .annotators: .simulatedAnnotators(count: samples)
            }
        }
    }

    /// How a run's progress is shown.
    public enum ProgressDisplay: Sendable {
        /// One line, redrawn after each row (``JudgeProgress/redrawnLine(name:elapsedSeconds:)``).
        case redrawn(@Sendable (String) -> Void)
        /// Lines of their own at the cadence of ``JudgeProgressLog``.
        case logged(@Sendable (String) -> Void)
        /// Nothing.
        case none
    }

    /// The HTTP client, whose ``OpenAICompatibleModel/statistics`` count the requests made.
    public let client: OpenAICompatibleModel
    /// The response cache every call goes through.
    public let cache: ResponseCache
    /// The client behind the cache: what the judge asks.
    public let model: any LanguageModel
    /// How replies become scores.
    public let options: JudgeSettings
    /// The most rows judged at once.
    public let concurrency: Int
    /// Sentences to show before judging starts, in the caller's words: such as that fewer requests
    /// than ``concurrency`` can be in flight at once, and which setting caps them.
    public var notes: [String] = []

    /// A session for `configuration` whose calls are cached in the SQLite file
    /// at `cacheURL` (its folder is created when missing).
    ///
    /// - Throws: ``LanguageModels/LanguageModelError`` (configuration) for a
    ///   configuration the client refuses, such as an API key variable that is
    ///   not set; the cache's error when it cannot be opened.
    public init(
        configuration: OpenAICompatibleModel.Configuration, cacheURL: URL, options: JudgeSettings = JudgeSettings(),
        concurrency: Int = JudgeRun.defaultConcurrency
    ) throws {
        client = try OpenAICompatibleModel(configuration: configuration)
        try FileManager.default.createDirectory(at: cacheURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        cache = try ResponseCache(url: cacheURL)
        model = CachedModel(client, cache: cache)
        self.options = options
        self.concurrency = concurrency
    }

    /// A session asking another model — the settings in the JSON file at
    /// `configurationFile` over the defaults, neither flags nor `JUDGECAL_*`
    /// variables (those describe the first model) — through `session`'s cache,
    /// with its scoring options, concurrency and advice in errors
    /// (``LanguageModels/OpenAICompatibleModel/Configuration/advice``): the other side of "is the
    /// small model as good a judge as the large one?".
    ///
    /// - Throws: ``InputError`` for a file that is not a model configuration
    ///   (``OpenAICompatibleModel/Configuration/Overrides/init(contentsOf:)``);
    ///   ``LanguageModels/LanguageModelError`` (configuration) for settings the client refuses.
    public init(configurationFile: URL, sharingCacheOf session: JudgeSession) throws {
        var configuration = try OpenAICompatibleModel.Configuration.resolved(environment: [:], file: configurationFile)
        configuration.advice = session.client.configuration.advice
        client = try OpenAICompatibleModel(configuration: configuration)
        cache = session.cache
        model = CachedModel(client, cache: cache)
        options = session.options
        concurrency = session.concurrency
    }

    /// Judges every row of `run` with `rubric` (``JudgeRun/judge(run:rubric:model:options:concurrency:progress:)``,
    /// or, `pairwise`, ``JudgeRun/judgePairwise(run:rubric:model:options:concurrency:progress:)``), showing
    /// progress as `display` says.
    public func judgments(run: some RunRows, rubric: Rubric, pairwise: Bool = false, display: ProgressDisplay = .none)
        async throws -> JudgmentSet
    {
        try await JudgmentSet.collecting(run: run, rubric: rubric, model: model) { each in
            try await judgments(run: run, rubric: rubric, pairwise: pairwise, display: display, each: each)
        }
    }

    /// Judges every row of `run` with `rubric` as ``judgments(run:rubric:pairwise:display:)`` does,
    /// handing each judgment to `each` in row order as it is judged and keeping none
    /// (``JudgeRun/judge(run:rubric:model:options:concurrency:progress:each:)``).
    ///
    /// - Throws: what the run throws, and what `each` throws.
    public func judgments(
        run: some RunRows, rubric: Rubric, pairwise: Bool = false, display: ProgressDisplay = .none,
        each: (Judgment) throws -> Void
    ) async throws {
        let (progress, ticker) = reporter(name: rubric.name, total: run.ids.count, display: display)
        defer { ticker?.cancel() }
        if pairwise {
            return try await JudgeRun.judgePairwise(
                run: run, rubric: rubric, model: model, options: options, concurrency: concurrency, progress: progress,
                each: each)
        }
        try await JudgeRun.judge(
            run: run, rubric: rubric, model: model, options: options, concurrency: concurrency, progress: progress,
            each: each)
    }

    /// Runs `battery` on `run` with `rubric` (``ProbeBattery/run(run:rubric:model:options:concurrency:progress:)``),
    /// showing each phase's progress as `display` says, named `probe <phase>`.
    public func probes(run: FrozenRun, rubric: Rubric, battery: ProbeBattery, display: ProgressDisplay = .none) async throws
        -> ProbeReport
    {
        let phases = PhaseReporters()
        defer { phases.finish() }
        return try await battery.run(
            run: run, rubric: rubric, model: model, options: options, concurrency: concurrency,
            progress: { phase, p in
                phases.reporter(for: phase) { reporter(name: "probe \(phase)", total: p.total, display: display) }(p)
            })
    }

    /// Writes responses at each level with `generator`, keeps those `validator` places at their level (all of them
    /// without one), and judges them (``LevelAimedResponses/run(run:rubric:generator:validator:judge:options:concurrency:progress:)``),
    /// every call through this session's cache, showing each step's progress as `display` says, named `levels <step>`.
    public func levelAimed(
        run: FrozenRun, rubric: Rubric, responses: LevelAimedResponses, generator: JudgeSession, validator: JudgeSession?,
        display: ProgressDisplay = .none
    ) async throws -> LevelAimedReport {
        let phases = PhaseReporters()
        defer { phases.finish() }
        return try await responses.run(
            run: run, rubric: rubric, generator: generator.model, validator: validator?.model, judge: model, options: options,
            concurrency: concurrency,
            progress: { phase, p in
                phases.reporter(for: phase) { reporter(name: "levels \(phase)", total: p.total, display: display) }(p)
            })
    }

    /// A progress callback showing `display`'s kind of progress under `name`, and the task that
    /// logs at intervals (for ``ProgressDisplay/logged(_:)``), to cancel when done.
    private func reporter(name: String, total: Int, display: ProgressDisplay)
        -> (@Sendable (JudgeProgress) -> Void, Task<Void, Never>?)
    {
        let started = Date()
        switch display {
        case .redrawn(let write):
            return ({ write($0.redrawnLine(name: name, elapsedSeconds: Date().timeIntervalSince(started))) }, nil)
        case .logged(let write):
            let log = JudgeProgressLog(name: name, total: total, write: write)
            return ({ log.update($0) }, Task { await log.tick() })
        case .none:
            return ({ _ in }, nil)
        }
    }

    /// One line on the cache and the calls made:
    /// `cache: 40 hits, 2 misses; server: 2 requests, 0 retries, 0 failures`; with several
    /// endpoints, a line for each after it (``LanguageModels/EndpointStatistics/summary``).
    public var summary: String {
        let c = cache.statistics
        let s = client.statistics
        let line =
            "cache: \(c.hits) hits, \(c.misses) misses; server: \(s.httpRequests) requests, \(s.retries) retries, \(s.failures) failures"
        guard s.endpoints.count > 1 else { return line }
        return ([line] + s.endpoints.map(\.summary)).joined(separator: "\n")
    }

    /// ``summary`` as JSON, for the `server` field of a judge run's JSON summary: `{"cacheHits", "cacheMisses", "requests", "retries",
    /// "failures", "endpoints": [...]}`, one entry per endpoint (``LanguageModels/EndpointStatistics/json``),
    /// a single server included.
    public var summaryJSON: JSONValue {
        let c = cache.statistics
        let s = client.statistics
        return .object([
            "cacheHits": .number(Double(c.hits)), "cacheMisses": .number(Double(c.misses)),
            "requests": .number(Double(s.httpRequests)), "retries": .number(Double(s.retries)),
            "failures": .number(Double(s.failures)), "endpoints": .array(s.endpoints.map(\.json)),
        ])
    }
}

/// The progress reporter of each phase of a probe battery, made when the phase first reports;
/// the previous phase's interval logging stops then.
private final class PhaseReporters: Sendable {
    typealias Reporter = (@Sendable (JudgeProgress) -> Void, Task<Void, Never>?)
    private let state = Mutex([String: Reporter]())

    func reporter(for phase: String, make: () -> Reporter) -> @Sendable (JudgeProgress) -> Void {
        state.withLock { all in
            if let known = all[phase] { return known.0 }
            all.values.forEach { $0.1?.cancel() }
            let made = make()
            all[phase] = made
            return made.0
        }
    }

    func finish() {
        state.withLock { $0.values.forEach { $0.1?.cancel() } }
    }
}

extension JudgmentSet {
    /// The ids of the rows that got no answer from the server
    /// (``JudgeFailure/isTransport``) in the judgments file a previous run
    /// wrote at `url`; none when there is no file there.
    ///
    /// The file is read a judgment at a time (``JudgmentSet/forEachJudgment(inFileAt:_:)``) and only
    /// those ids are kept, so memory does not grow with the rows and their raw replies; every line is
    /// still decoded, as ``JudgmentSet/load(from:)`` decodes it.
    ///
    /// A file that is there but cannot be read is an error rather than a
    /// previous run taken to have left nothing to retry: the run about to
    /// replace it would overwrite a file that may not be a judgments file at all.
    ///
    /// - Throws: ``PreviousJudgmentsError`` naming the file and line, what is wrong and what to do.
    public static func previouslyUnanswered(at url: URL) throws -> Set<String> {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        var unanswered: Set<String> = []
        do {
            try forEachJudgment(inFileAt: url) { judgment in
                if judgment.failure?.isTransport == true { unanswered.insert(judgment.id) }
            }
            return unanswered
        } catch let error as InputError {
            var said = error
            said.message = Self.unreadablePrevious(error.message) + "write the judgments elsewhere"
            throw PreviousJudgmentsError(said, .unreadable(reason: error.message))
        }
    }

    /// A judgments file at the output that does not read, located in it (``InputProblem``,
    /// ``PreviousJudgmentsProblem``): its way out is another output, which a tool names in its words.
    public typealias PreviousJudgmentsError = InputProblem<PreviousJudgmentsProblem>

    /// Why the judgments a previous run left at the output cannot be read first.
    public enum PreviousJudgmentsProblem: Sendable, Hashable {
        /// The file does not read as judgments; `reason` is what is wrong with it.
        case unreadable(reason: String)
    }

    /// The message of an ``PreviousJudgmentsProblem/unreadable(reason:)`` file, up to the other
    /// place to write to: `reason`, why the file was read, and that it can be moved away.
    public static func unreadablePrevious(_ reason: String) -> String {
        reason + "; this is where the judgments will be written, read first for the rows a previous run "
            + "could not get answered: move the file away or "
    }
}
