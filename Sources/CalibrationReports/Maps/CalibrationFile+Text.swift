import AgreementCoefficients
import Calibration
import CalibrationData
public import CalibrationMaps
import DataFormats
import Foundation
import RunInference

extension CalibrationFile {
    /// The report as plain text for a terminal.
    ///
    /// What was fitted, then per dimension its rows and folds (and that fewer folds were used than
    /// asked, when so), what the map buys (out-of-fold RMSE beside the raw score's, the mean residual),
    /// the map as a table of its kept points, and the rows left out; a dimension with too few rows says
    /// how many a map needs. Names from the user's files are made visible.
    public func renderText() -> String {
        var out = [headLine, methodLine]
        for d in dimensions {
            out.append("")
            out.append("\(d.name): \(d.rows) rows, \(foldsPhrase(d))")
            out.append(contentsOf: Self.sentences(d).map { "  " + $0 })
            out.append("  " + Self.mapCaption(d))
            let indented = Self.mapHeader(d).enumerated().map { $0 == 0 ? "  " + $1 : $1 }
            out.append(
                TextTable(columns: indented, rows: Self.mapRows(d).map { ["  " + $0[0]] + $0.dropFirst() }, rightAligned: [0, 1]).rendered()
            )
        }
        for u in unfitted {
            out.append("")
            out.append("\(u.name): \(CalibrationOutcome.tooFewRows.rawValue)")
            out.append(contentsOf: Self.sentences(u).map { "  " + $0 })
        }
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }

    /// The report as JSON: the outcome, then the calibration without its fold maps and per-row values
    /// (those are in the file itself): per dimension the rows, folds, the map's kept points, the figures
    /// and the rows left out; each dimension without a map with the rows it had and needs.
    public func renderJSON() throws -> String {
        String(decoding: try JSONEncoder.report.encode(Summary(self)), as: UTF8.self)
    }

    /// "Calibration, run R, rubric B, judge J".
    var headLine: String {
        var parts = ["Calibration"]
        if let run { parts.append("run \(run)") }
        if let rubric { parts.append("rubric \(rubric)") }
        parts.append("judge \(judge.model)")
        return parts.joined(separator: ", ")
    }

    /// What each map is and how its figures are read.
    var methodLine: String {
        "Per dimension, \(mapPhrase) to the experts' \(experts.rawValue), cross-fitted (\(foldsAsked) folds asked, "
            + "seed \(seed)); each labelled row's calibrated value is read through the map fitted without its fold."
    }

    /// "5 folds", or "3 folds, fewer than the 5 asked: 7 rows make at most 3 folds of 2 rows or more".
    func foldsPhrase(_ d: Dimension) -> String {
        let used = d.map.folds
        guard used < foldsAsked else { return "\(used) folds" }
        return "\(used) folds, fewer than the \(foldsAsked) asked: \(d.rows) rows make at most \(used) folds of 2 rows or more"
    }

    /// The sentences under a mapped dimension: what the map buys, its residual, the rows left out.
    static func sentences(_ d: Dimension) -> [String] {
        let g = d.diagnostics
        var out = [
            "out-of-fold RMSE \(ReportNumber.number(g.outOfFoldRMSE)) against the experts; the raw judge score's \(ReportNumber.number(g.rawRMSE))",
            "mean out-of-fold residual (expert − calibrated) \(signed(g.meanResidual))",
        ]
        if let line = twoStageSentence(d) { out.insert(line, at: 0) }
        if let levels = d.passMaps?.map({ ReportNumber.score($0.level) }), !levels.isEmpty {
            out.append(
                "pass maps at \(levels.joined(separator: ", ")) (the chance the experts put a row at each level or above), "
                    + "for calibrated pass rates and level shares")
        }
        if let line = leftOutLine(d.leftOut) { out.append(line) }
        return out
    }

