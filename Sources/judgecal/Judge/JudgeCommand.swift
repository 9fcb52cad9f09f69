import CalibrationData
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging
import LanguageModels
import SelectiveTrust

/// `judgecal judge RUN --rubric R`: every row through the judge, scores and rationales kept.
enum JudgeCommand {
    static let rubric = OptionKey<String>(required: "rubric", valueName: "file", help: "The rubric (Markdown or JSON).")
    static let output = OptionKey<String?>(
        "output", short: "o", valueName: "file", help: "The judgments file (.judgments.jsonl); the CSV goes beside it.")
    static let batchRequests = OptionKey<String?>(
        "batch-requests", valueName: "file",
        help: "Write every request the cache cannot answer as an OpenAI batch input file (JSONL); send nothing.")
    static let batchResults = OptionKey<String?>(
        "batch-results", valueName: "file",
        help: "Read an OpenAI batch output file into the cache, then judge from the cache; send nothing.")
    static let seed = OptionKey<UInt64>("seed", valueName: "n", help: "The seed of --sample.", defaultValue: 0)
    static let trust = OptionKey<String?>(
        "trust", valueName: "certificate",
        help: "Mark each row kept or escalated by the thresholds of this trust certificate (judgecal trust), in a .trust.csv "
            + "beside the judgments; refused (1) when it was measured on another judge or rubric text.")
    static let json = Flag("json", help: "Print a JSON summary.")
    static let pairwise = Flag("pairwise", help: "Compare each row's response.a and response.b, in both orders (docs/FORMATS.md).")
    static let runFile = PositionalKey<String>("run", help: "The frozen run (.run.jsonl).")

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
            \(ModelMessages.fileKeysHelp)
            With --trust CERT each row and dimension is kept (the judge's confidence at or above the certificate's \
            threshold) or escalated (below it, no confidence, no score, or no threshold), written to \
            <run>.<rubric>.trust.csv beside the judgments for extract --escalated; the certificate must have been measured \
            on this judge (model, server, mode and sampling settings) and this rubric text.
            Exit codes: 0 judged (failures are counted in the output); 1 the judge server failed or the certificate is \
            another judge's; \
            64 usage; 65 malformed run, rubric, --model-config or earlier judgments file at --output; \
            66 a file missing; 73 output folder missing.
            """,
        options: [rubric, output, batchRequests, batchResults, seed, trust] + JudgeModelOptions.selectionOptions + JudgeModelOptions.options,
        flags: [json, pairwise],
        positionals: [runFile],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        if arguments.isGiven(batchRequests), arguments.isGiven(batchResults) {
            throw UsageError("--batch-requests and --batch-results are two passes; give one")
        }
        // The run is read row by row, whole or a selection of its rows: memory stays flat in the rows.
        var run = try InputFiles.rows(arguments[runFile])
        if let selection = try JudgeModelOptions.selection(arguments, seed: seed) { run = try selection.rows(of: run) }
        let rubric = try InputFiles.rubric(arguments[Self.rubric])
        let files = try JudgmentFiles(run: run, rubric: rubric, output: try arguments[output])
        if arguments[Self.pairwise] { try JudgeModelOptions.refuseAnnotators(arguments, "pairwise judging") }
        let judge = try JudgeModelOptions.judge(arguments), pairwise = arguments[Self.pairwise]
        let trusting = try certificate(arguments, judge: judge, files: files)
        if let path = try arguments[batchRequests] {
            let round = try await judge.writeBatchRequests(run: run, rubric: rubric, to: path, pairwise: pairwise)
            let json = String(decoding: try JSONEncoder.report.encode(round.json), as: UTF8.self)
            console.print(arguments[Self.json] ? json : TerminalText.visible(round.text[0]))
            return .success
        }
        let retried = try files.previouslyUnanswered()
        let batch: JudgeSession.BatchRound? =
            if let path = try arguments[batchResults] {
                try await judge.readBatchResults(
                    run: run, rubric: rubric, from: try InputFiles.existing(path, role: "batch results"), pairwise: pairwise)
            } else { nil }
        let dimensions = rubric.recordedDimensions(pairwise: pairwise)
        let counts =
            if let batch { try await files.write(batch.judgments, dimensions: dimensions, retried: retried) } else {
                try await JudgeModelOptions.judging(judge: judge, console: console) { display in
                    try await files.write(model: judge.model.modelName, dimensions: dimensions, retried: retried) { each in
                        try await judge.judgments(run: run, rubric: rubric, pairwise: pairwise, display: display, each: each)
                    }
                }
            }
        if let (certificate, decisionsFile) = trusting {
            // Each judgment written is read back and decided in turn: memory stays flat in the rows.
            let decided = try decisionsFile.write(decidingJudgmentsAt: URL(fileURLWithPath: files.jsonPath), by: certificate)
            TrustDecisionsFile.summary(decided, certificate: certificate).forEach { console.printNote("trust: " + $0) }
            console.printNote("trust: decisions written to \(decisionsFile.path)")
        }
        let summary = files.summary(of: counts, batch: batch, server: judge.summaryJSON)
        let json = String(decoding: try JSONEncoder.report.encode(summary.json), as: UTF8.self)
        // The run's and rubric's names are data: shown with their control characters made visible.
        console.print(arguments[Self.json] ? json : TerminalText.visible(summary.text.joined(separator: "\n")))
        console.printNote(judge.summary)
        files.warnings(of: counts, batch: batch).forEach(console.printWarning)
        return .success
    }

    /// With `--trust CERT`: the certificate, checked against `judge` and the rubric's text, and the decisions file beside the
    /// judgments, checked writable; `nil` without it.
    static func certificate(_ arguments: ParsedArguments, judge: JudgeSession, files: JudgmentFiles) throws -> (
        TrustCertificate, TrustDecisionsFile
    )? {
        guard let path = try arguments[trust] else { return nil }
        if arguments[pairwise] { throw UsageError("--trust does not apply with --pairwise: a trust certificate's thresholds are scores'") }
        if arguments.isGiven(batchRequests) { throw UsageError("--trust applies when judging; --batch-requests only writes requests") }
        let certificate = try TrustCertificate.load(from: try InputFiles.existing(path, role: "trust certificate"))
        let rubricText = try InputFiles.read(arguments[rubric], role: "rubric")
        try certificate.check(judge: judge.identity, rubricTextHash: SHA256.hexDigest(of: Array(rubricText)))
        return (certificate, try TrustDecisionsFile(besideJudgmentsAt: files.jsonPath))
    }
}
