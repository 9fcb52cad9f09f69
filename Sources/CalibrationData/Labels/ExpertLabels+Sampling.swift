import DataFormats

extension ExpertLabels {
    /// The positions of the five sampling columns (``LabelSheetColumns/sampling``),
    /// or `nil` when the sheet has none.
    ///
    /// - Throws: ``InputError`` on the header when it has some but not all.
    static func samplingColumns(column: (String) -> Int?, file: String) throws(InputError) -> [Int]? {
        let found = LabelSheetColumns.sampling.map(column)
        guard found.contains(where: { $0 != nil }) else { return nil }
        let present = found.compactMap { $0 }
        guard present.count == found.count else {
            let missing = LabelSheetColumns.sampling.indices.filter { found[$0] == nil }.map { LabelSheetColumns.sampling[$0] }
            throw InputError(
                file: file, line: 1,
                message:
                    "has \(LabelSheetColumns.sampling.indices.filter { found[$0] != nil }.map { LabelSheetColumns.sampling[$0] }.joined(separator: ", ")) but not \(missing.joined(separator: ", ")); keep every sampling column extract wrote, or none"
            )
        }
        return present
    }

    /// Reads a row's sampling cells into `label`.
    ///
    /// - Parameters:
    ///   - cells: the five cells as ``LabelSheetColumns/read(_:)`` reads them, in ``LabelSheetColumns/sampling``'s order.
    ///   - names: their columns' names as the header writes them, for errors.
    /// - Throws: ``InputError`` naming the cell when the probability is not in
    ///   (0, 1], the strategy unknown, the batch not a whole number from 1, the
    ///   stratum blank, or the check does not match the other cells (one was edited).
    static func readSampling(into label: inout Label, cells: [String], names: [String]) throws(InputError) {
        func fail(_ c: Int, _ message: String) -> InputError {
            InputError(file: label.file, line: label.line, column: names[c], message: message)
        }
        guard let pi = Double(cells[0]), pi > 0, pi <= 1 else {
            throw fail(0, "'\(cells[0])' is not an inclusion probability; expected a number greater than 0 and at most 1")
        }
        guard let strategy = SamplingStrategy(rawValue: cells[1]) else {
            throw fail(1, "'\(cells[1])' is not a sampling strategy; expected one of \(SamplingStrategy.names.joined(separator: ", "))")
        }
        guard let batch = Int(cells[2]), batch >= 1 else { throw fail(2, "'\(cells[2])' is not a batch number; expected 1, 2, …") }
        guard !cells[3].isEmpty else { throw fail(3, "the stratum is blank; expected the key extract wrote") }
        let check = LabelSheetColumns.samplingCheck(
            id: label.id, probability: cells[0], strategy: cells[1], batch: cells[2], stratum: cells[3])
        guard check == cells[4] else {
            throw fail(
                0,
                "row \(label.id)'s sampling cells (\(LabelSheetColumns.sampling.prefix(4).joined(separator: ", "))) are not those extract wrote: sampling_check is \(cells[4].isEmpty ? "blank" : cells[4]) but they give \(check); restore the values extract wrote (a spreadsheet may have rounded the probability), since the statistics weigh each row by them"
            )
        }
        label.inclusionProbability = pi
        label.samplingStrategy = strategy
        label.samplingBatch = batch
        label.samplingStratum = cells[3]
    }

    /// Checks that the sheets read together form one label set and brings each
    /// row's inclusion probability up to date.
    ///
    /// Every sheet must carry sampling columns or none; each sheet is one batch
    /// of one strategy; the batches are 1, 2, …, B without a gap. A stratum's
    /// probability m_h / N_h only grows with each batch that draws from it, so
    /// the largest value any sheet gives a stratum is its current one, and
    /// every row of the stratum, from any batch, takes it. A judge-stratified set of several batches
    /// also gets its batch-wise weights (``assignBatchwiseWeights()``), which the statistics use.
    ///
    /// - Throws: ``InputError`` naming the sheet and line that breaks a rule.
    mutating func reconcileSampling() throws(InputError) {
        guard let first = labels.first else { return }
        var current: [String: Double] = [:]
        var batches: Set<Int> = []
        var sheetBatch: [String: Int] = [:]
        for label in labels {
            guard let strategy = label.samplingStrategy, let batch = label.samplingBatch, let key = label.samplingStratum,
                let pi = label.inclusionProbability
            else {
                guard first.samplingStrategy == nil else { throw Self.mixed(without: label.file, with: first.file) }
                continue
            }
            guard let firstStrategy = first.samplingStrategy else { throw Self.mixed(without: first.file, with: label.file) }
            guard strategy == firstStrategy else {
                throw InputError(
                    file: label.file, line: label.line, column: "sampling_strategy",
                    message:
                        "was drawn by \(strategy.rawValue) sampling but \(first.file) by \(firstStrategy.rawValue); one label set has one strategy"
                )
            }
            if let other = sheetBatch.updateValue(batch, forKey: label.file), other != batch {
                throw InputError(
                    file: label.file, line: label.line, column: "sampling_batch",
                    message: "is batch \(batch) but earlier rows of the sheet are batch \(other); a sheet holds one batch")
            }
            batches.insert(batch)
            current[key] = max(current[key] ?? 0, pi)
        }
        if let highest = batches.max(), let gap = (1...highest).first(where: { !batches.contains($0) }) {
            let later = labels.first { $0.samplingBatch == highest }
            throw InputError(
                file: later?.file ?? first.file,
                message:
                    "is batch \(highest) of its label set, but no sheet of batch \(gap) was given; give every batch's sheets, since each row's probability counts the rows drawn before it"
            )
        }
        try assignBatchwiseWeights()
        for i in labels.indices {
            if let key = labels[i].samplingStratum { labels[i].inclusionProbability = current[key] }
        }
    }

    /// The error for sheets read together of which `without` has no probabilities and `with` has.
    private static func mixed(without: String, with: String) -> InputError {
        InputError(
            file: without,
            message:
                "has no \(LabelSheetColumns.inclusionProbability) column but \(with) has; rows with and without inclusion probabilities cannot be weighed together, so give the sheets of one label set"
        )
    }
}
