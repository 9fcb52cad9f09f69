import CalibrationData
import CommandLineParsing
import DataFormats
import Foundation
import Judging

/// `judgecal tool-arguments RUN -o ARGS.run.jsonl --rubric-output FILE`: the natural-language argument
/// questions of a run with tool calls, to label, judge and align like any dimension.
enum ToolArgumentsCommand {
    static let output = OptionKey<String>(
        required: "output", short: "o", valueName: "file", help: "Where to write the questions (.run.jsonl).")
    static let rubricOutput = OptionKey<String>(
        required: "rubric-output", valueName: "file", help: "Where to write the argument judge's rubric (.md).")
    static let runFile = PositionalKey<String>("run", help: "A run whose rows carry transcripts and expectations.")

    static let command = Command(
        name: "tool-arguments",
        abstract: "Write the natural-language argument questions of a run's tool calls as a run, with their rubric.",
        options: [output, rubricOutput],
        positionals: [runFile],
        run: { arguments, console in
            let questions = try InputFiles.run(arguments[runFile]).toolArgumentRun()
            var outputs = StagedOutputs()
            try outputs.stage(try questions.jsonLines(), at: try arguments[output], role: "run file")
            try outputs.stage(Data(Rubric.toolArgumentMarkdown.utf8), at: try arguments[rubricOutput], role: "rubric")
            try outputs.commit()
            console.print("\(questions.rows.count) argument questions; judge, extract and align them with the rubric")
            return .success
        })
}
