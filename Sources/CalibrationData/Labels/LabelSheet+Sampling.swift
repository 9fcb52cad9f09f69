import AgreementCoefficients
import DataFormats
import Judging
import RunInference
import StatisticsCore

/// The rows one batch draws from a run, with each row's inclusion probability.
///
/// The run is divided into strata by the strategy (``SamplingStrategy``); the
/// batch's size is allocated across the strata's rows not yet drawn (by an
/// earlier batch of the same label set), and each stratum's quota is drawn
/// uniformly without replacement. After the batch a stratum h of N_h rows has
/// m_h rows drawn in all, and every one of them, from this batch or an
/// earlier one, has inclusion probability π = m_h / N_h.
///
/// **Why m_h / N_h across batches.** Within a stratum every batch draws
/// uniformly from the rows left, so, given how many rows each batch took from
/// it, the drawn rows are a uniform sample of the stratum of size m_h, whose
/// rows each have probability m_h / N_h of being in it. The probability is
/// exact when the allocation depends only on the counts (uniform and
/// stratified, and every first batch); when `judge-stratified` uses earlier
/// batches' labels to allocate (the disagreement term), it is the probability
/// given the allocation, the post-stratified weight, whose bias the seeded
/// simulation `benchmarks/SamplingSimulation` measures; the statistics then
/// weigh the set batch by batch instead (`ExpertLabels.assignBatchwiseWeights()`),
/// while the sheets and the frame keep recording π. A label set keeps one
/// strategy and one stratification, so that earlier rows keep their strata.
struct SampleDraw {
    /// Run positions in the generator's order (the first K are the overlap rows).
    let drawOrder: [Int]
    /// Run positions in the run's order.
    let inRunOrder: [Int]
    /// The strategy and batch number.
    let strategy: SamplingStrategy
    let batch: Int
    /// Each drawn row's inclusion probability and stratum key, by run position.
    let probability: [Int: Double]
    let stratum: [Int: String]
    /// Every run row after this batch, in run order: its stratum's π = m_h / N_h, its
    /// stratum key and the batch that drew it (`nil`: not drawn), for ``SamplingFrame``.
    let frame: [SamplingFrame.Row]

    /// Draws a batch of `size` rows (`nil`: every row left).
    ///
    /// - Parameters:
    ///   - dimensions: the rubric's; `judge-stratified` stratifies by the
    ///     judge's level on `field` (a dimension's name) or else on the first.
    ///   - judge: the judgments; needed by `judge-stratified`.
    ///   - escalation: the rows a trust certificate escalated; needed by `escalation`, where `size`
    ///     counts the escalated rows drawn and the kept rows drawn are its own count.
    ///   - earlier: the label set's earlier sheets; their rows are not drawn again.
    /// - Throws: ``LabelSheet/DrawError`` when the batch is larger than the rows left or the
    ///   earlier sheets were drawn otherwise; ``InputError`` when a row lacks the stratification
    ///   field or an earlier sheet has no sampling columns; ``LabelSheet/SettingsError`` for a
    ///   strategy without what it needs.
    init(
        run: FrozenRun, size: Int?, strategy: SamplingStrategy, field: String?, dimensions: [ScoreDimension],
        judge: JudgmentSet?, escalation: LabelSheet.Escalation? = nil, earlier: ExpertLabels?, seed: UInt64, threshold: Double,
        file: String
    ) throws {
        let design = try Strata(
            run: run, strategy: strategy, field: field, dimensions: dimensions, judge: judge, escalation: escalation, file: file)
        let drawn = try Self.earlierRows(earlier, strategy: strategy, design: design, run: run)
        var left = design.members.map { $0.filter { !drawn.contains($0) } }
        let quotas =
            strategy == .escalation
            ? try Self.escalationQuotas(design: design, left: left, size: size, kept: escalation?.kept, file: file)
            : try Self.quotas(design: design, left: left, size: size, strategy: strategy, earlier: earlier, drawn: drawn, threshold: threshold, file: file)
        var generator = Xoshiro256StarStar(seed: seed)
        var order: [Int] = []
        var probability: [Int: Double] = [:]
        var stratum: [Int: String] = [:]
        let batch = (earlier?.sampling?.batches ?? 0) + 1
        var earlierBatch: [String: Int] = [:]
        for label in earlier?.labels ?? [] { earlierBatch[label.id] = label.samplingBatch }
        var frame = run.rows.map { SamplingFrame.Row(id: $0.id, inclusionProbability: 0, stratum: "", batch: earlierBatch[$0.id]) }
        for h in left.indices {
            shuffle(&left[h], count: quotas[h], generator: &generator)
            let chosen = left[h].prefix(quotas[h])
            let total = design.members[h].count
            let pi = Double(total - left[h].count + quotas[h]) / Double(total)
            let key = LabelSheetColumns.stratumKey(design.names[h])
            for position in chosen {
                probability[position] = pi
                stratum[position] = key
                frame[position].batch = batch
            }
            for position in design.members[h] {
                frame[position].inclusionProbability = pi
                frame[position].stratum = key
            }
            order += chosen
        }
        drawOrder = order
        inRunOrder = order.sorted()
        self.strategy = strategy
        self.batch = batch
        self.frame = frame
        self.probability = probability
        self.stratum = stratum
    }

