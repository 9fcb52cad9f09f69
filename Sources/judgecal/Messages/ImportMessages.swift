import CalibrationData
import RunImports
import DataFormats

/// `import`'s words for the importer's errors whose way out is one of its options: the field
/// mapping (`--id`, `--input`, `--response`) and the label columns (`--label-columns`).
enum ImportMessages {
    /// The import error as `import` words it, at its place.
    static func message(for error: RunImporter.ImportError) -> String {
        error.description(saying: text(for: error.problem))
    }

    /// What is wrong with an import, as `import` words it (without the place).
    static func text(for problem: RunImporter.ImportProblem) -> String {
        switch problem {
        case .missingField(let path): "field `\(path)` is missing; map it with the matching option (--id, --input, --response)"
        case .contentCollision(let earlier, let id):
            "this row and the row \(earlier) differ, but their contents hash to the same id \(id) (a collision of the 64-bit content hash); give every row an id of its own: map an id field with --id (JSON Lines or CSV)"
        case .repeatedContent(let earlier, let id):
            "this row has the same input and response as the row \(earlier), so both would get the id \(id) (a hash of their content); map an id field with --id, or remove the repeated row"
        case .noLabelValues(let paths):
            "no record has a value in \(paths.joined(separator: ", ")); check the --label-columns names"
        // Inspect's own option, which leaves a log's samples out.
        case .noSamples: "holds no samples (was it written with --no-log-samples?); there is nothing to import"
        }
    }

    /// The label-column problems of ``LabelSheet/SettingsError`` as `import --label-columns` words
    /// them; `nil` for the others.
    static func labelColumns(_ problem: LabelSheet.SettingsError.Problem) -> String? {
        switch problem {
        case .labelColumnsOfFormat(let format):
            "--label-columns reads fields of JSON Lines or CSV records (or JUDGE-BENCH metrics); a \(format) export has none"
        case .labelColumnRepeated(let path): "--label-columns: '\(path)' is blank or given twice; name each field once"
        case .labelColumnNames(let problem): "--label-columns: \(problem)"
        case .labelColumnMapped(let path): "--label-columns: \(path) is mapped to the row already; a label field is not the row's"
        case .metricMissing(let file, let metric, let metrics):
            "--label-columns: \(file) has no metric \(metric); its metrics are \(metrics.joined(separator: ", "))"
        default: nil
        }
    }
}
