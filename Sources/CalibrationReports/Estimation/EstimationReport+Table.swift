import Calibration
import CalibrationData
import DataFormats
import RunInference
import StatisticsCore

extension EstimationReport {
    /// The columns of each dimension's table, the same in text, Markdown and HTML.
    static let tableHeader = ["figure", "method", "estimate", "interval", "rows"]

    /// The head of every rendering: what was estimated, at which level, resting on what.
    var headLines: [String] {
        var lines = ["Corrected run estimates" + (info.run.map { " of \($0)" } ?? "") + (info.model.map { ", judge \($0)" } ?? "")]
        if let b = versusInfo { lines.append("A − B: this run minus \(b.run ?? EstimationWording.unnamedVersusRun.text)") }
        lines.append("\(Int((level * 100).rounded()))% intervals; sampling: \(sampling.statement)")
        if let calibratedWith { lines.append("Calibrated means read the judge's scores through \(calibratedWith); the labels are fresh ones") }
        return lines
    }

    /// One sentence on the rows of a dimension: n, N and what was left out or rounded.
    static func rowsLine(_ rows: DimensionEstimate.RowCounts) -> String {
        var parts = ["n = \(rows.labelled) labelled, N = \(rows.unlabelled) unlabelled rows"]
        let failed = rows.labelledWithoutJudgeScore + rows.unlabelledWithoutJudgeScore
        if failed > 0 {
            parts.append(
                "\(failed) rows left out because the judge gave no score (\(rows.labelledWithoutJudgeScore) of them labelled)")
        }
        if rows.roundedToLevel > 0 {
            parts.append("\(rows.roundedToLevel) fractional scores placed on the nearest level for the pass rate and levels")
        }
        return parts.joined(separator: "; ")
    }

    /// The sentences under a dimension's table: whether the correction helped, for the mean, the pass
    /// rate and the level shares (the widest level), each when its corrected interval is at least
    /// ``DimensionEstimate/usefulNarrowing`` times as wide as the experts-only one. On the dimension
    /// whose judge levels stratified the labels (`stratified`) the design already used what the judge
    /// knows, so a correction that adds little says nothing about the judge's strength, and the
    /// sentence says so instead.
    static func notes(_ d: DimensionEstimate, stratified: Bool) -> [String] {
        let figures: [(String, Double?)] = [
            ("the corrected mean's", d.widthRatio),
            ("the corrected pass rate's",
             d.passRate.flatMap { p in DimensionEstimate.widthRatio(p.corrected, p.expertsOnly) }),
            ("the widest corrected level share's", d.levels.flatMap { l in
                l.levels.indices.compactMap { DimensionEstimate.widthRatio(l.corrected[$0], l.expertsOnly[$0]) }.max()
            }),
        ]
        let uncorrected = d.calibrated.flatMap { c in
            c.mean.corrected.value == nil
                ? "The calibrated figures of \(d.name) rest on \(c.mean.fresh) fresh labels, too few to correct them: they hold only if the "
                    + "saved map holds on this run, which an audit on fresh labels tests."
                : nil
        }
        return [uncorrected].compactMap { $0 } + figures.compactMap { figure, ratio in
            guard let ratio, ratio >= DimensionEstimate.usefulNarrowing else { return nil }
            let width = "\(figure) interval is \(ReportNumber.number(ratio)) times as wide as the experts' own"
            if stratified {
                return "The labels of \(d.name) were drawn stratified by the judge's levels on it, so the experts' weighted "
                    + "figure already uses what the judge knows: \(width), and the correction adds little; read the experts-only figure."
            }
            return "The judge is too weak for the correction to help on \(d.name): \(width) (it helps below "
                + "\(ReportNumber.number(DimensionEstimate.usefulNarrowing))); read the experts-only figure."
        }
    }

    /// The name of a pass rate's or level share's correction: by judge level (the default), or `otherwise`
    /// (Rogan–Gladen, the matrix) for a figure whose interval says it was so formed.
    static func correctionName(_ e: Estimate?, otherwise: String) -> String {
        let older: Set<ConfidenceInterval.Method> = [.delta, .betaPosterior, .dirichletPosterior, .percentileBootstrap]
        return e?.interval.map { older.contains($0.method) } == true ? otherwise : "by judge level"
    }