    /// The `escalation` strategy's quotas: `size` escalated rows (every one left when `nil`) and `kept`
    /// kept rows (``LabelSheet/Escalation/defaultAuditShare`` of the stratum, rounded up, when `nil`).
    ///
    /// - Throws: ``LabelSheet/DrawError`` when either count is more than the stratum has left;
    ///   ``LabelSheet/SettingsError`` when both are 0.
    private static func escalationQuotas(design: Strata, left: [[Int]], size: Int?, kept: Int?, file: String) throws -> [Int] {
        var quotas = Array(repeating: 0, count: left.count)
        let escalated = design.names.firstIndex(of: Strata.escalatedKey), keptStratum = design.names.firstIndex(of: Strata.keptKey)
        let escalatedLeft = escalated.map { left[$0].count } ?? 0
        let keptTotal = keptStratum.map { design.members[$0].count } ?? 0, keptLeft = keptStratum.map { left[$0].count } ?? 0
        let wanted = (escalated: size ?? escalatedLeft, kept: kept ?? min(keptLeft, Int((Double(keptTotal) * LabelSheet.Escalation.defaultAuditShare).rounded(.up))))
        for (count, available, kept) in [(wanted.escalated, escalatedLeft, false), (wanted.kept, keptLeft, true)] where count > available {
            let what = kept ? "kept" : "escalated"
            throw LabelSheet.DrawError(
                InputError(file: file, message: "a sample of \(count) \(what) rows asks for more than the \(available) \(what) rows left unlabelled"),
                .escalationBeyondStratum(size: count, left: available, kept: kept))
        }
        guard wanted.escalated + wanted.kept > 0 else { throw LabelSheet.SettingsError(.sampleOfNoRows(0)) }
        if let escalated { quotas[escalated] = wanted.escalated }
        if let keptStratum { quotas[keptStratum] = wanted.kept }
        return quotas
    }

    /// The other strategies' quotas: `size` rows (every one left when `nil`) allocated across the strata.
    private static func quotas(
        design: Strata, left: [[Int]], size: Int?, strategy: SamplingStrategy, earlier: ExpertLabels?, drawn: Set<Int>, threshold: Double,
        file: String
    ) throws -> [Int] {
        let remaining = left.reduce(0) { $0 + $1.count }
        let size = size ?? remaining
        guard size <= remaining else {
            if earlier == nil {
                throw LabelSheet.DrawError(
                    InputError(file: file, message: "a sample of \(size) asks for more rows than the run has (\(remaining))"),
                    .sampleBeyondRun(size: size, rows: remaining))
            }
            throw LabelSheet.DrawError(
                InputError(
                    file: file,
                    message:
                        "a batch of \(size) asks for more rows than the \(remaining) that the earlier sheets left unlabelled; nothing was written"
                ),
                .batchBeyondUnlabelled(size: size, left: remaining))
        }
        let weights: [Double]
        switch strategy {
        // An escalation batch has its own quotas (escalationQuotas); in proportion here, as stratified.
        case .uniform, .stratified, .escalation: weights = left.map { Double($0.count) }
        case .judgeStratified:
            let spreads = design.kappaSpreads(earlier: earlier, drawn: drawn, threshold: threshold)
            weights = left.indices.map { h in spreads.map { Double(left[h].count) * $0[h] } ?? Double(left[h].count).squareRoot() }
        }
        return Self.allocate(size, weights: weights, caps: left.map(\.count))
    }

