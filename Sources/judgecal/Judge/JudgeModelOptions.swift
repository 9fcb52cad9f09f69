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
            "model-config", valueName: "file", help: "A JSON file of model settings (baseURL, model, apiKeyVariable…); flags win over it."),
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
            apiKeyVariable: arguments.value("api-key-env"))
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

    /// Judges every row of `run` with `rubric`, drawing a progress line on a terminal.
    static func judgments(run: FrozenRun, rubric: Rubric, judge: Judge, console: Console) async throws -> JudgmentSet {
        let line = console.progressLine()
        let started = Date()
        defer { line.clear() }
        return try await JudgeRun.judge(
            run: run, rubric: rubric, model: judge.model, options: judge.options, concurrency: judge.concurrency
        ) { p in
            let elapsed = Date().timeIntervalSince(started)
            let rate = elapsed > 0 ? Double(p.completed) / elapsed : 0
            let left = rate > 0 ? Int(Double(p.total - p.completed) / rate) : 0
            line.update(
                "\(rubric.name): \(p.completed)/\(p.total) rows, \(String(format: "%.2f", rate))/s, ~\(left)s left, \(p.failed) failed")
        }
    }

    /// One line on the cache and the calls made, for standard error.
    static func summary(_ judge: Judge) -> String {
        let c = judge.cache.statistics
        let s = judge.client.statistics
        return "cache: \(c.hits) hits, \(c.misses) misses; server: \(s.httpRequests) requests, \(s.retries) retries, \(s.failures) failures"
    }
}
