import AgreementCoefficients
public import CalibrationData
public import Judging
import RunInference
import StatisticsCore

extension LabelPlan {
    /// Plans every dimension of `rubric`.
    ///
    /// - Parameters:
    ///   - rubric: the rubric; its scales are the declared levels.
    ///   - judgments: the judge's judgments of the run (failed rows and fractional scores:
    ///     a fractional score counts at its nearest level); `nil` when not judged yet.
    ///   - pilot: a pilot sheet's labels; needs `judgments` for its rows.
    ///   - settings: statistic, threshold, coverage, chances and simulation size.
    /// - Throws: ``LabelPlanError``.
    public init(rubric: Rubric, judgments: JudgmentSet?, pilot: ExpertLabels?, settings: Settings = Settings()) throws(LabelPlanError) {
        let weights = try settings.weights()
        _ = try settings.simulatedInterval()
        if pilot != nil, judgments == nil { throw .pilotWithoutJudgments }
        self.settings = settings
        self.rubric = rubric.name
        self.dimensions = try rubric.dimensions.map { (dimension) throws(LabelPlanError) in
            try Self.plan(dimension, judgments: judgments, pilot: pilot, weights: weights, settings: settings)
        }
    }

    static func plan(
        _ dimension: ScoreDimension, judgments: JudgmentSet?, pilot: ExpertLabels?, weights: AgreementWeights, settings: Settings
    ) throws(LabelPlanError) -> Dimension {
        let scale = dimension.categoryScale
        let matrix = weights.matrix(on: scale)
        let judgeScores = Self.judgeScores(judgments, dimension: dimension.name)
        let (design, source, sourceRows) = try Self.design(scale, dimension: dimension.name, judgeScores: judgeScores, pilot: pilot)
        let pilotKappa = source == .pilot ? design.kappa(weights: matrix) : nil
        let maximum = design.mostAgreement.kappa(weights: matrix)
        let share = Self.positiveShare(design)
        func need(_ truth: Double) throws(LabelPlanError) -> Need {
            let moved = try Self.checked(dimension.name) { () throws(AgreementDesignError) in
                try design.withKappa(truth, weights: matrix)
            }
            return Need(
                    truth: truth,
                    rows: settings.powers.map { power in
                        Self.rows(design: moved, weights: weights, power: power, settings: settings)
                    },
                    goodnessOfFit: share.map { share in
                        settings.powers.map {
                            KappaSampleSize.goodnessOfFitRows(
                                nullKappa: settings.threshold, trueKappa: truth, positiveShare: share, alpha: 1 - settings.confidence,
                                power: $0)
                        }
                    })
        }
        var needs: [Need] = []
        for truth in settings.truths {
            guard let maximum, truth >= 0, truth <= maximum + 1e-12 else { continue }
            needs.append(try need(truth))
        }
        // Never an empty table when kappa is defined: plan at the pilot's kappa (the rows to show the
        // verdict it would get), or else at the most agreement the margins allow.
        if needs.isEmpty, let maximum, let truth = [pilotKappa, maximum].compactMap({ $0 }).first(where: { $0 >= 0 }) {
            needs.append(try need((truth * 1000).rounded(.down) / 1000))
        }
        let unreachable = maximum.map { m in settings.truths.filter { $0 > m + 1e-12 } } ?? []
        return Dimension(
            name: dimension.name, levels: scale.values, source: source, sourceRows: sourceRows, expertLevels: design.rowMarginal,
            judgeLevels: design.columnMarginal, pilotKappa: pilotKappa, maximumKappa: maximum, needs: needs,
            assumptions: (maximum == nil ? [Self.oneLevel] : [])
                + (maximum.map { Self.ceilingNotes(maximum: $0, unreachable: unreachable, settings: settings) } ?? [])
                + Self.assumptions(source: source, rows: sourceRows, pilotKappa: pilotKappa, settings: settings)
                + (share.map { [Self.goodnessOfFitAssumption(share: $0, settings: settings)] } ?? []))
    }

