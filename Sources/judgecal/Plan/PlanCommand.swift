import Calibration
import CalibrationData
import CalibrationMaps
import CalibrationReports
import CommandLineParsing
import DataFormats
import Foundation
import Judging
import StatisticsCore

/// `judgecal plan --rubric R [--run JUDGMENTS] [--labels PILOT…]`: rows to label for a decisive verdict; with
/// `--audit`, the fresh labels a transport audit of a calibration needs.
enum PlanCommand {
    static let rubric = OptionKey<String?>(
        "rubric", valueName: "file", help: "The rubric: its dimensions and declared scales (required without --audit).")
    static let judgments = OptionKey<String?>(
        "run", valueName: "file", help: "The judge's judgments or scores of the run (.judgments.jsonl, CSV or JSON Lines): its levels.")
    static let labels = OptionKey<[String]>(
        "labels", valueName: "file", help: "A pilot's label sheets (.labels.csv); needs --run.", arity: .upToNextOption)
    static let threshold = OptionKey<Double>(
        "threshold", valueName: "x", help: "The verdict's threshold.", defaultValue: AlignmentSettings.defaultThreshold)
    static let replications = OptionKey<Int>(
        "replications", valueName: "n", help: "Simulated label sets per candidate n: 100 to 100000.", defaultValue: 2000,
        range: 100...LabelPlan.Settings.maximumReplications)
    static let seed = OptionKey<UInt64>("seed", valueName: "n", help: "The simulation's seed.", defaultValue: 0)
    static let json = Flag("json", help: "Print the plan as JSON.")
    static let ci = OptionKey<IntervalMethod?>(
        "ci", valueName: "method",
        help: "The verdict's interval to plan for: analytic, bootstrap or bca (default: align's for the statistic).",
        choices: [IntervalMethod.analytic, .bootstrap, .bca].map(\.rawValue))

    /// The options of the verdict's plan, refused with `--audit`, and `--means` beside them.
    static let verdictOptions: [any OptionDeclaration] = [rubric, judgments, labels] + StatisticOptions.plan.options + [threshold, ci, replications, seed]

    static let command = Command(
        name: "plan",
        abstract:
            "Rows to label for an 80%/90% chance of a decisive verdict, per dimension (docs/PLANNING.md); with --audit, fresh labels for a calibration's audit.",
        options: verdictOptions + AuditPlanOptions.options,
        flags: [LabelOptions.means, json, AuditPlanOptions.audit],
        run: { arguments, console in
            if arguments[AuditPlanOptions.audit] {
                if let given = verdictOptions.first(where: arguments.isGiven) {
                    throw UsageError("--\(given.option.name) does not apply with --audit: it plans a verdict's labels, not an audit's")
                }
                if arguments[LabelOptions.means] { throw UsageError("--means does not apply with --audit: it reads a pilot's sheets") }
                let plan = try AuditPlanOptions.plan(arguments)
                console.print(arguments[json] ? try plan.renderJSON() : plan.renderText())
                return .success
            }
            if let given = AuditPlanOptions.options.first(where: arguments.isGiven) {
                throw UsageError("--\(given.option.name) applies only with --audit: it plans a transport audit's fresh labels")
            }
            guard let rubricPath = try arguments[Self.rubric] else {
                throw UsageError("missing --rubric <file>: the verdict's plan reads its dimensions and scales (or give --audit)")
            }
            let rubric = try InputFiles.rubric(rubricPath)
            let run = try arguments[judgments].map { try InputFiles.judgments($0, role: "judgments file", rubric: rubric, run: nil) }
            let pilotSheets = try arguments[labels].map { try InputFiles.existing($0, role: "pilot sheet") }
            if arguments[LabelOptions.means], pilotSheets.isEmpty {
                throw UsageError("--means reads the pilot's --labels sheets' scores as means of several experts; give it with --labels")
            }
            let plan = try LabelPlan(
                rubric: rubric, judgments: run,
                pilot: pilotSheets.isEmpty
                    ? nil
                    : try ExpertLabels.load(
                        from: pilotSheets, dimensions: rubric.dimensions, values: arguments[LabelOptions.means] ? .means : .levels),
                settings: LabelPlan.Settings(
                    statistic: try StatisticOptions.plan.read(arguments, console: console),
                    threshold: try arguments[threshold],
                    replications: try arguments[replications],
                    seed: try arguments[seed], intervals: try arguments[ci]))
            console.print(arguments[json] ? String(decoding: try JSONEncoder.report.encode(plan), as: UTF8.self) : plan.renderText())
            return .success
        })
}
