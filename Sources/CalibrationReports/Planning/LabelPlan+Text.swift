public import Calibration
import CalibrationData
import DataFormats
import RunInference

extension LabelPlan {
    /// The plan for a terminal: per dimension, the table of rows needed at each true kappa
    /// for each planned chance, the level distributions it rests on, and its assumptions.
    public func renderText() -> String {
        let s = settings
        var out = [
            "Label plan: rubric \(rubric) · verdict on \(s.statistic.displayName), threshold \(ReportNumber.number(s.threshold)), \(Self.percent(s.confidence)) intervals",
            "Rows to label for a decisive verdict (interval wholly above or below the threshold)",
        ]
        for d in dimensions {
            out.append("")
            let levels = zip(d.levels, d.judgeLevels).map { "\(ReportNumber.score($0)) \(Self.percent($1))" }.joined(separator: ", ")
            out.append("\(d.name) — judge's levels: \(levels) (\(d.source.rawValue))")
            if d.source == .pilot {
                let expert = zip(d.levels, d.expertLevels).map { "\(ReportNumber.score($0)) \(Self.percent($1))" }.joined(separator: ", ")
                out.append("  experts' levels in the pilot: \(expert); pilot kappa \(ReportNumber.number(d.pilotKappa))")
            }
            let test = d.needs.contains { $0.goodnessOfFit != nil } ? s.powers.map { "D&E test \(Self.percent($0))" } : []
            var table = TextTable(
                columns: ["true κ"] + s.powers.map { "rows for \(Self.percent($0))" } + test,
                rightAligned: Set(0...(s.powers.count + test.count)))
            for need in d.needs {
                let none = need.truth == s.threshold ? "never" : "—"
                let tested = test.isEmpty ? [] : (need.goodnessOfFit ?? []).map { $0.map(String.init) ?? none }
                table.append([ReportNumber.number(need.truth)] + need.rows.map(Self.rows) + tested)
            }
            out.append(table.rendered().split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            out.append("  assumes:")
            out.append(contentsOf: d.assumptions.map { "  - " + $0 })
        }
        return out.joined(separator: "\n")
    }

    static func rows(_ need: KappaSampleSize.Need?) -> String {
        switch need {
        case .rows(let n): String(n)
        case .moreThanMaximum: "> \(KappaSampleSize.maximumRows)"
        case nil: "never"
        }
    }

    static func percent(_ x: Double) -> String { "\(Int((x * 100).rounded()))%" }
}
