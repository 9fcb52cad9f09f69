import Calibration
import CommandLineParsing
import DataFormats
import EvaluationCore
import Foundation
import Judging
import LanguageModels

/// The options every command that calls a judge shares: which server and
/// model, the response cache, concurrency and scoring mode.
enum JudgeModelOptions {
    /// The scoring modes, as `--mode` names them.
    enum Mode: String, CaseIterable, ArgumentValue {
        case discrete, weighted, sampled
    }

    /// The model configuration's defaults, shown in help (declared once, in the configuration).
    static let defaults = OpenAICompatibleModel.Configuration()

    /// The keys of a `--model-config` file, for a command's help.
    static let configurationKeys = """
        --model-config is a JSON object with any of these keys (flags, then JUDGECAL_BASE_URL, \
        JUDGECAL_MODEL and JUDGECAL_API_KEY_VARIABLE, win over it): baseURL (string, default \
        \(defaults.baseURL)); model (string, default \(defaults.model)); apiKeyVariable (the name of the \
        environment variable holding the key, default none); connectTimeout (seconds, default \
        \(defaults.connectTimeout.plainText)); firstByteTimeout (seconds from a request to its reply's \
        first byte, default \(defaults.firstByteTimeout.plainText): a one-at-a-time server such as the local \
        judge queues requests, and that wait counts); requestTimeout (seconds for a whole exchange, default \
        \(defaults.requestTimeout.plainText)); maxConcurrentRequests (requests in flight at once to the \
        server, default \(defaults.maxConcurrentRequests)); maxReplyBytes (the longest reply body read, default \
        \(defaults.maxReplyBytes) bytes; a longer reply fails its row); structuredOutput (openAI, llamaCpp, promptOnly \
        or detect, default \(defaults.structuredOutput.rawValue)). Failed requests (429, 5xx, timeouts, \
        dropped connections) are tried \(defaults.retry.maxAttempts) times with backoff.
        """

    static let options: [Option] = [
        Option(
            "base-url", valueName: "url",
            help: "The OpenAI-compatible server (default \(OpenAICompatibleModel.Configuration.defaultBaseURL), or JUDGECAL_BASE_URL)."),
        Option(
            "model", valueName: "name",
            help: "The judge model (default \(OpenAICompatibleModel.Configuration.defaultModel), or JUDGECAL_MODEL)."),
        Option(
            "api-key-env", valueName: "variable",
            help: "The environment variable holding the API key; the key itself is never written anywhere."),
        Option(
            "model-config", valueName: "file",
            help: "A JSON file of model settings (keys below); flags and JUDGECAL_* variables win over it."),
        Option(
            "connect-timeout", valueName: "seconds",
            help: "Seconds to connect (default \(defaults.connectTimeout.plainText); connectTimeout in --model-config)."),
        Option(
            "first-byte-timeout", valueName: "seconds",
            help:
                "Seconds from a request to its reply's first byte, queueing at a busy server included (default \(defaults.firstByteTimeout.plainText); firstByteTimeout)."
        ),
        Option(
            "request-timeout", valueName: "seconds",
            help: "Seconds for one whole HTTP exchange (default \(defaults.requestTimeout.plainText); requestTimeout)."),
        Option("cache", valueName: "file", help: "The response cache (SQLite).", defaultValue: ".judgecal/responses.sqlite"),
        Option(
            "concurrency", valueName: "n", help: "Rows judged at once.", defaultValue: String(JudgeRun.defaultConcurrency),
            range: 1...),
        Option(
            "mode", valueName: "mode",
            help:
                "discrete: the written score; weighted: the expected score from log-probabilities; sampled: the mean of --samples replies.",
            choices: Mode.allCases.map(\.rawValue), defaultValue: "discrete"),
        Option(
            "samples", valueName: "n", help: "Replies per row in sampled mode.",
            defaultValue: "5", range: 1...),
    ]

    /// A judge model wrapped in the response cache, with its options.
    struct Judge {
        let model: any LanguageModel
        let cache: ResponseCache
        let client: OpenAICompatibleModel
        let options: JudgeOptions
        let concurrency: Int
    }

    static func judge(_ arguments: ParsedArguments) throws -> Judge {
        let overrides = OpenAICompatibleModel.Configuration.Overrides(
            baseURL: arguments.value("base-url"), model: arguments.value("model"),
            apiKeyVariable: arguments.value("api-key-env"),
            connectTimeout: try arguments.value("connect-timeout", as: Double.self),
            firstByteTimeout: try arguments.value("first-byte-timeout", as: Double.self),
            requestTimeout: try arguments.value("request-timeout", as: Double.self))
        let configFile = try arguments.value("model-config").map { try InputFiles.existing($0, role: "model configuration") }
        let client: OpenAICompatibleModel
        do {
            client = try OpenAICompatibleModel(configuration: .resolved(overrides: overrides, file: configFile))
        } catch let error as LanguageModelError {
            throw CommandFailure(error.description, exitCode: .usage)
        }
        let cacheURL = URL(fileURLWithPath: arguments.valueOrDefault("cache"))
        try FileManager.default.createDirectory(at: cacheURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let cache = try ResponseCache(url: cacheURL)
        let mode: ScoringMode
        switch try arguments.valueOrDefault("mode", as: Mode.self) {
        case .discrete: mode = .discrete
        case .weighted: mode = .probabilityWeighted(topLogprobs: 10, whenUnavailable: .discrete)
        case .sampled: mode = .sampled(count: try arguments.valueOrDefault("samples", as: Int.self))
        }
        let concurrency = try arguments.valueOrDefault("concurrency", as: Int.self)
        return Judge(
            model: CachedModel(client, cache: cache), cache: cache, client: client, options: JudgeOptions(mode: mode),
            concurrency: concurrency)
    }

    /// Judges every row of `run` with `rubric`: a progress line on a terminal, and progress lines at
    /// intervals (``JudgeProgressLog``) on standard error when it is not one.
    static func judgments(run: FrozenRun, rubric: Rubric, judge: Judge, console: Console) async throws -> JudgmentSet {
        let line = console.progressLine()
        let log = console.errorIsTerminal ? nil : JudgeProgressLog(name: rubric.name, total: run.rows.count, console: console)
        let started = Date()
        defer { line.clear() }
        return try await withThrowingTaskGroup(of: JudgmentSet?.self) { group in
            if let log {
                group.addTask {
                    await log.tick(); return nil
                }
            }
            group.addTask {
                try await JudgeRun.judge(
                    run: run, rubric: rubric, model: judge.model, options: judge.options, concurrency: judge.concurrency
                ) { p in
                    log?.update(p)
                    let elapsed = Date().timeIntervalSince(started)
                    let rate = elapsed > 0 ? Double(p.completed) / elapsed : 0
                    let left = rate > 0 ? Int(Double(p.total - p.completed) / rate) : 0
                    line.update(
                        "\(rubric.name): \(p.completed)/\(p.total) rows, \(String(format: "%.2f", rate))/s, ~\(left)s left, \(p.failed) failed"
                    )
                }
            }
            defer { group.cancelAll() }
            while let result = try await group.next() {
                if let set = result { return set }
            }
            preconditionFailure("the judge task always returns a set or throws")
        }
    }

    /// One line on the cache and the calls made, for standard error.
    static func summary(_ judge: Judge) -> String {
        let c = judge.cache.statistics
        let s = judge.client.statistics
        return "cache: \(c.hits) hits, \(c.misses) misses; server: \(s.httpRequests) requests, \(s.retries) retries, \(s.failures) failures"
    }
}
