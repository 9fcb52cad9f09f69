import AgreementCoefficients
public import CalibrationData
import StatisticsCore

extension AlignmentReport {
    /// Compares the judge with the experts on every dimension of `input`.
    ///
    /// Per dimension: the rows with both a judge score and an expert label are
    /// paired (the worked-example rows left out unless
    /// ``AlignmentSettings/includeExampleRows``); the expert value of a row is
    /// the mean of its raters. Correlations, bias, spread and the
    /// recalibration use the values as they are; the category statistics use
    /// them rounded half up onto the declared scale (counted in
    /// ``DimensionAlignment/rounding``), and are undefined with reason
    /// `no-scale` when the dimension has none. Each figure equals the
    /// statistics function (`AgreementCoefficients`) called on the same pairs (checked in the tests).
    ///
    /// - Throws: ``AlignmentError`` for a score, failure or label of a row not in
    ///   the run, a row both scored and failed, a rater labelling a row twice, a
    ///   value that is not finite or lies beyond the scale's ends, a paired row
    ///   without a group when groups are given, or a repeated dimension name;
    ///   ``AgreementRequestError`` for options ``AlignmentSettings/validated()`` refuses;
    ///   ``AlignmentSettingsError`` for a margin or threshold factor out of range, a threshold from the
    ///   ceiling of a dimension without one, or the judge against each rater where it cannot apply.
    public init(_ input: AlignmentInput, options: AlignmentSettings = AlignmentSettings()) throws {
        try self.init(input, options: options, whole: nil)
    }

    /// The report of `input`, or, with `whole`, of one origin's rows of the report `whole`: each dimension
    /// then keeps the whole's threshold (one threshold per dimension across origins), and a dimension whose
    /// rows here have one rater has no figure against each rater, with the reason, rather than a refusal.
    private init(_ input: AlignmentInput, options: AlignmentSettings, whole: [String: DimensionAlignment]?) throws {
        let options = try options.validated()
        try AlternativeAnnotatorTest.check(epsilon: options.alternativeAnnotatorMargin)
        try CeilingThreshold.check(options)
        let runRows = Set(input.runRowIDs)
        var names: Set<String> = []
        var dimensions: [DimensionAlignment] = []
        var pairedByDimension: [PairedScores] = []
        var exampleRows: Set<String> = []
        for dimension in input.dimensions {
            guard names.insert(dimension.name.lowercased()).inserted else {
                throw AlignmentError(
                    "dimension \(dimension.name) appears twice (names are compared without case); give each dimension once")
            }
            let aligned = try DimensionAligner(
                dimension: dimension, input: input, runRows: runRows, options: options, whole: whole?[dimension.name])
            exampleRows.formUnion(aligned.examplesSeen)
            pairedByDimension.append(aligned.pairs)
            dimensions.append(try aligned.alignment())
        }
        self.init(
            info: input.info, options: options, exampleRows: exampleRows.sorted(), exampleRowsIncluded: options.includeExampleRows,
            dimensions: dimensions, halo: try Self.halo(pairedByDimension, names: input.dimensions.map(\.name), runOrder: input.runRowIDs),
            sampling: input.sampling)
        if whole == nil {
            let byName = Dictionary(dimensions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            origins = try Self.originAlignments(input) { try AlignmentReport($0, options: options, whole: byName) }
        }
        alternativeAnnotatorTest = AlternativeAnnotatorTest.Pooled(
            dimensions.compactMap { dimension in dimension.alternativeAnnotatorTest.map { (dimension.name, $0) } })
        degenerateJudge = DegenerateJudge(input.dimensions.map(\.judge), rows: input.runRowIDs.filter { options.includeExampleRows || !exampleRows.contains($0) })
    }

    /// The halo comparison on the rows paired in every dimension, in run order.
    private static func halo(_ pairs: [PairedScores], names: [String], runOrder: [String]) throws -> HaloComparison {
        let lookups = pairs.map { p in Dictionary(uniqueKeysWithValues: p.ids.indices.map { (p.ids[$0], $0) }) }
        let complete = runOrder.filter { id in lookups.allSatisfy { $0[id] != nil } }
        let judge = complete.map { id in pairs.indices.map { d in pairs[d].second[lookups[d][id] ?? 0] } }
        let expert = complete.map { id in pairs.indices.map { d in pairs[d].first[lookups[d][id] ?? 0] } }
        return HaloComparison(
            judge: try HaloSummary(scores: judge, dimensions: names), expert: try HaloSummary(scores: expert, dimensions: names))
    }
}

/// The alignment of one dimension, computed in steps.
private struct DimensionAligner {
    let dimension: AlignmentInput.Dimension
    let options: AlignmentSettings
    /// For one origin's rows: the whole report's alignment of this dimension, whose threshold it keeps.
    let whole: DimensionAlignment?
    let panel: ExpertPanel
    let counts: DimensionAlignment.Counts
    let examplesSeen: Set<String>
    let pairs: PairedScores
    let groups: [String: String]
    let usable: (String) -> Bool
    /// The paired rows' Horvitz–Thompson table when the labels carry inclusion probabilities.
    let weightedTable: WeightedContingencyTable?
    /// The paired rows' inclusion probabilities, when the labels carry them.
    let inclusion: [Double]?