    /// The rows at which the verdict on `settings`' interval reaches `power`: bisected with the analytic
    /// interval (``KappaSampleSize/simulatedRows(design:weights:threshold:level:power:replications:seed:)``), then,
    /// for a bootstrap interval, searched from there with each simulated label set bootstrapped as
    /// `align` does (``KappaSampleSize/simulatedRows(startingAt:design:weights:threshold:level:power:replications:seed:interval:)``,
    /// at most ``Settings/bootstrapReplications`` label sets).
    static func rows(design: AgreementDesign, weights: AgreementWeights, power: Double, settings: Settings) -> KappaSampleSize.Need? {
        let analytic = KappaSampleSize.simulatedRows(
            design: design, weights: weights, threshold: settings.threshold, level: settings.confidence, power: power,
            replications: settings.replications, seed: settings.seed)
        guard let interval = try? settings.simulatedInterval(), interval != .analytic, case .rows(let start)? = analytic else {
            return analytic
        }
        return KappaSampleSize.simulatedRows(
            startingAt: start, design: design, weights: weights, threshold: settings.threshold, level: settings.confidence,
            power: power, replications: min(settings.replications, Settings.bootstrapReplications), seed: settings.seed,
            interval: interval)
    }

    /// On a two-level scale, the share of the second level both raters are taken to use in Donner &
    /// Eliasziw's model: the mean of the planned table's two margins (equal unless a pilot says otherwise).
    static func positiveShare(_ design: AgreementDesign) -> Double? {
        guard design.k == 2 else { return nil }
        return (design.rowMarginal[1] + design.columnMarginal[1]) / 2
    }

    static func goodnessOfFitAssumption(share: Double, settings: Settings) -> String {
        "two levels: the D&E columns are the rows Donner & Eliasziw's (1992) goodness-of-fit test of H0: κ = \(ReportNumber.number(settings.threshold)) needs to reject at two-sided α = \(ReportNumber.number(1 - settings.confidence)) with each chance, both raters using the second level with the same share \(ReportNumber.number(share)) (the mean of the planned table's two margins); a large-sample formula (Sim & Wright 2005 tabulate it), beside the simulated verdict"
    }

    /// `body`'s result, its ``AgreementDesignError`` named with the dimension.
    static func checked<T>(_ dimension: String, _ body: () throws(AgreementDesignError) -> T) throws(LabelPlanError) -> T {
        do { return try body() } catch { throw .dimension(dimension, error) }
    }

    /// The judge's scores on `dimension` by row id; failed rows are left out.
    static func judgeScores(_ judgments: JudgmentSet?, dimension: String) -> [String: Double] {
        var scores: [String: Double] = [:]
        for judgment in judgments?.judgments ?? [] where judgment.failure == nil {
            if let s = judgment.score(dimension)?.score { scores[judgment.id] = s }
        }
        return scores
    }

    /// The planned table: the pilot's (experts in rows), else the judge's levels on both sides, else uniform.
    static func design(_ scale: CategoryScale, dimension: String, judgeScores: [String: Double], pilot: ExpertLabels?)
        throws(LabelPlanError) -> (AgreementDesign, Source, Int)
    {
        let k = scale.count
        if let pilot {
            var table = ContingencyTable(scale: scale, rows: Array(repeating: Array(repeating: 0, count: k), count: k))
            var counts = table.counts
            for (row, expert) in Self.pilotRows(pilot, dimension: dimension, scale: scale) {
                guard let judge = judgeScores[row] else { continue }
                counts[scale.nearestIndex(to: expert) * k + scale.nearestIndex(to: judge)] += 1
            }
            table = ContingencyTable(scale: scale, counts: counts, excludedPairs: 0)
            guard table.n > 0 else { throw .pilotUnpaired(dimension) }
            return (try checked(dimension) { () throws(AgreementDesignError) in try AgreementDesign(observed: table) }, .pilot, table.n)
        }
        var levels = [Double](repeating: 1, count: k)
        for score in judgeScores.values { levels[scale.nearestIndex(to: score)] += 1 }
        if !judgeScores.isEmpty { levels = levels.map { $0 - 1 } }
        let total = levels.reduce(0, +)
        let design = try checked(dimension) { () throws(AgreementDesignError) in
            try AgreementDesign.perfectAgreement(scale: scale, marginal: levels.map { $0 / total })
        }
        return (design, judgeScores.isEmpty ? .uniform : .judgeLevels, judgeScores.count)
    }

