import CalibrationData
public import DataFormats
public import SelectiveTrust

/// What `judgecal trust` writes with prediction sets: each judged row's set per dimension, the widest first.
public enum TrustSetsFile {
    /// The columns: `rank` (the order to label rows in, widest set first, per dimension), `id`, `dimension`, the set's
    /// `lower` and `upper` levels, its `width` in levels, the judge's `mass` on it, and whether the row is `labelled`.
    public static let columns = ["rank", "id", "dimension", "lower", "upper", "width", "mass", "labelled"]

    /// The sets as the file holds them; every cell spreadsheet-safe.
    public static func csv(_ sets: TrustPredictionSets) -> String {
        let writer = CSVWriter()
        var out = writer.record(columns)
        for d in sets.dimensions {
            for (rank, row) in d.rows.enumerated() {
                let cells = [
                    String(rank + 1), row.id, d.name, JSONValue.number(row.lower).plainText, JSONValue.number(row.upper).plainText,
                    String(row.width), JSONValue.number(row.mass).plainText, row.labelled ? "yes" : "no",
                ]
                out += writer.record(cells.map(CSVWriter.spreadsheetSafe))
            }
        }
        return out
    }

    /// One line per dimension: the coverage, the calibration rows, the sets' widths.
    public static func summary(_ sets: TrustPredictionSets) -> [String] {
        sets.dimensions.map { d in
            let widths = d.meanWidth.map { w in
                "mean width \(ReportNumber.number(w)) levels, \(ReportNumber.percent(d.singletons ?? 0)) a single level, "
                    + "\(ReportNumber.percent(d.wholeScale ?? 0)) the whole scale"
            } ?? "no judged row has a level distribution"
            let calibrated = d.threshold == nil ? "too few to calibrate, so every set is the whole scale" : "q̂ \(ReportNumber.number(d.threshold))"
            return "\(d.name): sets with \(ReportNumber.percent(sets.coverage)) coverage from \(d.calibrationRows) labelled rows (\(calibrated)); \(widths)"
        }
    }
}