    init(
        dimension: AlignmentInput.Dimension, input: AlignmentInput, runRows: Set<String>, options: AlignmentSettings,
        whole: DimensionAlignment? = nil
    ) throws {
        self.dimension = dimension
        self.options = options
        self.whole = whole
        self.groups = input.groups
        let panel = try ExpertPanel(
            dimension: dimension.name, scale: dimension.scale, labels: dimension.expertLabels, runRows: runRows,
            combination: options.experts)
        self.panel = panel
        try ExpertPanel.checkJudge(dimension.judge, dimension: dimension.name, scale: dimension.scale, runRows: runRows, role: "judge")
        let judge = dimension.judge
        let seen = Set(panel.labels.keys).union(judge.scores.keys).union(judge.failures.keys)
        let examplesSeen = seen.intersection(input.exampleRowIDs)
        self.examplesSeen = examplesSeen
        let examples = options.includeExampleRows ? [] : input.exampleRowIDs
        let usable: (String) -> Bool = { !examples.contains($0) }
        self.usable = usable
        let labelled = panel.labels.keys.filter(usable)
        let pairedIDs = input.runRowIDs.filter { usable($0) && panel.expertValue($0) != nil && judge.scores[$0] != nil }
        counts = DimensionAlignment.Counts(
            rowsInRun: input.runRowIDs.count,
            labelled: labelled.count,
            judged: judge.scores.keys.count(where: usable),
            judgeFailures: judge.failures.keys.count(where: usable),
            labelledNotJudged: labelled.count { judge.scores[$0] == nil && judge.failures[$0] == nil },
            judgedNotLabelled: judge.scores.keys.count { usable($0) && panel.labels[$0] == nil },
            excludedAsExamples: options.includeExampleRows ? 0 : examplesSeen.count,
            paired: pairedIDs.count)
        pairs = try PairedScores(
            ids: pairedIDs, first: pairedIDs.map { panel.expertValue($0) ?? .nan }, second: pairedIDs.map { judge.scores[$0]?.value ?? .nan },
            scale: dimension.scale, dimension: dimension.name)
        let pairs = self.pairs
        inclusion = try panel.inclusionProbabilities(of: pairs.ids, dimension: dimension.name)
        weightedTable = try inclusion.flatMap { pi in
            try pairs.table.map {
                try WeightedContingencyTable(
                    scale: $0.scale, first: pairs.onScaleFirst, second: pairs.onScaleSecond, inclusionProbabilities: pi)
            }
        }
        if options.eachExpert {
            guard panel.raters.count >= 2 || whole != nil else {
                throw AlignmentSettingsError(.eachExpertNeedsRaters(dimension: dimension.name, raters: panel.raters.count))
            }
            guard inclusion == nil else { throw AlignmentSettingsError(.eachExpertWithWeights(dimension: dimension.name)) }
        }
    }

    /// `statistic` from the paired rows: one of Cohen's kappas from the
    /// Horvitz–Thompson table when there is one, with its linearised interval
    /// (normal, or t when asked; a bootstrap is not offered for weighted rows);
    /// any other statistic from that table too (``weightedEstimate(_:table:pi:)``);
    /// otherwise as ``PairedScores/estimate(_:options:)`` computes it.
    private func estimate(_ statistic: AlignmentStatistic) throws -> Estimate {
        guard let weightedTable, let inclusion else { return try pairs.estimate(statistic, options: options) }
        guard let weights = statistic.kappaWeights else { return weightedEstimate(statistic, table: weightedTable, pi: inclusion) }
        let quantile = (options.intervals ?? .analytic).quantile
        var kappa = CohenKappa(weightedTable, weights: weights, level: options.confidence, quantile: quantile).kappa
        kappa.interval?.method = .horvitzThompsonLinearised(quantile)
        return kappa
    }