    /// The pilot's expert value per row, its raters combined as `align` combines them by default
    /// (``ExpertCombination/standard(for:)``: the majority on two levels, a row without one left out; else
    /// the mean), so that a row labelled by three raters is one pilot row, as it is one paired row there.
    static func pilotRows(_ pilot: ExpertLabels, dimension: String, scale: CategoryScale) -> [(row: String, value: Double)] {
        let combination = ExpertCombination.standard(for: scale)
        var byRow: [String: [Double]] = [:]
        var order: [String] = []
        for label in pilot.expertLabels(dimension: dimension) {
            if byRow[label.rowID] == nil { order.append(label.rowID) }
            byRow[label.rowID, default: []].append(label.value)
        }
        return order.compactMap { row in byRow[row].flatMap(combination.combine).map { (row, $0) } }
    }

    static let oneLevel =
        "one rater of the planned table uses a single level, so chance agreement is 1 and kappa is undefined: no number of rows decides"

    /// What the planned table's margins allow: kappa's largest value with them, the true kappas above
    /// it left out of the plan, and a threshold no number of rows can show cleared.
    static func ceilingNotes(maximum: Double, unreachable: [Double], settings: Settings) -> [String] {
        guard !unreachable.isEmpty else { return [] }
        let most = ReportNumber.number(maximum)
        var notes = [
            "with these levels' shares kappa cannot exceed \(most) (the most agreement they allow), so the true kappas \(unreachable.map(ReportNumber.number).joined(separator: ", ")) are not planned"
        ]
        if settings.threshold > maximum {
            notes.append(
                "the threshold \(ReportNumber.number(settings.threshold)) is above \(most): no number of rows shows aligned while the judge uses its levels in these shares"
            )
        }
        return notes
    }

    static func assumptions(source: Source, rows: Int, pilotKappa: Double?, settings: Settings) -> [String] {
        let what: String
        switch source {
        case .pilot:
            what =
                "the pilot's table (\(rows) paired rows) fixes both raters' level distributions and where they disagree; each true kappa mixes it with chance agreement (below the pilot's kappa \(ReportNumber.number(pilotKappa))) or with the most agreement those distributions allow (above)"
        case .judgeLevels:
            what =
                "the experts use the levels as often as the judge did on the run (\(rows) scored rows); disagreements fall as chance would place them, in the share each true kappa leaves"
        case .uniform:
            what = PlanWording.uniformLevels.text
        }
        return [
            what,
            "the rows to label are drawn uniformly at random from the run, so a label set is a multinomial draw from the planned table",
            PlanWording.verdictMethod(
                level: Int((settings.confidence * 100).rounded()), method: settings.verdictMethod, chosen: settings.intervals != nil
            ).text,
            settings.verdictMethod.isBootstrap
                ? "each number is the fewest rows whose simulated chance of an interval wholly on the true side reaches the column's chance: found with the analytic interval (\(settings.replications) label sets, seed \(settings.seed)), then checked and moved in steps of 5% with each label set bootstrapped (\(min(settings.replications, Settings.bootstrapReplications)) label sets); at the threshold itself no number of rows decides"
                : "each number is the fewest rows whose simulated chance (\(settings.replications) label sets, seed \(settings.seed)) of an interval wholly on the true side reaches the column's chance; at the threshold itself no number of rows decides",
        ]
    }
}
