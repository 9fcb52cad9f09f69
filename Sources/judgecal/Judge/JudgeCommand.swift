import Calibration
import CommandLineParsing
import DataFormats
import Foundation
import Judging

/// `judgecal judge RUN --rubric R`: every row through the judge, scores and rationales kept.
enum JudgeCommand {
    static let command = Command(
        name: "judge",
        abstract: "Replay a run's frozen outputs through the judge and keep its scores and rationales.",
        discussion: """
            Every call goes through the response cache, so running again costs nothing, and a run \
            that was stopped part way (even by kill -9) resumes where it stopped. Writes the \
            judgments as JSON Lines (one row per line, with raw replies and prompt hashes) and a \
            tidy CSV (one line per row × dimension) for notebooks; by default both go to \
            notebooks-data/<run>.<rubric>.judgments.{jsonl,csv}. A reply that cannot be read is \
            retried and then recorded as the row's failure, never as a score; its replies are cached. \
            A request the server never answers (timeouts, 5xx, dropped connections, after \
            retries) makes the row a transport failure, which is not cached: running again asks \
            exactly those rows again, and says how many it retried. Progress goes to standard error: \
            a line redrawn on a terminal, otherwise a line every 30 s or every tenth of the rows.
            \(JudgeModelOptions.configurationKeys)
            Exit codes: 0 judged (failures are counted in the output); 1 the judge server failed; \
            64 usage; 65 malformed run, rubric, --model-config or earlier judgments file at --output; \
            66 a file missing; 73 output folder missing.
            """,
        options: [
            Option("rubric", valueName: "file", help: "The rubric (Markdown or JSON).", required: true),
            Option("output", short: "o", valueName: "file", help: "The judgments file (.judgments.jsonl); the CSV goes beside it."),
            Option(
                "batch-requests", valueName: "file",
                help: "Write every request the cache cannot answer as an OpenAI batch input file (JSONL); send nothing."),
            Option(
                "batch-results", valueName: "file",
                help: "Read an OpenAI batch output file into the cache, then judge from the cache; send nothing."),
            Option("seed", valueName: "n", help: "The seed of --sample.", defaultValue: "0"),
        ] + JudgeModelOptions.selectionOptions + JudgeModelOptions.options,
        flags: [Flag("json", help: "Print a JSON summary.")],
        positionals: [Positional("run", help: "The frozen run (.run.jsonl).")],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        if arguments.isGiven("batch-requests"), arguments.isGiven("batch-results") {
            throw UsageError("--batch-requests and --batch-results are two passes; give one")
        }
        let whole = try InputFiles.run(arguments.positional("run") ?? "")
        let run = try JudgeModelOptions.selection(arguments)?.rows(of: whole) ?? whole
        let rubric = try InputFiles.rubric(arguments.valueOrDefault("rubric"))
        let jsonPath = arguments.value("output") ?? "notebooks-data/\(run.info.name).\(rubric.name).judgments.jsonl"
        let jsonURL = URL(fileURLWithPath: jsonPath)
        let csvURL = jsonURL.deletingPathExtension().appendingPathExtension("csv")
        try StagedOutputs.check(jsonPath, role: "judgments file")
        let csvPath = InputFile.displayName(csvURL)
        try StagedOutputs.check(csvPath, role: "judgments CSV")
        let judge = try JudgeModelOptions.judge(arguments)
        if let path = arguments.value("batch-requests") {
            let round = try await judge.writeBatchRequests(run: run, rubric: rubric, to: path)
            let json = String(decoding: try JSONEncoder.report.encode(round.json), as: UTF8.self)
            console.print(arguments.flag("json") ? json : round.text[0])
            return .success
        }
        let unanswered = try JudgmentSet.previouslyUnanswered(at: jsonURL)
        let batch: JudgeSession.BatchRound? =
            if let path = arguments.value("batch-results") {
                try await judge.readBatchResults(run: run, rubric: rubric, from: try InputFiles.existing(path, role: "batch results"))
            } else { nil }
        let set =
            if let batch { batch.judgments } else {
                try await JudgeModelOptions.judgments(run: run, rubric: rubric, judge: judge, console: console)
            }
        let retried = run.rows.filter { unanswered.contains($0.id) }.count
        let transportFailed = set.judgments.filter { $0.failure?.isTransport == true }.count
        try StagedOutputs.writeAllOrNone([
            (try set.jsonLines(), jsonPath, "judgments file"),
            (Data(set.tidyCSV(dimensions: rubric.dimensions.map(\.name)).utf8), csvPath, "judgments CSV"),
        ])
        if arguments.flag("json") {
            var summary: [String: JSONValue] = [
                "run": .string(run.info.name), "rubric": .string(rubric.name), "model": .string(set.model),
                "rows": .number(Double(set.judgments.count)), "scored": .number(Double(set.scoredCount)),
                "failed": .number(Double(set.failedCount)), "unanswered": .number(Double(transportFailed)),
                "retried": .number(Double(retried)), "judgments": .string(InputFile.displayName(jsonURL)),
                "tidy": .string(InputFile.displayName(csvURL)),
            ]
            summary["batch"] = batch?.json
            summary["server"] = judge.summaryJSON
            console.print(String(decoding: try JSONEncoder.report.encode(JSONValue.object(summary)), as: UTF8.self))
        } else {
            console.print(
                "judged \(set.judgments.count) rows of \(run.info.name) with \(rubric.name) on \(set.model): "
                    + "\(set.scoredCount) scored, \(set.failedCount) failed (\(transportFailed) got no answer from the server); "
                    + "\(retried) retried that got no answer last time")
            console.print("wrote \(InputFile.displayName(jsonURL)) and \(InputFile.displayName(csvURL))")
        }
        if let batch, !arguments.flag("json") { console.print(batch.text[0]) }
        for line in batch?.text.dropFirst() ?? [] { console.printWarning(line) }
        console.printNote(judge.summary)
        if transportFailed > 0 {
            console.printWarning(
                "\(transportFailed) rows got no answer from the judge server; run the same command again to ask exactly those rows again")
        }
        return .success
    }
}