    /// Krippendorff's alpha, AC2 or a correlation of the Horvitz–Thompson table, through the statistic's
    /// table form on ``WeightedContingencyTable/replicatedRows``, with a with-replacement bootstrap of the
    /// paired rows (each resample's table weighted again by its rows' 1/π; percentile, or BCa when asked).
    /// Like the kappas' linearised SE it ignores the stratification's gain, so it errs wide.
    private func weightedEstimate(_ statistic: AlignmentStatistic, table: WeightedContingencyTable, pi: [Double]) -> Estimate {
        let request = statistic.agreementRequest(options: options, scale: table.scale)
        let n = pairs.ids.count
        guard let tableValue = request.statistic.tableStatistic(for: request, scale: table.scale),
            let value = tableValue(table.replicatedRows)
        else { return Estimate(undefined: .noData("\(statistic.displayName) is undefined on the weighted table"), n: n) }
        guard options.resamples > 0 else { return Estimate(value: value, n: n) }
        let boot = Bootstrap.items(count: n, resamples: options.resamples, level: options.confidence, seed: options.seed) { rows in
            let resample = try? WeightedContingencyTable(
                scale: table.scale, first: rows.map { pairs.onScaleFirst[$0] }, second: rows.map { pairs.onScaleSecond[$0] },
                inclusionProbabilities: rows.map { pi[$0] })
            return resample.flatMap { tableValue($0.replicatedRows) }
        }
        var interval = request.interval == .bca ? boot.bcaInterval : boot.percentileInterval
        interval?.method = .horvitzThompsonBootstrap(resamples: boot.resamples, seed: boot.seed)
        return Estimate(value: value, n: n, standardError: boot.standardError, interval: interval)
    }

    func alignment() throws -> DimensionAlignment {
        let table = pairs.table
        let undefined = Estimate(undefined: pairs.noTableReason ?? .noData(), n: pairs.ids.count)
        let ceiling = try DimensionAlignment.HumanCeiling(
            panel: panel, judge: dimension.judge, usable: usable, scale: dimension.scale, dimension: dimension.name, options: options)
        let each =
            options.eachExpert && panel.raters.count >= 2
            ? EachRaterAgreement(panel: panel, judge: dimension.judge, usable: usable, scale: dimension.scale, options: options) : nil
        let fromCeiling =
            whole != nil
            ? whole?.ceilingThreshold
            : try options.thresholdFromCeiling.map { factor throws(AlignmentSettingsError) in
                try CeilingThreshold(factor: factor, ceiling: ceiling, raters: panel.raters.count, dimension: dimension.name)
            }
        let statisticEstimate =
            options.eachExpert && each == nil
            ? Estimate(undefined: .tooFew("the judge against each rater needs two raters; these rows have \(panel.raters.count)"), n: 0)
            : try each?.mean ?? estimate(options.statistic)
        var alignment = DimensionAlignment(
            name: dimension.name, scale: dimension.scale, counts: counts,
            expertAggregation: expertAggregation(),
            rounding: rounding(),
            exactAgreement: table.map { PercentAgreement.exact($0) } ?? undefined,
            withinOne: table.map { PercentAgreement.withinTolerance($0, tolerance: 1) } ?? undefined,
            cohenKappa: .init(
                unweighted: try estimate(.kappa), linear: try estimate(.linearKappa), quadratic: try estimate(.quadraticKappa)),
            krippendorffAlphaOrdinal: try estimate(.alphaOrdinal),
            gwetAC2: try estimate(.ac2),
            pearson: try estimate(.pearson),
            spearman: try estimate(.spearman),
            kendallTauB: try estimate(.kendall),
            grouped: try grouped(),
            bias: Spread.meanDifference(pairs.second, pairs.first),
            spread: .init(judge: Self.summary(pairs.second), expert: Self.summary(pairs.first)),
            confusionMatrix: table.map { .init(labels: $0.scale.labels, counts: $0.rows) },
            weightedConfusionMatrix: weightedTable.map { t in (0..<t.k).map { i in (0..<t.k).map { t[i, $0] } } },
            humanCeiling: ceiling,
            alternativeAnnotatorTest: try AlternativeAnnotatorTest(
                panel: panel, judge: dimension.judge, usable: usable, scale: dimension.scale, options: options),
            recalibration: try LinearRecalibration(expert: pairs.first, judge: pairs.second),
            worstDisagreements: worst(),
            statistic: options.statistic, statisticEstimate: statisticEstimate,
            verdict: verdict(statisticEstimate, rows: each?.mean.n, threshold: fromCeiling?.threshold ?? options.threshold))
        alignment.raterReliability = try RaterReliability(panel: panel, usable: usable, scale: dimension.scale)
        alignment.eachRater = each
        alignment.ceilingThreshold = fromCeiling
        return alignment
    }

