import AgreementStatistics
import DataFormats

extension EstimationReport {
    /// The columns of each dimension's table, the same in text, Markdown and HTML.
    static let tableHeader = ["figure", "method", "estimate", "interval", "rows"]

    /// The head of every rendering: what was estimated, at which level, resting on what.
    var headLines: [String] {
        var lines = ["Corrected run estimates" + (info.run.map { " of \($0)" } ?? "") + (info.model.map { ", judge \($0)" } ?? "")]
        if let b = versusInfo { lines.append("A − B: this run minus \(b.run ?? "the --versus run")") }
        lines.append("\(Int((level * 100).rounded()))% intervals; sampling: \(sampling.statement)")
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

    /// The sentences under a dimension's table: whether the correction helped.
    static func notes(_ d: DimensionEstimate) -> [String] {
        guard d.correctionHelps == false, let ratio = d.widthRatio else { return [] }
        return [
            "The judge is too weak for the correction to help on \(d.name): the corrected mean's interval is "
                + "\(ReportNumber.number(ratio)) times as wide as the experts' own (it helps below "
                + "\(ReportNumber.number(DimensionEstimate.usefulNarrowing))); read the experts-only figure."
        ]
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
        if let level = passLevel {
            let figure = "pass rate ≥ \(ReportNumber.score(level))"
            if let p = d.passRate {
                add(figure, "judge only", p.judgeOnly, nN)
                add(figure, "experts only", p.expertsOnly, n)
                add(figure, "corrected: Rogan–Gladen", p.corrected, nN)
                add(figure, "corrected: PPI++", p.predictionPowered.corrected, nN)
            } else if let reason = d.passRateUndefined {
                add(figure, "corrected", Estimate(undefined: reason, n: 0), nN)
            }
        }
        if let l = d.levels {
            // A correction undefined for every level is undefined for one reason, said once.
            let matrixUndefined = l.corrected.allSatisfy { $0.value == nil }
            if matrixUndefined, let first = l.corrected.first { add("level shares", "corrected: matrix", first, nN) }
            for (i, value) in l.levels.enumerated() {
                let figure = "share at \(ReportNumber.score(value))"
                add(figure, "judge only", l.judgeOnly[i], nN)
                add(figure, "experts only", l.expertsOnly[i], n)
                if !matrixUndefined { add(figure, "corrected: matrix", l.corrected[i], nN) }
                add(figure, "corrected: PPI++", l.predictionPowered[i], nN)
            }
        } else if let reason = d.levelsUndefined {
            add("level shares", "corrected", Estimate(undefined: reason, n: 0), nN)
        }
        if let v = d.versus {
            let rowsAB = "\(nN) vs \(v.rows.labelled) + \(v.rows.unlabelled)"
            add("mean A − B", "judge only", v.mean.judgeOnly, rowsAB)
            add("mean A − B", "experts only", v.mean.expertsOnly, rowsAB)
            add("mean A − B", "corrected: PPI++", v.mean.corrected, rowsAB)
            if let p = v.passRate {
                add("pass rate A − B", "corrected: Rogan–Gladen", p.corrected, rowsAB)
                add("pass rate A − B", "corrected: PPI++", p.predictionPowered, rowsAB)
            }
        }
        return rows
    }
}
