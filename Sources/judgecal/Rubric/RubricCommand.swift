import CalibrationData
import CommandLineParsing
import Foundation
import Judging

/// `judgecal rubric lint|render`: check a rubric, and show the exact prompt it builds.
enum RubricCommand {
    static let lintRun = OptionKey<String?>(
        "run", valueName: "file",
        help: "The run the rubric will judge: check example row ids and render every template on every row.")
    static let lintSplits = OptionKey<String?>(
        "splits", valueName: "file", help: "A split record (.splits.json): examples may cite development rows only.")
    static let strict = Flag("strict", help: "Fail on warnings too.")
    static let lintJSON = Flag("json", help: "Write the findings as JSON on standard output.")
    static let lintRubric = PositionalKey<String>("rubric", help: "The rubric (.md or .json).")

    static let renderRubric = OptionKey<String>(required: "rubric", valueName: "file", help: "The rubric (.md or .json).")
    static let renderRun = OptionKey<String>(required: "run", valueName: "file", help: "The frozen run (.run.jsonl).")
    static let row = OptionKey<String>(required: "row", valueName: "id", help: "The id of the row to render.")
    static let renderJSON = Flag("json", help: "Write the messages as JSON on standard output.")

    static let command = Command(
        name: "rubric",
        abstract: "Check a rubric, or print the exact messages it sends a judge for one row.",
        subcommands: [lint, render]
    )

    static let lint = Command(
        name: "lint",
        abstract: "Check a rubric: errors and warnings with their line.",
        discussion: """
            Prints one finding per line, `file:line: severity: message`. Warnings: an odd \
            number of levels, a numeric scale that skips a number (1, 2, 4), a level without \
            a description, an example that leaves a dimension unscored, an example citing a \
            row the run (--run) lacks. Errors: a rubric that does not parse, a dimension \
            defined twice, a word scale written best first (Excellent … Poor; judge and align \
            refuse it), and with --run a target or reference template that cannot be \
            rendered for some rows (each failing placeholder with its rows); with --splits an example citing a held-out row.
            --json writes [{severity, code, file, line, message}].
            Exit codes: 0 no errors (warnings allowed unless --strict); 1 errors, or warnings \
            with --strict; 64 usage; 65 malformed run; 66 a file missing.
            """,
        options: [lintRun, lintSplits],
        flags: [strict, lintJSON],
        positionals: [lintRubric],
        run: runLint
    )

    static let render = Command(
        name: "render",
        abstract: "Print the exact messages a judge receives for one row of a run.",
        discussion: """
            Prints each message under a `--- role ---` line: the system message, then the \
            user message with the instructions, the row's target and references, the examples \
            and the scales. --json writes [{role, content}].
            Exit codes: 0 printed; 64 usage; 65 malformed rubric or run, an unknown row, or a \
            template reading a field the row lacks; 66 a file missing.
            """,
        options: [renderRubric, renderRun, row],
        flags: [renderJSON],
        run: runRender
    )

    static func runLint(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let url = try InputFiles.existing(arguments[lintRubric], role: "rubric")
        let run = try arguments[lintRun].map(InputFiles.run)
        let held = try arguments[lintSplits].map { try LabelSplits.load(from: InputFiles.existing($0, role: "splits")).heldOutRows }
        let findings = RubricLinter.lint(
            fileAt: url, runRowIDs: run.map { Set($0.rows.map(\.id)) }, runRows: run.map { $0.rows.map(\.json) }, heldOutRows: held ?? [:])
        console.print(RubricLinter.report(findings, rubric: arguments[lintRubric], json: arguments[lintJSON]))
        return RubricLinter.fails(findings, strict: arguments[strict]) ? .failure : .success
    }

    static func runRender(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let rubric = try InputFiles.rubric(arguments[renderRubric])
        let runPath = try arguments[renderRun]
        let run = try InputFiles.run(runPath)
        let row = try run.requiredRow(id: arguments[Self.row], file: runPath)
        let messages = try JudgePromptRenderer.messages(for: rubric, row: row.json)
        console.writeOutput(arguments[renderJSON] ? JudgePromptRenderer.json(messages) + "\n" : JudgePromptRenderer.transcript(messages))
        return .success
    }
}