    /// The run positions the earlier sheets drew, after checking that they were
    /// drawn with this strategy and these strata.
    ///
    /// - Throws: ``InputError`` for a sheet without sampling columns; ``LabelSheet/DrawError`` for
    ///   a sheet drawn by another strategy or a row in another stratum now.
    private static func earlierRows(
        _ earlier: ExpertLabels?, strategy: SamplingStrategy, design: Strata, run: FrozenRun
    ) throws -> Set<Int> {
        guard let earlier else { return [] }
        let position = Dictionary(run.rows.indices.map { (run.rows[$0].id, $0) }, uniquingKeysWith: { a, _ in a })
        var drawn: Set<Int> = []
        for label in earlier.labels {
            guard let sampling = earlier.sampling, let key = label.samplingStratum else {
                throw InputError(
                    file: label.file,
                    message:
                        "has no \(LabelSheetColumns.inclusionProbability) column, so the batch after it cannot be given inclusion probabilities; continue a label set that extract drew"
                )
            }
            guard sampling.strategy == strategy else {
                throw LabelSheet.DrawError(
                    InputError(
                        file: label.file, line: label.line, column: "sampling_strategy",
                        message:
                            "was drawn by \(sampling.strategy.rawValue) sampling; a label set keeps one strategy so that its rows' probabilities stay exact, so draw the next batch by \(sampling.strategy.rawValue) sampling too (or start a new label set)"
                    ),
                    .strategyChanged(sampling.strategy))
            }
            guard let p = position[label.id], LabelSheetColumns.stratumKey(design.names[design.stratum[p]]) == key else {
                throw LabelSheet.DrawError(
                    InputError(
                        file: label.file, line: label.line, column: "sampling_stratum",
                        message:
                            "row \(label.id) was drawn in another stratum than it falls in now; draw the next batch with the stratification field and judgments of the earlier ones"
                    ),
                    .stratumChanged(row: label.id))
            }
            drawn.insert(p)
        }
        return drawn
    }

    /// `total` split across strata in proportion to `weights`, by largest
    /// remainders (ties to the earlier stratum), none above its cap; what a
    /// capped stratum cannot take goes to the others in the same way.
    static func allocate(_ total: Int, weights: [Double], caps: [Int]) -> [Int] {
        var quotas = Array(repeating: 0, count: weights.count)
        var open = weights.indices.filter { caps[$0] > 0 }
        var left = total
        while left > 0, !open.isEmpty {
            let sum = open.reduce(0) { $0 + weights[$1] }
            let share = open.map { sum > 0 ? Double(left) * weights[$0] / sum : Double(left) / Double(open.count) }
            var give = share.map { Int($0.rounded(.down)) }
            let byRemainder = open.indices.sorted { (share[$0] - Double(give[$0]), -$0) > (share[$1] - Double(give[$1]), -$1) }
            for s in byRemainder.prefix(left - give.reduce(0, +)) { give[s] += 1 }
            for (s, h) in open.enumerated() {
                let taken = min(give[s], caps[h] - quotas[h])
                quotas[h] += taken
                left -= taken
            }
            open = open.filter { quotas[$0] < caps[$0] }
        }
        return quotas
    }
}

/// The first `count` places of a Fisher–Yates shuffle: a uniform draw without replacement.
func shuffle(_ items: inout [Int], count: Int, generator: inout Xoshiro256StarStar) {
    for i in 0..<min(count, items.count) {
        let j = i + generator.nextIndex(below: items.count - i)
        items.swapAt(i, j)
    }
}

/// A strategy's strata of a run: names in order of first appearance, their
/// members (run positions, in run order) and each row's stratum.
struct Strata {
    var names: [String] = []
    var members: [[Int]] = []
    var stratum: [Int] = []
    /// The run's row ids.
    let ids: [String]
    /// For `judge-stratified`: the dimension, its scale and the judge's level per row.
    var judged: (dimension: String, scale: CategoryScale, levels: [Double?])?

    /// The `escalation` strategy's two strata.
    static let escalatedKey = "trust=escalated", keptKey = "trust=kept"

