import Calibration
import CalibrationData
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging
import LanguageModels

/// The options every command that calls a judge shares: which server and
/// model, the response cache, concurrency and scoring mode (``JudgeSession``).
enum JudgeModelOptions {
    /// The model configuration's defaults, shown in help (declared once, in the configuration).
    static let defaults = OpenAICompatibleModel.Configuration()

    static let baseURL = OptionKey<[String]>(
        "base-url", valueName: "url",
        help:
            "The OpenAI-compatible server (default \(OpenAICompatibleModel.Configuration.defaultBaseURL), or JUDGECAL_BASE_URL); "
            + "one per endpoint for replicas of the model.",
        arity: .repeating)
    static let model = OptionKey<String?>(
        "model", valueName: "name",
        help: "The judge model (default \(OpenAICompatibleModel.Configuration.defaultModel), or JUDGECAL_MODEL).")
    static let apiKeyEnv = OptionKey<String?>(
        "api-key-env", valueName: "variable",
        help: "The environment variable holding the API key; the key itself is never written anywhere.")
    static let modelConfig = OptionKey<String?>(
        "model-config", valueName: "file",
        help: "A JSON file of model settings (keys below); flags and JUDGECAL_* variables win over it.")
    static let connectTimeout = OptionKey<Double?>(
        "connect-timeout", valueName: "seconds",
        help: "Seconds to connect (default \(defaults.connectTimeout.plainText); connectTimeout in --model-config).")
    static let firstByteTimeout = OptionKey<Double?>(
        "first-byte-timeout", valueName: "seconds",
        help:
            "Seconds from a request to its reply's first byte, queueing at a busy server included (default \(defaults.firstByteTimeout.plainText); firstByteTimeout)."
    )
    static let requestTimeout = OptionKey<Double?>(
        "request-timeout", valueName: "seconds",
        help: "Seconds for one whole HTTP exchange (default \(defaults.requestTimeout.plainText); requestTimeout).")
    static let cache = OptionKey<String>(
        "cache", valueName: "file", help: "The response cache (SQLite).", defaultValue: ".judgecal/responses.sqlite")
    static let concurrency = OptionKey<Int>(
        "concurrency", valueName: "n",
        help: "Rows judged at once: the requests in flight, in total over every endpoint, unless the model configuration's maxConcurrentRequests caps them (said at the start).",
        defaultValue: JudgeRun.defaultConcurrency, range: 1...CountLimits.concurrency)
    static let mode = OptionKey<JudgeSession.Mode>(
        "mode", valueName: "mode",
        help:
            "discrete: the written score; weighted: the expected score from log-probabilities; sampled: the mean of --samples replies; "
            + "annotators: the mean of --samples simulated annotators, each shown the rubric's worked examples but a different one.",
        choices: JudgeSession.Mode.allCases.map(\.rawValue), defaultValue: .discrete)
    static let samples = OptionKey<Int>(
        "samples", valueName: "n", help: "Replies per row in sampled mode; annotators per row in annotators mode (at most the worked examples).",
        defaultValue: 5, range: 1...CountLimits.perRequest)

    static let options: [any OptionDeclaration] = [
        baseURL, model, apiKeyEnv, modelConfig, connectTimeout, firstByteTimeout, requestTimeout, cache, concurrency, mode, samples,
    ]

    static let ids = OptionKey<String?>("ids", valueName: "file", help: "Only the rows listed in FILE, one id a line.")
    static let sample = OptionKey<Int?>(
        "sample", valueName: "n", help: "Only n rows drawn at random with --seed (align: among the labelled).", range: 1...CountLimits.rows)

    /// `--ids` and `--sample` (seeded by the command's `--seed`): the part of the run `judge` and `align` work on.
    static let selectionOptions: [any OptionDeclaration] = [ids, sample]

    /// The ``RowSelection`` of `--ids` or `--sample` and the command's `seed`, if either is given.
    static func selection(_ arguments: ParsedArguments, seed: OptionKey<UInt64>) throws -> RowSelection? {
        try RowSelection.from(
            ids: try arguments[ids].map { try InputFiles.existing($0, role: "ids file") },
            sample: try arguments[sample], seed: try arguments[seed])
    }

