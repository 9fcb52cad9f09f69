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

    static let options: [Option] = [
        Option(
            "base-url", valueName: "url",
            help:
                "The OpenAI-compatible server (default \(OpenAICompatibleModel.Configuration.defaultBaseURL), or JUDGECAL_BASE_URL); "
                + "one per endpoint for replicas of the model.",
            arity: .repeating),
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
            choices: JudgeSession.Mode.allCases.map(\.rawValue), defaultValue: JudgeSession.Mode.discrete.rawValue),
        Option(
            "samples", valueName: "n", help: "Replies per row in sampled mode.",
            defaultValue: "5", range: 1...),
    ]

    /// `--ids` and `--sample` (seeded by the command's `--seed`): the part of the run `judge` and `align` work on.
    static let selectionOptions = [
        Option("ids", valueName: "file", help: "Only the rows listed in FILE, one id a line."),
        Option("sample", valueName: "n", help: "Only n rows drawn at random with --seed (align: among the labelled).", range: 1...),
    ]

    /// The ``RowSelection`` of `--ids` or `--sample` and `--seed`, if either is given.
    static func selection(_ arguments: ParsedArguments) throws -> RowSelection? {
        try RowSelection.from(
            ids: try arguments.value("ids").map { try InputFiles.existing($0, role: "ids file") },
            sample: try arguments.value("sample", as: Int.self), seed: try arguments.valueOrDefault("seed", as: UInt64.self))
    }

    /// The judge the options describe: flags over `JUDGECAL_*` variables over `--model-config`.
    static func judge(_ arguments: ParsedArguments) throws -> JudgeSession {
        var overrides = OpenAICompatibleModel.Configuration.Overrides(
            model: arguments.value("model"),
            apiKeyVariable: arguments.value("api-key-env"),
            connectTimeout: try arguments.value("connect-timeout", as: Double.self),
            firstByteTimeout: try arguments.value("first-byte-timeout", as: Double.self),
            requestTimeout: try arguments.value("request-timeout", as: Double.self))
        overrides.setBaseURLs(arguments.values("base-url"))
        let configFile = try arguments.value("model-config").map { try InputFiles.existing($0, role: "model configuration") }
        let mode = try arguments.valueOrDefault("mode", as: JudgeSession.Mode.self)
        return try JudgeSession(
            configuration: .resolved(overrides: overrides, file: configFile),
            cacheURL: URL(fileURLWithPath: arguments.valueOrDefault("cache")),
            options: JudgeOptions(mode: mode.scoringMode(samples: try arguments.valueOrDefault("samples", as: Int.self))),
            concurrency: try arguments.valueOrDefault("concurrency", as: Int.self))
    }

    /// Judges every row of `run` with `rubric`, showing progress as ``display(_:_:)`` says.
    static func judgments(run: FrozenRun, rubric: Rubric, judge: JudgeSession, console: Console, pairwise: Bool = false)
        async throws -> JudgmentSet
    {
        let line = console.progressLine()
        defer { line.clear() }
        return try await judge.judgments(run: run, rubric: rubric, pairwise: pairwise, display: display(line, console))
    }

    /// Progress on `line` redrawn when standard error is a terminal, lines at intervals otherwise.
    static func display(_ line: ProgressLine, _ console: Console) -> JudgeSession.ProgressDisplay {
        console.errorIsTerminal ? .redrawn { line.update($0) } : .logged { console.printNote($0) }
    }
}