    init(
        run: FrozenRun, strategy: SamplingStrategy, field: String?, dimensions: [ScoreDimension], judge: JudgmentSet?,
        escalation: LabelSheet.Escalation?, file: String
    ) throws {
        ids = run.rows.map(\.id)
        let keys: [String]
        switch strategy {
        case .uniform:
            keys = run.rows.map { _ in "all" }
        case .stratified:
            guard let field else { throw LabelSheet.SettingsError(.stratifiedWithoutField) }
            keys = try run.rows.map { row throws(InputError) in
                guard let value = row.json.value(atPath: field), value != .null else {
                    throw InputError(
                        file: file, column: field, message: "row \(row.id) has no value for \(field), so it cannot be stratified")
                }
                return "\(field)=\(value.plainText)"
            }
        case .judgeStratified:
            guard let judge else {
                throw LabelSheet.SettingsError(.judgeStratifiedWithoutJudgments)
            }
            let name = field ?? dimensions.first?.name ?? ""
            guard let dimension = dimensions.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw LabelSheet.SettingsError(.stratumNotADimension(name, dimensions: dimensions.map(\.name)))
            }
            let scores = JudgeScores(judgments: judge, dimension: dimension.name).scores
            let scale = dimension.categoryScale
            let levels = run.rows.map { row in scores[row.id].map { CategoryRounding.category($0.value, on: scale).value } }
            judged = (dimension.name, scale, levels)
            keys = levels.map { LabelSheet.judgeStratum(dimension.name, level: $0) }
        case .escalation:
            guard let escalation else { throw LabelSheet.SettingsError(.escalationWithoutDecisions) }
            keys = run.rows.map { escalation.escalated.contains($0.id) ? Self.escalatedKey : Self.keptKey }
        }
        var index: [String: Int] = [:]
        for (position, key) in keys.enumerated() {
            let h = index[key] ?? names.count
            if h == names.count {
                index[key] = h
                names.append(key)
                members.append([])
            }
            members[h].append(position)
            stratum.append(h)
        }
    }

    /// Each stratum's S_h for `judge-stratified`, from the rows labelled in the earlier sheets.
    ///
    /// S_h is the spread of quadratic kappa's linearised value among the stratum's rows at
    /// κ = `threshold` (``KappaNeymanAllocation``), with the experts' mean on the scale against
    /// the judge's level. The rows the judge did not score get the run-weighted mean spread of
    /// the others. `nil` before any label or with no spread anywhere, when the batch falls back
    /// to √(rows left).
    func kappaSpreads(earlier: ExpertLabels?, drawn: Set<Int>, threshold: Double) -> [Double]? {
        guard let earlier, let judged else { return nil }
        let scale = judged.scale
        let k = scale.count
        let level = judged.levels.map { $0.flatMap { scale.index(of: $0) } }
        var shares = [Double](repeating: 0, count: k)
        for h in level.compactMap({ $0 }) { shares[h] += 1 }
        var values: [String: [Double]] = [:]
        for label in earlier.labels { if let v = label.scores[judged.dimension] { values[label.id, default: []].append(v) } }
        var counts = [Int](repeating: 0, count: k * k)
        for position in drawn {
            guard let h = level[position], let list = values[ids[position]],
                let e = scale.index(of: CategoryRounding.category(list.reduce(0, +) / Double(list.count), on: scale).value)
            else { continue }
            counts[e * k + h] += 1
        }
        guard
            let spreads = KappaNeymanAllocation.spreads(
                labelled: counts, scale: scale, columnShares: shares, weights: .quadratic, threshold: threshold)
        else { return nil }
        let mean = zip(shares, spreads).reduce(0) { $0 + $1.0 * $1.1 } / max(1, shares.reduce(0, +))
        return members.map { rows in rows.first.flatMap { level[$0] }.map { spreads[$0] } ?? mean }
    }
}

extension LabelSheet {
    /// A judge-stratified row's stratum key: the judge's level on `dimension` (`judge Relevance=3`,
    /// `judge Relevance=none` for a row the judge did not score).
    static func judgeStratum(_ dimension: String, level: Double?) -> String {
        "judge \(dimension)=\(level.map(\.plainText) ?? "none")"
    }

    /// The dimension whose judge levels a stratum key of ``judgeStratum(_:level:)`` names; `nil` for another key.
    public static func judgeStratifiedDimension(ofStratum key: String) -> String? {
        guard key.hasPrefix("judge "), let equals = key.lastIndex(of: "=") else { return nil }
        return String(key[key.index(key.startIndex, offsetBy: 6)..<equals])
    }
}