    /// The judge the options describe: flags over `JUDGECAL_*` variables over `--model-config`, its
    /// client's errors advising in `judgecal`'s words (``ModelMessages/advice``).
    /// Refuses `--mode annotators` where the judge is given rendered prompts, not their parts (`purpose`: pairwise
    /// judging, the probes), so no annotator could be shown other worked examples.
    static func refuseAnnotators(_ arguments: ParsedArguments, _ purpose: String) throws {
        guard try arguments[mode] == .annotators else { return }
        throw UsageError("--mode annotators does not apply to \(purpose): its prompts have no worked examples to vary; use --mode sampled")
    }

    static func judge(_ arguments: ParsedArguments, mode chosen: JudgeSession.Mode? = nil) throws -> JudgeSession {
        var overrides = OpenAICompatibleModel.Configuration.Overrides(
            model: try arguments[model],
            apiKeyVariable: try arguments[apiKeyEnv],
            connectTimeout: try arguments[connectTimeout],
            firstByteTimeout: try arguments[firstByteTimeout],
            requestTimeout: try arguments[requestTimeout])
        overrides.setBaseURLs(try arguments[baseURL])
        let configFile = try arguments[modelConfig].map { try InputFiles.existing($0, role: "model configuration") }
        let mode = try chosen ?? arguments[Self.mode]
        var configuration = try OpenAICompatibleModel.Configuration.resolved(overrides: overrides, file: configFile)
        configuration.advice = ModelMessages.advice
        let rows = try arguments[concurrency]
        let capSet = configuration.maxConcurrentRequestsSource != .defaults
        // --concurrency is the requests in flight: it raises the per-endpoint cap unless the model
        // configuration sets one, which is then said at the start, never a silent cap.
        if arguments.isGiven(concurrency), !capSet, rows > configuration.maxConcurrentRequests {
            configuration.maxConcurrentRequests = rows
        }
        var session = try JudgeSession(
            configuration: configuration,
            cacheURL: URL(fileURLWithPath: try arguments[cache]),
            options: JudgeSettings(mode: mode.scoringMode(samples: try arguments[samples])),
            concurrency: rows)
        let endpoints = configuration.endpoints.isEmpty ? 1 : configuration.endpoints.count
        let inFlight =
            configuration.endpoints.isEmpty
            ? configuration.maxConcurrentRequests
            : configuration.endpoints.reduce(0) { $0 + ($1.maxConcurrentRequests ?? configuration.maxConcurrentRequests) }
        if rows > inFlight {
            session.notes.append(
                ModelMessages.cappedConcurrency(rows: rows, inFlight: inFlight, endpoints: endpoints, asked: arguments.isGiven(concurrency)))
        }
        return session
    }

    /// Judges every row of `run` with `rubric`, showing progress as ``display(_:_:)`` says.
    static func judgments(run: FrozenRun, rubric: Rubric, judge: JudgeSession, console: Console, pairwise: Bool = false)
        async throws -> JudgmentSet
    {
        try await judging(judge: judge, console: console) { display in
            try await judge.judgments(run: run, rubric: rubric, pairwise: pairwise, display: display)
        }
    }

    /// Runs `body` with the progress display of ``display(_:_:)``, after `judge`'s notes; the
    /// progress line is cleared when `body` returns or throws.
    static func judging<Result>(
        judge: JudgeSession, console: Console, _ body: (JudgeSession.ProgressDisplay) async throws -> Result
    ) async throws -> Result {
        judge.notes.forEach(console.printNote)
        let line = console.progressLine()
        defer { line.clear() }
        return try await body(display(line, console))
    }

    /// Progress on `line` redrawn when standard error is a terminal, lines at intervals otherwise.
    static func display(_ line: ProgressLine, _ console: Console) -> JudgeSession.ProgressDisplay {
        console.errorIsTerminal ? .redrawn { line.update($0) } : .logged { console.printNote($0) }
    }
}
