import Calibration
import CalibrationData
import CalibrationWorkflow
import CommandLineParsing

/// `--history` and the split options (docs/ITERATION.md), declared once for `align`, `compare` and `certify`.
enum SplitOptions {
    static let history = OptionKey<String>(
        "history", valueName: "file", help: "The history file a line is appended to.", defaultValue: "calibration/history.jsonl")
    static let noHistory = Flag("no-history", help: "Do not append to the history file.")
    static let split = OptionKey<LabelSplit?>(
        "split", valueName: "name", help: "Only this split's rows (looks counted).", choices: ["development", "validation"])
    static let splits = OptionKey<String?>(
        "splits", valueName: "file", help: "The split record (default: NAME.splits.json beside the first label sheet).")
    static let shares = OptionKey<[Double]>(
        "split-shares", valueName: "d,v,t", help: "Shares of a new split record (default 50,25,25).", commaSeparated: true)

    static let options: [any OptionDeclaration] = [history, split, splits, shares]

    /// The split of `--split` (or `certify`'s test split), its looks counted in `--history` unless `history` is false.
    static func step(_ arguments: ParsedArguments, labels: ExpertLabels, split: LabelSplit?, history: Bool) throws -> SplitStep? {
        try (split ?? arguments[Self.split]).map {
            try SplitStep(
                $0, labels: labels, sheets: try arguments[LabelOptions.labels], file: try arguments[splits],
                shares: try arguments[shares], history: history ? try arguments[Self.history] : nil)
        }
    }
}
