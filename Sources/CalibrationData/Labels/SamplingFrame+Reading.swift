import DataFormats
public import Foundation

extension SamplingFrame {
    /// Reads a frame `extract` wrote.
    ///
    /// - Throws: ``InputError`` naming file, line and column for a missing column, a
    ///   probability outside [0, 1] (or 0 for a drawn row), an unknown strategy, a batch
    ///   that is not a whole number from 1, a blank stratum, rows of two runs or two
    ///   strategies, an id given twice, or a `sampling_check` that does not match the
    ///   other cells (one was edited); a frame with no rows.
    public static func load(from url: URL) throws -> SamplingFrame {
        let file = InputFile.displayName(url)
        let table = try CSVReader().read(try InputFile.read(url), file: file)
        let keys = table.columns.map(LabelSheetColumns.key)
        let positions = try columns.map { name throws(InputError) in
            guard let c = keys.firstIndex(of: name) else {
                throw InputError(
                    file: file, line: 1,
                    message: "has no \(name) column; a sampling frame has the columns \(columns.joined(separator: ", "))")
            }
            return c
        }
        guard table.rowCount > 0 else {
            throw InputError(file: file, message: "has no rows; a sampling frame lists every row of its run")
        }
        var rows: [Row] = []
        var seen: Set<String> = []
        var first: (run: String, strategy: SamplingStrategy)?
        for r in 0..<table.rowCount {
            let cells = positions.map { LabelSheetColumns.read(table[r, $0]) }
            func fail(_ c: Int, _ message: String) -> InputError {
                InputError(file: file, line: table.lines[r], column: columns[c], message: message)
            }
            guard let pi = Double(cells[2]), pi >= 0, pi <= 1 else {
                throw fail(2, "'\(cells[2])' is not an inclusion probability; expected a number from 0 to 1")
            }
            guard let strategy = SamplingStrategy(rawValue: cells[3]) else {
                throw fail(3, "'\(cells[3])' is not a sampling strategy; expected one of \(SamplingStrategy.names.joined(separator: ", "))")
            }
            let batch = Int(cells[4])
            guard cells[4].isEmpty || (batch ?? 0) >= 1 else {
                throw fail(4, "'\(cells[4])' is not a batch number; expected 1, 2, … or blank for a row not drawn")
            }
            guard !cells[5].isEmpty else { throw fail(5, "the stratum is blank; expected the key extract wrote") }
            guard Self.check(Array(cells.prefix(6))) == cells[6] else {
                throw fail(
                    2,
                    "row \(cells[1])'s cells are not those extract wrote (sampling_check \(cells[6].isEmpty ? "is blank" : cells[6]) does not match them); restore the frame extract wrote (a spreadsheet may have rounded a probability), since every row is weighted by it"
                )
            }
            guard batch == nil || pi > 0 else { throw fail(2, "row \(cells[1]) was drawn, so its probability cannot be 0") }
            if let first, first.run != cells[0] || first.strategy != strategy {
                let c = first.run != cells[0] ? 0 : 3
                throw fail(
                    c,
                    "differs from the frame's first row (\(first.run), \(first.strategy.rawValue)); a frame is of one run and one strategy")
            }
            first = (cells[0], strategy)
            guard seen.insert(cells[1]).inserted else { throw fail(1, "row \(cells[1]) is listed twice; a frame lists each row once") }
            rows.append(Row(id: cells[1], inclusionProbability: pi, stratum: cells[5], batch: batch, line: table.lines[r]))
        }
        return SamplingFrame(
            run: first?.run ?? "", strategy: first?.strategy ?? .uniform, batches: rows.compactMap(\.batch).max() ?? 1, rows: rows,
            file: file)
    }

    /// Each row's inclusion probability, by id, for an estimate of the rows `rowIDs` labelled by `labels`,
    /// after checking that the frame is the one `extract` wrote with the sheets' latest batch.
    ///
    /// - Parameter runName: the run's name when the run itself is known; the frame must be of it.
    /// - Throws: ``InputError`` naming the frame (and line and column) when it is of another run
    ///   (another name, or a row that is not one of `rowIDs`), leaves rows of the run out, was drawn
    ///   by another strategy than the sheets, or gives a labelled row another stratum or probability
    ///   than the sheets (a frame of an earlier batch), or when the sheets record no sampling at all.
    public func inclusionProbabilities(rowIDs: [String], labels: ExpertLabels, runName: String?) throws -> [String: Double] {
        if let runName, runName != run {
            throw InputError(
                file: file, line: rows.first?.line, column: "run",
                message: "is the frame of the run \(run), not of \(runName); give the frame extract wrote for this run's label set")
        }
        let wanted = Set(rowIDs)
        var byID: [String: Row] = [:]
        for row in rows {
            guard wanted.contains(row.id) else {
                throw InputError(
                    file: file, line: row.line, column: "id",
                    message:
                        "row \(row.id) is not a row of the run being estimated; this frame (of the run \(run)) was written for another run"
                )
            }
            byID[row.id] = row
        }
        let missing = rowIDs.filter { byID[$0] == nil }
        if let example = missing.first {
            throw InputError(
                file: file,
                message:
                    "lists no row for \(missing.count) of the run's \(rowIDs.count) rows (\(example) first); a frame gives every row's probability, so give the one extract wrote for this run"
            )
        }
        for label in labels.labels {
            guard let pi = label.inclusionProbability, let stratum = label.samplingStratum else {
                throw InputError(
                    file: label.file, line: label.line,
                    message:
                        "has no sampling columns, so its rows were not drawn with the frame \(file); give the sheets extract wrote with it"
                )
            }
            guard label.samplingStrategy == strategy else {
                throw InputError(
                    file: label.file, line: label.line, column: "sampling_strategy",
                    message: "was drawn by \(label.samplingStrategy?.rawValue ?? "") sampling but the frame \(file) by \(strategy.rawValue)"
                )
            }
            guard let row = byID[label.id] else { continue }
            guard row.batch != nil, row.stratum == stratum, row.inclusionProbability == pi else {
                throw InputError(
                    file: file, line: row.line, column: LabelSheetColumns.inclusionProbability,
                    message:
                        "row \(row.id) is \(row.batch == nil ? "not drawn" : "drawn with π = \(row.inclusionProbability.plainText)") here but has π = \(pi.plainText) in \(label.file) (line \(label.line)); the frame is of another batch than the sheets: give the frame extract wrote with the latest batch, and every batch's sheets"
                )
            }
        }
        return byID.mapValues(\.inclusionProbability)
    }
}
