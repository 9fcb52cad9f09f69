import Calibration
import CalibrationData
import CommandLineParsing
import Foundation
import Judging

/// `--labels`, `--means` and `--json`: the expert label sheets and the report's form, declared once for `align`,
/// `certify`, `compare`, `disagreements`, `suggest` and `estimate`.
enum LabelOptions {
    static let labels = OptionKey<[String]>(
        "labels", valueName: "file",
        help: "Expert label sheets (.labels.csv) or Label Studio JSON exports; several merge their raters.", arity: .upToNextOption,
        required: true)
    static let means = Flag(
        "means", help: "Labels are means of several experts (such as SummEval's thirds): any value within the scale is accepted.")
    static let json = Flag("json", help: "Print the report as JSON (schema in docs/FORMATS.md).")

    static let options: [any OptionDeclaration] = [labels]
    static let flags = [means, json]

    /// The label sheets of `--labels` on `dimensions`, read as levels or, with `--means`, as means; a sheet's rows
    /// beyond `run` are counted, left out. The skipped or cancelled annotations of a Label Studio export, left out,
    /// are counted in a note on `console`.
    static func read(
        _ arguments: ParsedArguments, run: FrozenRun, dimensions: [ScoreDimension], console: Console
    ) throws -> ExpertLabels {
        try read(arguments, sheets: try sheets(arguments), run: run, dimensions: dimensions, console: console)
    }

    /// The label sheets at `sheets` on `dimensions`, read as ``read(_:run:dimensions:console:)`` reads those of `--labels`.
    static func read(
        _ arguments: ParsedArguments, sheets: [URL], run: FrozenRun, dimensions: [ScoreDimension], console: Console
    ) throws -> ExpertLabels {
        let labels = try ExpertLabels.load(
            from: sheets, dimensions: dimensions, runIDs: Set(run.rows.map(\.id)), values: values(arguments),
            outsideRun: .counted)
        if let sentence = labels.cancelledSentence { console.printNote(sentence) }
        return labels
    }

    /// The sheets of `--labels`, each an existing file.
    static func sheets(_ arguments: ParsedArguments) throws -> [URL] {
        try arguments[labels].map { try InputFiles.existing($0, role: "label sheet") }
    }

    /// Levels, or with `--means` means of levels.
    static func values(_ arguments: ParsedArguments) -> ExpertLabels.ValueMode { arguments[means] ? .means : .levels }
}
