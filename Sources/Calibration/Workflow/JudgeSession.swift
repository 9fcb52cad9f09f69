import DataFormats
public import Foundation
public import Judging
public import LanguageModels

/// A judge ready to score runs: an OpenAI-compatible model behind the response
/// cache, with its scoring options and how many rows it judges at once — what
/// `judgecal judge`, `align` and `compare` set up from their options.
public struct JudgeSession: Sendable {
    /// The scoring modes by name (`--mode`).
    public enum Mode: String, CaseIterable, Sendable {
        /// The written score.
        case discrete
        /// The expected score from the log-probabilities of the score token
        /// (the ten most likely), falling back to the written score, counted,
        /// where the server gives none.
        case weighted
        /// The mean of several sampled replies.
        case sampled

        /// The scoring mode; `samples` replies per row in sampled mode.
        public func scoringMode(samples: Int) -> ScoringMode {
            switch self {
            case .discrete: .discrete
            case .weighted: .probabilityWeighted(topLogprobs: 10, whenUnavailable: .discrete)
            case .sampled: .sampled(count: samples)
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
    public let options: JudgeOptions
    /// The most rows judged at once.
    public let concurrency: Int

    /// A session for `configuration` whose calls are cached in the SQLite file
    /// at `cacheURL` (its folder is created when missing).
    ///
    /// - Throws: ``LanguageModels/LanguageModelError`` (configuration) for a
    ///   configuration the client refuses, such as an API key variable that is
    ///   not set; the cache's error when it cannot be opened.
    public init(
        configuration: OpenAICompatibleModel.Configuration, cacheURL: URL, options: JudgeOptions = JudgeOptions(),
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
    /// with its scoring options and concurrency: the other side of "is the small
    /// model as good a judge as the large one?".
    ///
    /// - Throws: ``InputError`` for a file that is not a model configuration
    ///   (``OpenAICompatibleModel/Configuration/Overrides/init(contentsOf:)``);
    ///   ``LanguageModels/LanguageModelError`` (configuration) for settings the client refuses.
    public init(configurationFile: URL, sharingCacheOf session: JudgeSession) throws {
        client = try OpenAICompatibleModel(configuration: .resolved(environment: [:], file: configurationFile))
        cache = session.cache
        model = CachedModel(client, cache: cache)
        options = session.options
        concurrency = session.concurrency
    }

    /// Judges every row of `run` with `rubric` (``JudgeRun/judge(run:rubric:model:options:concurrency:progress:)``),
    /// showing progress as `display` says.
    public func judgments(run: FrozenRun, rubric: Rubric, display: ProgressDisplay = .none) async throws -> JudgmentSet {
        let started = Date()
        let progress: @Sendable (JudgeProgress) -> Void
        var ticker: Task<Void, Never>?
        switch display {
        case .redrawn(let write):
            progress = { write($0.redrawnLine(name: rubric.name, elapsedSeconds: Date().timeIntervalSince(started))) }
        case .logged(let write):
            let log = JudgeProgressLog(name: rubric.name, total: run.rows.count, write: write)
            progress = { log.update($0) }
            ticker = Task { await log.tick() }
        case .none:
            progress = { _ in }
        }
        defer { ticker?.cancel() }
        return try await JudgeRun.judge(
            run: run, rubric: rubric, model: model, options: options, concurrency: concurrency, progress: progress)
    }

    /// One line on the cache and the calls made:
    /// `cache: 40 hits, 2 misses; server: 2 requests, 0 retries, 0 failures`; with several
    /// endpoints, a line for each after it (``OpenAICompatibleModel/EndpointStatistics/summary``).
    public var summary: String {
        let c = cache.statistics
        let s = client.statistics
        let line =
            "cache: \(c.hits) hits, \(c.misses) misses; server: \(s.httpRequests) requests, \(s.retries) retries, \(s.failures) failures"
        guard s.endpoints.count > 1 else { return line }
        return ([line] + s.endpoints.map(\.summary)).joined(separator: "\n")
    }
}

extension JudgmentSet {
    /// The ids of the rows that got no answer from the server
    /// (``JudgeFailure/isTransport``) in the judgments file a previous run
    /// wrote at `url`; none when there is no file there.
    ///
    /// A file that is there but cannot be read is an error rather than a
    /// previous run taken to have left nothing to retry: the run about to
    /// replace it would overwrite a file that may not be a judgments file at all.
    ///
    /// - Throws: ``InputError`` naming the file and line, and what to do.
    public static func previouslyUnanswered(at url: URL) throws -> Set<String> {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        do {
            return Set(try load(from: url).judgments.filter { $0.failure?.isTransport == true }.map(\.id))
        } catch var error as InputError {
            error.message +=
                "; this is where the judgments will be written, read first for the rows a previous run "
                + "could not get answered: move the file away or choose another --output"
            throw error
        }
    }
}
