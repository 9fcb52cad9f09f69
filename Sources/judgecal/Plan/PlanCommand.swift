import Calibration
import CalibrationData
import CalibrationReports
import CommandLineParsing
import DataFormats
import Foundation
import Judging

/// `judgecal plan --rubric R [--run JUDGMENTS] [--labels PILOT…]`: rows to label for a decisive verdict.
enum PlanCommand {
    static let command = Command(
        name: "plan", abstract: "Rows to label for an 80%/90% chance of a decisive verdict, per dimension (docs/PLANNING.md).",
        options: [
            Option("rubric", valueName: "file", help: "The rubric: its dimensions and declared scales.", required: true),
            Option("run", valueName: "file", help: "The judge's judgments of the run (.judgments.jsonl): its levels."),
            Option("labels", valueName: "file", help: "A pilot's label sheets (.labels.csv); needs --run.", arity: .upToNextOption),
            Option(
                "statistic", valueName: "name", help: "The verdict's kappa.", choices: ["quadratic-kappa", "linear-kappa", "kappa"],
                defaultValue: "quadratic-kappa"),
            Option("threshold", valueName: "x", help: "The verdict's threshold.", defaultValue: String(AlignmentSettings.defaultThreshold)),
            Option("replications", valueName: "n", help: "Simulated label sets per candidate n.", defaultValue: "2000"),
            Option("seed", valueName: "n", help: "The simulation's seed.", defaultValue: "0"),
        ], flags: [Flag("json", help: "Print the plan as JSON.")],
        run: { arguments, console in
            let rubric = try InputFiles.rubric(arguments.valueOrDefault("rubric"))
            let run = try arguments.value("run").map { try JudgmentSet.load(from: InputFiles.existing($0, role: "judgments file")) }
            let pilotSheets = try arguments.values("labels").map { try InputFiles.existing($0, role: "pilot sheet") }
            let plan = try LabelPlan(
                rubric: rubric, judgments: run,
                pilot: pilotSheets.isEmpty ? nil : try ExpertLabels.load(from: pilotSheets, dimensions: rubric.dimensions),
                settings: LabelPlan.Settings(
                    statistic: try arguments.valueOrDefault("statistic", as: AlignmentStatistic.self),
                    threshold: try arguments.valueOrDefault("threshold", as: Double.self),
                    replications: try arguments.valueOrDefault("replications", as: Int.self),
                    seed: try arguments.valueOrDefault("seed", as: UInt64.self)))
            console.print(arguments.flag("json") ? String(decoding: try JSONEncoder.report.encode(plan), as: UTF8.self) : plan.renderText())
            return .success
        })
}
