import DataFormats
import Foundation

extension ExpertLabels {
    /// Reads one sheet as it streams; a Label Studio export
    /// (``isLabelStudioExport(_:file:)``) as ``readLabelStudio(_:file:columns:runIDs:)`` reads it.
    ///
    /// The header is checked first (``DataFormats/CSVReader/forEachRow(in:file:header:row:)``), then
    /// each row becomes a label from its cells' bytes, with no table of every cell as text. A sheet in
    /// long form is gathered into a table for ``readLong(_:columns:runIDs:values:)``.
    ///
    /// - Throws: ``InputError`` naming file, line and column.
    static func read(
        _ data: Data, file: String, defaultRater: String, columns dimensions: [Column], runIDs: Set<String>?, values: ValueMode
    ) throws(InputError) -> ExpertLabels {
        if isLabelStudioExport(data, file: file) {
            return try readLabelStudio(data, file: file, columns: dimensions, runIDs: runIDs)
        }
        var wide: WideSheet?
        var long: RecordTable?
        var labels: [Label] = []
        try CSVReader().forEachRow(in: .data(data), file: file) { header throws(InputError) in
            if let problem = LabelSheetColumns.problem(dimensionNames: dimensions.map(\.name)) {
                throw InputError(file: file, line: 1, message: problem)
            }
            let lowered = header.map(LabelSheetColumns.key)
            try checkOneColumnEach(header, lowered: lowered, dimensions: dimensions, file: file)
            func column(_ name: String) -> Int? { lowered.firstIndex(of: LabelSheetColumns.columnKey(name)) }
            if LongRatings.isLong(header: header), dimensions.contains(where: { column($0.name) == nil }) {
                long = RecordTable(file: file, columns: header)
            } else {
                wide = try WideSheet(
                    header: header, column: column, file: file, dimensions: dimensions, defaultRater: defaultRater,
                    runIDs: runIDs, values: values)
            }
        } row: { record throws(InputError) in
            if long != nil {
                long?.append((0..<record.count).map(record.text), line: record.line)
            } else if let label = try wide?.label(record) {
                labels.append(label)
            }
        }
        if let long { return try readLong(LongRatings(long), columns: dimensions, runIDs: runIDs, values: values) }
        guard !labels.isEmpty else {
            throw InputError(file: file, message: "has no labels; expected a header and one row per labelled id")
        }
        return ExpertLabels(labels: labels, dimensions: dimensions.map(\.name))
    }

    /// Two header cells that match one reserved column or one dimension are an error on the second.
    private static func checkOneColumnEach(
        _ header: [String], lowered: [String], dimensions: [Column], file: String
    ) throws(InputError) {
        for name in LabelSheetColumns.reserved + dimensions.map(\.name) {
            let matching = lowered.indices.filter { lowered[$0] == LabelSheetColumns.columnKey(name) }
            guard matching.count > 1 else { continue }
            let what = LabelSheetColumns.reserved.contains(name) ? "the sheet's \(name) column" : "the dimension \(name)"
            throw InputError(
                file: file, line: 1, column: header[matching[1]],
                message:
                    "the columns \(header[matching[0]]) (column \(matching[0] + 1)) and \(header[matching[1]]) (column \(matching[1] + 1)) both match \(what); keep one column for it"
            )
        }
    }

    /// A sheet in wide form (`id`, one column per dimension, optionally `rater`, `note` and the
    /// sampling columns), its header checked, turning rows into labels.
    private struct WideSheet {
        let file: String
        let header: [String]
        let defaultRater: String
        let runIDs: Set<String>?
        let values: ValueMode
        let idColumn: Int
        let dimensionColumns: [(Column, Int)]
        let raterColumn: Int?
        let noteColumn: Int?
        /// The sampling columns, or why the header's are not usable: thrown at the first row, so
        /// that a sheet with no rows says that first, as it always has.
        let samplingColumns: Result<[Int]?, InputError>
        /// The line each (id, rater) pair was labelled on.
        var seen: [String: Int] = [:]

        init(
            header: [String], column: (String) -> Int?, file: String, dimensions: [Column], defaultRater: String,
            runIDs: Set<String>?, values: ValueMode
        ) throws(InputError) {
            guard let idColumn = column("id") else {
                throw InputError(
                    file: file, line: 1, message: "has no id column; a label sheet starts with id, then one column per dimension")
            }
            dimensionColumns = try dimensions.map { dimension throws(InputError) in
                guard let c = column(dimension.name) else {
                    throw InputError(
                        file: file, line: 1,
                        message:
                            "has no column for the rubric dimension \(dimension.name); the header has \(header.joined(separator: ", "))")
                }
                return (dimension, c)
            }
            self.file = file
            self.header = header
            self.defaultRater = defaultRater
            self.runIDs = runIDs
            self.values = values
            self.idColumn = idColumn
            raterColumn = column("rater")
            noteColumn = column("note")
            samplingColumns = Result { () throws(InputError) in try ExpertLabels.samplingColumns(column: column, file: file) }
        }

        /// The label of one row.
        mutating func label(_ record: DelimitedRecord) throws(InputError) -> Label {
            let line = record.line
            let sampling = try samplingColumns.get()
            let id = LabelSheetColumns.id(record.text(idColumn))
            guard !id.isEmpty else { throw InputError(file: file, line: line, column: header[idColumn], message: "the id is blank") }
            if let runIDs, !runIDs.contains(id) {
                throw InputError(file: file, line: line, column: header[idColumn], message: "\(id) is not a row of the run")
            }
            let given = raterColumn.map { LabelSheetColumns.read(record.text($0)) } ?? ""
            let rater = given.isEmpty ? defaultRater : given
            if let first = seen.updateValue(line, forKey: id + "\u{0}" + rater) {
                throw InputError(
                    file: file, line: line, column: header[idColumn],
                    message: "\(id) was already labelled by \(rater) on line \(first); each (id, rater) pair is labelled once")
            }
            var scores: [String: Double] = [:]
            for (dimension, c) in dimensionColumns {
                let cell = LabelSheetColumns.read(record.text(c))
                guard !cell.isEmpty else { continue }
                scores[dimension.name] = try score(
                    cell, dimension: dimension, values: values, file: file, line: line, column: header[c])
            }
            let note = noteColumn.map { CSVWriter.spreadsheetOriginal(record.text($0)) }.flatMap { $0.isEmpty ? nil : $0 }
            var label = Label(id: id, rater: rater, scores: scores, note: note, file: file, line: line)
            if let sampling {
                let cells = sampling.map { LabelSheetColumns.read(record.text($0)) }
                try readSampling(into: &label, cells: cells, names: sampling.map { header[$0] })
            }
            return label
        }
    }
}