    /// The verdict on `estimate` against `threshold`, its rows-needed figure counted in `rows`, else in
    /// paired rows (alpha's n counts pairable values, two per row).
    private func verdict(_ estimate: Estimate, rows: Int?, threshold: Double) -> Verdict<AlignmentOutcome> {
        var counted = estimate
        counted.n = rows ?? pairs.ids.count
        return Verdict(estimate: counted, threshold: threshold, statistic: options.statistic.displayName)
    }

    /// How the raters were combined; with several raters on some labelled row, also why and, for a
    /// majority, how many rows had none (with one rater per row every combination is that rater).
    /// With the judge against each rater, the method is `each-rater`, asked, and the other figures' combination is named.
    private func expertAggregation() -> DimensionAlignment.ExpertAggregation {
        var aggregation = DimensionAlignment.ExpertAggregation(
            method: panel.combination.reportName, raters: panel.raters,
            rowsWithSeveralRaters: pairs.ids.count { (panel.labels[$0]?.count ?? 0) > 1 })
        if panel.labels.contains(where: { usable($0.key) && $0.value.count > 1 }) {
            aggregation.chosen = options.experts == nil ? "default" : "asked"
            if panel.combination == .majority {
                aggregation.rowsWithoutMajority = panel.labels.keys.count { usable($0) && panel.hasNoMajority($0) }
            }
        }
        if options.eachExpert {
            aggregation.otherFigures = aggregation.method
            aggregation.method = "each-rater"
            aggregation.chosen = "asked"
        }
        return aggregation
    }

    private func rounding() -> DimensionAlignment.Rounding? {
        guard pairs.roundedFirst + pairs.roundedSecond > 0, let scale = dimension.scale else { return nil }
        return .init(
            expertValuesRounded: pairs.roundedFirst, judgeValuesRounded: pairs.roundedSecond,
            note:
                "for the category statistics, \(pairs.roundedFirst) expert and \(pairs.roundedSecond) judge values between levels were rounded half up to the nearest level of the scale \(scale); correlations, bias and spread use them unrounded"
        )
    }

    private func grouped() throws -> DimensionAlignment.GroupedCorrelations? {
        guard !groups.isEmpty else { return nil }
        let labels = try pairs.ids.map { id in
            guard let g = groups[id] else {
                throw AlignmentError(
                    "dimension \(dimension.name): row '\(id)' has no group, but groups were given; every paired row needs one")
            }
            return g
        }
        func averaged(_ method: Correlation.Method) throws -> GroupedCorrelation {
            try GroupedCorrelation.averaged(method, groups: labels, pairs.second, pairs.first)
        }
        var grouped = DimensionAlignment.GroupedCorrelations(
            pearson: try averaged(.pearson), spearman: try averaged(.spearman), kendallTauB: try averaged(.kendallTauB))
        let members = Dictionary(grouping: pairs.ids.indices, by: { labels[$0] })
        let names = members.keys.sorted()
        grouped.slices = try names.map { group in
            let rows = members[group] ?? []
            let slice = try PairedScores(
                ids: rows.map { pairs.ids[$0] }, first: rows.map { pairs.first[$0] }, second: rows.map { pairs.second[$0] },
                scale: dimension.scale, dimension: dimension.name)
            let figure = try slice.estimate(options.statistic, options: options)
            return .init(group: group, n: rows.count, statisticEstimate: figure, noBetterThanChance: (figure.value ?? 1) <= 0)
        }
        grouped.systemLevel = try SystemLevelCorrelation(
            groups: names.map { members[$0] ?? [] }, judge: pairs.second, expert: pairs.first, resamples: options.resamples, seed: options.seed,
            level: options.confidence)
        return grouped
    }

    private static func summary(_ values: [Double]) -> DimensionAlignment.SpreadSummary {
        .init(mean: Spread.mean(values), standardDeviation: Spread.standardDeviation(values))
    }

    private func worst() -> [DimensionAlignment.Disagreement] {
        let rows = pairs.ids.indices.compactMap { i -> DimensionAlignment.Disagreement? in
            let id = pairs.ids[i]
            let difference = abs(pairs.second[i] - pairs.first[i])
            guard difference > 0 else { return nil }
            return .init(
                rowID: id, judge: pairs.second[i], expert: pairs.first[i], difference: difference,
                judgeRationale: dimension.judge.scores[id]?.rationale, expertNote: panel.note(id))
        }
        return Array(rows.sorted { ($0.difference, $1.rowID) > ($1.difference, $0.rowID) }.prefix(options.worstDisagreements))
    }
}
