import DataFormats

extension ExpertLabels {
    /// Gives every row of a judge-stratified label set of several batches its batch-wise
    /// Horvitz–Thompson weight (``Label/batchwiseWeight``), from the sheets' recorded probabilities;
    /// call it before those are brought up to date.
    ///
    /// **Why.** A judge-stratified batch after the first allocates its rows with the earlier batches'
    /// labels, so π = m_h / N_h is a row's probability only given the allocation, and weighting by it
    /// is biased (`docs/SAMPLING.md`). Each batch's own estimate is unbiased given what came before:
    /// in stratum h, batch b draws m_bh rows uniformly from the R_bh = N_h − M_(b−1)h rows no earlier
    /// batch drew (M: the cumulative count), so
    ///
    ///     T̂_b = (the totals of the rows drawn before b) + (R_bh / m_bh) · (the totals of batch b's rows)
    ///
    /// has expectation the stratum's total T given the history, and so does any combination
    /// Σ_b c_b T̂_b with Σ_b c_b = 1 and c_b fixed in advance. Here c_b ∝ n_b, the batch's size (the
    /// rows the next batch asked for), so a larger batch counts more. As a weight per row: a row drawn in
    /// batch j of stratum h has
    ///
    ///     w = c_j · R_jh / m_jh + Σ_(b > j) c_b,
    ///
    /// and the weights of a stratum's rows sum to N_h. The statistics take 1/w as the row's
    /// probability (``Label/effectiveInclusionProbability``).
    ///
    /// **From the sheets.** m_bh counts the distinct rows of batch b's sheets in stratum h (a row left
    /// blank was drawn and counts), M_bh their running sum, and N_h = M_bh / π_bh from the latest batch
    /// that drew from h; every other batch's π_bh must then equal M_bh / N_h.
    ///
    /// **Edge cases.** A stratum exhausted before batch b (R_bh = 0) has T̂_b = T exactly and keeps c_b.
    /// A batch that drew no row from a stratum with rows left cannot estimate its remainder: the
    /// stratum's c are renormalised over the other batches. Whether a batch draws from a stratum can
    /// depend on earlier labels, so then the weighting is no longer exactly unbiased for that stratum
    /// (the residual bias is that of weights chosen after the fact; it needs a batch whose rounded
    /// quota for a stratum was 0). The figures are Hájek ratios of these totals, so a kappa keeps its
    /// O(1/n) ratio bias. c_b ∝ n_b is fixed in advance only when the batch sizes are not chosen from
    /// the labels.
    ///
    /// - Throws: ``InputError`` naming a sheet whose probability for a stratum does not match the
    ///   rows the sheets hold (a row deleted from a sheet, or a rater's sheet missing).
    mutating func assignBatchwiseWeights() throws(InputError) {
        guard let strategy = sampling?.strategy, strategy == .judgeStratified, let batches = sampling?.batches, batches > 1
        else { return }
        var rows: [String: [Int: Set<String>]] = [:]  // stratum → batch → ids
        var recorded: [String: [Int: (pi: Double, file: String, line: Int)]] = [:]
        var size = Array(repeating: Set<String>(), count: batches + 1)
        for label in labels {
            guard let key = label.samplingStratum, let b = label.samplingBatch, let pi = label.inclusionProbability else { continue }
            rows[key, default: [:]][b, default: []].insert(label.id)
            if recorded[key]?[b] == nil { recorded[key, default: [:]][b] = (pi, label.file, label.line) }
            size[b].insert(label.id)
        }
        let total = Double(size.reduce(0) { $0 + $1.count })
        let c = size.map { Double($0.count) / total }
        var weight: [String: Double] = [:]
        for (key, byBatch) in rows {
            let m = (0...batches).map { byBatch[$0]?.count ?? 0 }
            var before = Array(repeating: 0, count: batches + 2)  // before[b] = M_(b−1)h, before[b + 1] = M_bh
            for b in 1...batches { before[b + 1] = before[b] + m[b] }
            let latest = (1...batches).last { m[$0] > 0 } ?? 1
            let stratumSize = (Double(before[latest + 1]) / (recorded[key]?[latest]?.pi ?? 1)).rounded()
            for b in 1...batches where m[b] > 0 {
                guard let given = recorded[key]?[b] else { continue }
                let implied = Double(before[b + 1]) / stratumSize
                guard abs(implied - given.pi) > 1e-9 else { continue }
                throw InputError(
                    file: given.file, line: given.line, column: LabelSheetColumns.inclusionProbability,
                    message:
                        "gives its stratum π = \(given.pi.plainText), but the sheets of batches 1 to \(b) hold \(before[b + 1]) of its rows, which with the latest batch's π make a stratum of \(stratumSize.plainText) rows and π = \(implied.plainText); give every batch's sheets with every row extract wrote (a row left blank stays in its sheet)"
                )
            }
            let usable = (1...batches).filter { m[$0] > 0 || stratumSize <= Double(before[$0]) }
            let share = usable.reduce(0) { $0 + c[$1] }
            for j in usable where m[j] > 0 {
                let own = c[j] * (stratumSize - Double(before[j])) / Double(m[j])
                let later = usable.filter { $0 > j }.reduce(0) { $0 + c[$1] }
                for id in byBatch[j] ?? [] { weight[key + "\u{0}" + id] = (own + later) / share }
            }
        }
        for i in labels.indices {
            guard let key = labels[i].samplingStratum else { continue }
            labels[i].batchwiseWeight = weight[key + "\u{0}" + labels[i].id]
        }
    }
}
