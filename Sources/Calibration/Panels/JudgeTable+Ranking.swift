import AgreementCoefficients
import CalibrationData
import RunInference
import StatisticsCore

extension JudgeTable {
    /// The judges (and the panels that scored every common row) ranked on the common rows.
    ///
    /// The common rows are the `rows` not `left` out (the worked examples) that every judge scored and whose experts give a
    /// value (``ExpertPanel/expertValue(_:)``, the settings' combination). Every value is placed on the
    /// declared scale (rounded half up) and each entry's statistic is the verdict's in its table form,
    /// so the correlations, too, are of the categories, as `compare`'s are. The best is the entry of
    /// highest statistic (ties in the given order); each other entry's difference best − entry comes
    /// from the paired multinomial bootstrap of their k³ table
    /// (``PairedRatingTable/difference(_:resampling:undefined:)``, the settings' resamples and seed,
    /// BCa when asked), its p-value the two-sided percentile bootstrap p
    /// (``BootstrapResult/twoSidedPValue(null:)``), which inverts the interval printed beside it, and
    /// Holm's adjustment (``HolmAdjustment``) runs over the m − 1 comparisons of the dimension.
    static func rank(
        _ sides: [(name: String, isPanel: Bool, scores: JudgeScores)], dimension: AlignmentInput.Dimension, rows: [String],
        left: Set<String>, options: AlignmentSettings
    ) throws -> Ranking {
        let test =
            "best − each on the common rows: paired bootstrap (\(options.resamples) resamples, seed \(options.seed)), two-sided percentile p, Holm over the comparisons with the best"
        var ranking = Ranking(commonRows: 0, entries: [], panelsLeftOut: [:], test: test, undefinedReason: nil)
        let experts = try ExpertPanel(
            dimension: dimension.name, scale: dimension.scale, labels: dimension.expertLabels, runRows: Set(rows),
            combination: options.experts)
        let judges = sides.filter { !$0.isPanel }
        let common = rows.filter { row in
            !left.contains(row) && experts.expertValue(row) != nil && judges.allSatisfy { $0.scores.scores[row] != nil }
        }
        ranking.commonRows = common.count
        for panel in sides where panel.isPanel {
            let missing = common.count { panel.scores.scores[$0] == nil }
            if missing > 0 { ranking.panelsLeftOut[panel.name] = missing }
        }
        let ranked = sides.filter { ranking.panelsLeftOut[$0.name] == nil }
        guard let scale = dimension.scale else {
            ranking.undefinedReason = .noData(
                "dimension \(dimension.name) has no declared scale, so the judges' paired differences (on its categories) cannot be formed")
            return ranking
        }
        guard common.count >= AgreementStatistic.minimumItems else {
            ranking.undefinedReason = .tooFew(
                "\(common.count) row\(common.count == 1 ? "" : "s") every judge scored and the experts valued; a ranking needs \(AgreementStatistic.minimumItems)")
            return ranking
        }
        let place = { (value: Double) in CategoryRounding.category(value, on: scale).value }
        let expert = common.map { experts.expertValue($0).map(place) }
        let values = ranked.map { side in common.map { side.scores.scores[$0].map { place($0.value) } } }
        let request = options.statistic.agreementRequest(options: options, scale: scale)
        let statistic = request.statistic.tableStatistic(for: request, scale: scale)
        let figures = try values.map { column in
            try statistic?(ContingencyTable(scale: scale, first: expert, second: column))
        }
        let order = ranked.indices.sorted { (figures[$0] ?? -.infinity, -$0) > (figures[$1] ?? -.infinity, -$1) }
        guard let best = order.first else { return ranking }
        var entries: [RankedEntry] = []
        for i in order {
            let estimate = figures[i].map { Estimate(value: $0, n: common.count) }
                ?? Estimate(undefined: .noVariation("\(options.statistic.displayName) is undefined on the common rows"), n: common.count)
            guard i != best else {
                entries.append(RankedEntry(judge: ranked[i].name, statistic: estimate, differenceFromBest: nil, pValue: nil, holmAdjustedPValue: nil))
                continue
            }
            let table = try PairedRatingTable(scale: scale, expert: expert, first: values[best], second: values[i])
            let (difference, resampled) = table.difference(
                options, resampling: true, undefined: ("for \(ranked[best].name)", "for \(ranked[i].name)"))
            entries.append(
                RankedEntry(
                    judge: ranked[i].name, statistic: estimate, differenceFromBest: difference,
                    pValue: resampled?.twoSidedPValue(null: 0), holmAdjustedPValue: nil))
        }
        let adjusted = HolmAdjustment.adjusted(entries.map(\.pValue))
        for i in entries.indices { entries[i].holmAdjustedPValue = adjusted[i] }
        ranking.entries = entries
        return ranking
    }
}
