import CalibrationData
import CommandLineParsing
import Foundation
import Judging

/// `judgecal tool-arguments RUN -o ARGS.run.jsonl --rubric-output FILE`: the natural-language argument
/// questions of a run with tool calls, to label, judge and align like any dimension.
enum ToolArgumentsCommand {
    static let command = Command(
        name: "tool-arguments",
        abstract: "Write the natural-language argument questions of a run's tool calls as a run, with their rubric.",
        options: [
            Option("output", short: "o", valueName: "file", help: "Where to write the questions (.run.jsonl).", required: true),
            Option("rubric-output", valueName: "file", help: "Where to write the argument judge's rubric (.md).", required: true),
        ],
        positionals: [Positional("run", help: "A run whose rows carry transcripts and expectations.")],
        run: { arguments, console in
            let questions = try InputFiles.run(arguments.positional("run") ?? "").toolArgumentRun()
            var outputs = StagedOutputs()
            try outputs.stage(try questions.jsonLines(), at: arguments.valueOrDefault("output"), role: "run file")
            try outputs.stage(Data(Rubric.toolArgumentMarkdown.utf8), at: arguments.valueOrDefault("rubric-output"), role: "rubric")
            try outputs.commit()
            console.print("\(questions.rows.count) argument questions; judge, extract and align them with the rubric")
            return .success
        })
}