    /// The sentences under a dimension without a map: its rows, those a map needs, the rows left out.
    static func sentences(_ u: Unfitted) -> [String] {
        var out = [
            "\(u.rows) labelled \(u.rows == 1 ? "row has" : "rows have") an expert value and a judge score; a cross-fitted map needs at least "
                + "\(u.rowsNeeded) (\(u.rowsNeeded - u.rows) more)"
        ]
        if let line = leftOutLine(u.leftOut) { out.append(line) }
        return out
    }

    /// The full map's kept points: each judge score (a two-stage map's rank of its index) and its calibrated value.
    static func mapRows(_ d: Dimension) -> [[String]] {
        zip(scoreTexts(d.map.full.isotonicStage.thresholds), d.map.full.isotonicStage.values).map { [$0, ReportNumber.number($1)] }
    }

    /// Kept points' scores, increasing: whole numbers as such ("3"), else with the fewest decimals, three or more,
    /// that tell each from the next (1.8937 and 1.8942 rather than 1.894 twice).
    static func scoreTexts(_ scores: [Double]) -> [String] {
        if scores.allSatisfy({ $0 == $0.rounded() }) { return scores.map(ReportNumber.score) }
        for digits in 3...17 {
            let texts = scores.map { String(format: "%.\(digits)f", $0) }
            if zip(texts, texts.dropFirst()).allSatisfy({ $0 != $1 }) { return texts }
        }
        return scores.map { String($0) }
    }

    static func leftOutLine(_ l: LeftOut) -> String? {
        let parts = [(l.workedExamples, "worked examples"), (l.noExpertValue, "no expert value"), (l.noJudgeScore, "no judge score")]
            .filter { $0.0 > 0 }.map { "\($0.1) \($0.0)" }
        return parts.isEmpty ? nil : "left out of the labelled rows: " + parts.joined(separator: ", ")
    }

    /// "+0.012" or "−0.031": a residual's sign said.
    static func signed(_ x: Double) -> String {
        let text = ReportNumber.number(abs(x))
        return text == ReportNumber.number(0) ? text : (x > 0 ? "+" : "−") + text
    }

    /// The report's JSON document (``renderJSON()``).
    struct Summary: Encodable {
        struct Dimension: Encodable {
            var name: String
            var rows: Int
            var folds: Int
            /// The map's kind and covariates; its kept points' inputs are judge scores, or a two-stage map's ranks.
            var map: CrossFittedMap.Kind
            var covariates: [String]
            var scores: [Double]
            var calibrated: [Double]
            var outOfFoldRMSE: Double
            var rawRMSE: Double
            var meanResidual: Double
            var leftOut: LeftOut
        }

        var outcome: CalibrationOutcome
        var rubric: String?
        var rubricTextHash: String?
        var judge: JudgeIdentity
        var run: String?
        var labelFingerprint: String
        var foldsAsked: Int
        var seed: UInt64
        var experts: ExpertCombination
        var includeExamples: Bool
        var dimensions: [Dimension]
        var unfitted: [Unfitted]

        init(_ c: CalibrationFile) {
            outcome = c.outcome
            rubric = c.rubric
            rubricTextHash = c.rubricTextHash
            judge = c.judge
            run = c.run
            labelFingerprint = c.labelFingerprint
            foldsAsked = c.foldsAsked
            seed = c.seed
            experts = c.experts
            includeExamples = c.includeExamples
            dimensions = c.dimensions.map { d in
                Dimension(
                    name: d.name, rows: d.rows, folds: d.map.folds, map: d.map.kind, covariates: d.map.covariates,
                    scores: d.map.full.isotonicStage.thresholds, calibrated: d.map.full.isotonicStage.values,
                    outOfFoldRMSE: d.diagnostics.outOfFoldRMSE, rawRMSE: d.diagnostics.rawRMSE, meanResidual: d.diagnostics.meanResidual,
                    leftOut: d.leftOut)
            }
            unfitted = c.unfitted
        }
    }
}