    /// A dimension's table rows: each figure by each method, with its interval (or the reason it is undefined) and rows.
    func tableRows(_ d: DimensionEstimate) -> [[String]] {
        var rows: [[String]] = []
        func add(_ figure: String, _ method: String, _ e: Estimate, _ count: String) {
            let interval =
                e.value == nil
                ? "undefined: \(e.undefinedReason?.message ?? "no value")"
                : e.interval.map { "[\(ReportNumber.number($0.lower)), \(ReportNumber.number($0.upper))]" }
                    ?? "none: \(e.intervalUndefinedReason?.message ?? "no standard error")"
            rows.append([figure, method, ReportNumber.value(e), interval, count])
        }
        let (n, nN) = (String(d.rows.labelled), "\(d.rows.labelled) + \(d.rows.unlabelled)")
        add("mean", "judge only", d.mean.judgeOnly, nN)
        add("mean", "experts only", d.mean.expertsOnly, n)
        add("mean", "corrected: PPI++" + (d.mean.lambda.map { ", λ \(ReportNumber.number($0))" } ?? ""), d.mean.corrected, nN)
        func addCalibrated(_ figure: String, _ c: CalibratedMeanEstimate) {
            add(figure, "calibrated: saved map", c.calibrated, nN)
            add(figure, "calibrated, corrected: PPI++" + (c.lambda.map { ", λ \(ReportNumber.number($0))" } ?? ""), c.corrected, nN)
        }
        if let c = d.calibrated {
            addCalibrated("mean", c.mean)
            if let given = c.meanGivenPass { add("mean", "calibrated, corrected given the audit's pass: selective", given, nN) }
        }
        if let level = passLevel {
            let figure = "pass rate ≥ \(ReportNumber.score(level))"
            if let p = d.passRate {
                add(figure, "judge only", p.judgeOnly, nN)
                add(figure, "experts only", p.expertsOnly, n)
                let method = Self.correctionName(p.corrected, otherwise: "Rogan–Gladen")
                add(figure, "corrected: " + method, p.corrected, nN)
                add(figure, "corrected: PPI++", p.predictionPowered.corrected, nN)
            } else if let reason = d.passRateUndefined {
                add(figure, "corrected", Estimate(undefined: reason, n: 0), nN)
            }
            if let c = d.calibrated?.passRate {
                addCalibrated(figure, c)
            } else if let reason = d.calibrated?.passRateUndefined {
                add(figure, "calibrated", Estimate(undefined: reason, n: 0), nN)
            }
        }
        if let l = d.levels {
            // A correction undefined for every level is undefined for one reason, said once.
            let matrixUndefined = l.corrected.allSatisfy { $0.value == nil }
            let levelMethod = "corrected: " + Self.correctionName(l.corrected.first, otherwise: "matrix")
            if matrixUndefined, let first = l.corrected.first { add("level shares", levelMethod, first, nN) }
            for (i, value) in l.levels.enumerated() {
                let figure = "share at \(ReportNumber.score(value))"
                add(figure, "judge only", l.judgeOnly[i], nN)
                add(figure, "experts only", l.expertsOnly[i], n)
                if !matrixUndefined { add(figure, levelMethod, l.corrected[i], nN) }
                add(figure, "corrected: PPI++", l.predictionPowered[i], nN)
                if let c = d.calibrated?.levels?.first(where: { $0.level == value }) { addCalibrated(figure, c.estimate) }
            }
            if let reason = d.calibrated?.levelsUndefined { add("level shares", "calibrated", Estimate(undefined: reason, n: 0), nN) }
        } else if let reason = d.levelsUndefined {
            add("level shares", "corrected", Estimate(undefined: reason, n: 0), nN)
        }
        if let v = d.versus {
            let rowsAB = "\(nN) vs \(v.rows.labelled) + \(v.rows.unlabelled)"
            add("mean A − B", "judge only", v.mean.judgeOnly, rowsAB)
            add("mean A − B", "experts only", v.mean.expertsOnly, rowsAB)
            add("mean A − B", "corrected: PPI++", v.mean.corrected, rowsAB)
            if let p = v.passRate {
                let method = Self.correctionName(d.passRate?.corrected, otherwise: "Rogan–Gladen")
                add("pass rate A − B", "corrected: " + method, p.corrected, rowsAB)
                add("pass rate A − B", "corrected: PPI++", p.predictionPowered, rowsAB)
            }
        }
        return rows
    }
}
