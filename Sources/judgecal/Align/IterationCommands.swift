import Calibration
import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging

/// `judgecal disagreements` (what an author reads before editing a rubric) and `judgecal suggest` (a model's revision from it).
enum IterationCommands {
    static let rubric = OptionKey<String>(required: "rubric", valueName: "file", help: "The rubric the judge scores with.")
    static let ids = OptionKey<String?>("ids", valueName: "file", help: "Read only these rows (one id a line): the development rows.")
    static let split = OptionKey<LabelSplit?>(
        "split", valueName: "name", help: "Read only this split's rows (the record, as align's).", choices: ["development"])
    static let splits = OptionKey<String?>(
        "splits", valueName: "file", help: "The split record (default: NAME.splits.json beside the first label sheet).")
    static let judgmentsFile = OptionKey<String?>(
        "judgments", valueName: "file",
        help: "The judge's judgments or scores (.judgments.jsonl, CSV or JSON Lines), instead of judging (through the cache).")
    static let report = OptionKey<String?>("report", valueName: "file", help: "Also write the digest: .html, .md, else JSON.")
    static let output = OptionKey<String>(required: "output", short: "o", valueName: "file", help: "Where to write the revised rubric.")
    static let includeExamples = Flag("include-examples", help: "Keep the rubric's worked-example rows.")
    static let runFile = PositionalKey<String>("run", help: "The frozen run (.run.jsonl).")

    static let options: [any OptionDeclaration] =
        [rubric, ids, split, splits, judgmentsFile] + LabelOptions.options + JudgeModelOptions.options
    static let flags = LabelOptions.flags + [includeExamples]
    static let disagreements = Command(
        name: "disagreements", abstract: "Per dimension, the judge's disagreements with the experts, heaviest first.",
        discussion: "Confusion pairs by quadratic weight with their rows, rationales, notes and the rubric's level texts.",
        options: options + [report], flags: flags, positionals: [runFile], run: runDisagreements)
    static let suggest = Command(
        name: "suggest",
        abstract: "Ask the model (--model, --model-config…) to revise the rubric from the digest of the --ids or --split rows.",
        discussion: "The reply is parsed and linted, then written as the next version naming its source in `edited-from`.",
        options: options + [output], flags: flags, positionals: [runFile], run: runSuggest)

    static func runDisagreements(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        if arguments.isGiven(judgmentsFile), let given = JudgeModelOptions.options.first(where: arguments.isGiven) {
            throw UsageError("--\(given.option.name) does not apply with --judgments: no judge is called")
        }
        if let path = try arguments[report] { try StagedOutputs.check(path, role: "report") }
        let digest = try await digest(arguments, console: console)
        if let path = try arguments[report] { try StagedOutputs.writeAllOrNone([digest.file(at: path)]) }
        console.print(
            arguments[LabelOptions.json] ? String(decoding: try JSONEncoder.report.encode(digest), as: UTF8.self) : digest.renderText())
        return .success
    }

    static func runSuggest(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let output = try arguments[Self.output]
        try StagedOutputs.check(output, role: "rubric")
        let rubric = try InputFiles.existing(arguments[Self.rubric], role: "rubric")
        let digest = try await digest(arguments, console: console)
        let suggestion = try await RubricSuggestion.suggest(
            rubricAt: rubric, digest: digest, model: try JudgeModelOptions.judge(arguments).model, file: output)
        try StagedOutputs.writeAllOrNone([(Data(suggestion.text.utf8), output, "rubric")])
        suggestion.warnings.forEach { console.printWarning($0.description) }
        console.print("wrote \(output), edited from \(suggestion.rubric.editedFrom ?? "")")
        return .success
    }

    /// The digest the options describe.
    static func digest(_ arguments: ParsedArguments, console: Console) async throws -> DisagreementDigest {
        let run = try InputFiles.run(arguments[runFile])
        let rubric = try InputFiles.rubric(arguments[Self.rubric])
        var ids = try arguments[Self.ids].map { try RowIDList.load(from: InputFiles.existing($0, role: "ids file"), run: run) }
        var labels = try LabelOptions.read(arguments, run: run, dimensions: rubric.dimensions, console: console)
        var step: SplitStep?
        if let split = try arguments[Self.split] {
            guard ids == nil else { throw UsageError("--ids and --split both name the rows to read; give one") }
            var selected = try SplitStep(
                split, labels: labels, sheets: try arguments[LabelOptions.labels], file: try arguments[splits], shares: [], history: nil)
            try selected.check(rubric: rubric)
            selected.selection.notes.forEach(console.printNote)
            (labels, ids, step) = (selected.labels, Set(selected.selection.reference.rows), selected)
        }
        let judgments = try await judgments(
            from: judgmentsFile, arguments, run, rubric, judge: JudgeModelOptions.judge(arguments), console)
        let digest = try DisagreementDigest(
            run: run, rubric: rubric, judgments: judgments, labels: labels, rows: ids,
            includeExampleRows: arguments[includeExamples])
        try step?.writeRecord()
        return digest
    }

    /// The judgments in the file `option` names (``InputFiles/judgments(_:role:rubric:run:)``: rows of `run`, or of
    /// `judged` within it), or else `rubric`'s judgments of `judged` by `judge` (through its cache).
    static func judgments(
        from option: OptionKey<String?>, _ arguments: ParsedArguments, _ run: FrozenRun, _ rubric: Rubric,
        judged: FrozenRun? = nil, judge: @autoclosure () throws -> JudgeSession, _ console: Console
    ) async throws -> JudgmentSet {
        if let path = try arguments[option] {
            return try InputFiles.judgments(path, role: option.option.name + " file", rubric: rubric, run: run).restricted(to: judged ?? run)
        }
        return try await JudgeModelOptions.judgments(run: judged ?? run, rubric: rubric, judge: try judge(), console: console)
    }
}
