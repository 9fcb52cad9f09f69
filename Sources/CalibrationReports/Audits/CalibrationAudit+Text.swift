import CalibrationData
public import CalibrationMaps
import DataFormats
import Foundation
import RunInference

extension CalibrationAudit {
    /// The report as plain text for a terminal.
    ///
    /// What was audited and how, the notes on the judge, then per dimension its outcome, rows and
    /// effective rows, the mean residual with its interval against the margin, the smallest margin the
    /// interval would pass and the bias it would detect, for an audit with not enough rows how many
    /// more an audit needs, the rows left out, and the residuals by calibrated score; a dimension not
    /// audited says why. Names from the user's files are made visible.
    public func renderText() -> String {
        var out = [headLine, methodLine] + notes.map { "note: " + $0 }
        for d in dimensions {
            out.append("")
            out.append("\(d.name): \(Self.outcomeWords(d))")
            out.append(contentsOf: sentences(d).map { "  " + $0 })
            if let audit = d.audit {
                out.append("  residual by calibrated score:")
                let header = Self.binHeader.enumerated().map { $0 == 0 ? "  " + $1 : $1 }
                out.append(
                    TextTable(columns: header, rows: Self.binRows(audit).map { ["  " + $0[0]] + $0.dropFirst() }, rightAligned: [1, 2])
                        .rendered())
            }
        }
        out.append("")
        out.append("Outcome: \(Self.words(outcome))\(dimensions.contains { $0.audit != nil } ? "" : " (no dimension was audited)")")
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }

    /// The report as JSON: the outcome, the calibration's identity, the run and its labels, the
    /// settings, and per dimension the figures (a bound that is not finite as `null`) and bins.
    public func renderJSON() throws -> String {
        let encoder = JSONEncoder.report
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(Summary(self)), as: UTF8.self)
    }

    /// "Audit of judge J's calibration (rubric R, fitted on run X) on run Y".
    var headLine: String {
        "Audit of \(calibrationWords) on run \(run ?? "unnamed")"
    }

    /// "judge J's calibration (rubric R, fitted on run X)".
    var calibrationWords: String {
        var fitted = ["rubric \(calibration.rubric ?? "unnamed")"]
        if let run = calibration.run { fitted.append("fitted on run \(run)") }
        return "judge \(calibration.judge.model)'s calibration (\(fitted.joined(separator: ", ")))"
    }

    /// How each audit is made and read.
    var methodLine: String {
        let level = ReportNumber.percent(1 - settings.alpha / Double(familySize))
        var line =
            "Per dimension with a map, the mean residual (expert − calibrated) on fresh labelled rows with its \(level) interval "
            + "(Bonferroni over \(familySize) \(familySize == 1 ? "audit" : "audits") decided together, \(ReportNumber.percent(1 - settings.alpha)) "
            + "for all at once)"
        if let margin = settings.margin {
            line += ", tested against ±\(margin.plainText): PASS when the interval lies within, FAIL when it lies beyond, "
                + "NOT ENOUGH otherwise or below \(settings.minimumEffectiveRows) effective rows."
        } else {
            line += "; no margin was declared, so nothing is graded."
        }
        if weighted { line += " Rows are weighted by 1/π from the labels' sampling frame." }
        return line
    }

    /// "PASS", "FAIL", "NOT ENOUGH", "not graded", or "not audited: no map in the calibration".
    static func outcomeWords(_ d: Dimension) -> String {
        if let audit = d.audit { return words(audit.outcome) }
        return switch d.notAudited {
        case .noMap: "not audited: the calibration has no map for it"
        default: "not audited: no fresh labelled row with a judge score"
        }
    }

    static func words(_ outcome: Outcome) -> String {
        switch outcome {
        case .pass: "PASS"
        case .fail: "FAIL"
        case .notEnough: "NOT ENOUGH"
        case .notGraded: "not graded"
        }
    }

    /// The sentences under a dimension.
    func sentences(_ d: Dimension) -> [String] {
        var out: [String] = []
        if let a = d.audit {
            let effective = a.effectiveRows == Double(a.rows) ? "" : " (effective \(String(format: "%.1f", a.effectiveRows)))"
            out.append("\(a.rows) fresh \(a.rows == 1 ? "row" : "rows")\(effective)")
            var residual = "mean residual \(CalibrationFile.signed(a.meanResidual)), interval \(Self.interval(a))"
            if let margin = a.margin { residual += "; margin ±\(margin.plainText)" }
            out.append(residual)
            if a.smallestMarginPassed.isFinite {
                out.append(
                    "smallest margin this interval would pass: \(ReportNumber.number(a.smallestMarginPassed)); "
                        + "bias detectable with 80% power: \(ReportNumber.number(a.detectableBias))")
            }
            if a.outcome == .notEnough { out.append(notEnoughLine(d, a)) }
        }
        if let line = CalibrationFile.leftOutLine(d.leftOut) { out.append(line) }
        return out
    }

    /// Why an audit was not decided, and how many more rows would decide it.
    func notEnoughLine(_ d: Dimension, _ a: TransportAudit) -> String {
        let short = a.effectiveRows < a.minimumEffectiveRows
        let why =
            short
            ? "\(String(format: "%.1f", a.effectiveRows)) effective rows, fewer than the \(Int(a.minimumEffectiveRows)) a pass needs"
            : "the interval crosses the margin"
        guard let needed = d.rowsToPass, let sd = d.residualSD else {
            return "not enough: \(why)"
        }
        let more = max(0, Int((Double(needed) - a.effectiveRows).rounded(.up)))
        return "not enough: \(why); at the residuals' standard deviation \(ReportNumber.number(sd)), an audit of \(needed) rows passes "
            + "with 80% chance if the map holds: label about \(more) more"
    }

    /// "[−0.120, +0.230]", or "unbounded" with one row.
    static func interval(_ a: TransportAudit) -> String {
        guard a.lower.isFinite, a.upper.isFinite else { return "unbounded (one row)" }
        return "[\(CalibrationFile.signed(a.lower)), \(CalibrationFile.signed(a.upper))]"
    }

    static let binHeader = ["calibrated", "rows", "mean residual"]

    /// Each bin: its calibrated scores' range, rows, mean residual.
    static func binRows(_ a: TransportAudit) -> [[String]] {
        a.bins.map { b in
            ["\(ReportNumber.number(b.lower))–\(ReportNumber.number(b.upper))", String(b.rows), b.meanResidual.map(CalibrationFile.signed) ?? "—"]
        }
    }

    /// The report's JSON document (``renderJSON()``).
    struct Summary: Encodable {
        struct Bin: Encodable {
            var lower: Double
            var upper: Double
            var rows: Int
            var meanResidual: Double?
        }

        struct Dimension: Encodable {
            var name: String
            var outcome: Outcome?
            var notAudited: NotAudited?
            var rows: Int?
            var effectiveRows: Double?
            var meanResidual: Double?
            var standardError: Double?
            var lower: Double?
            var upper: Double?
            var critical: Double?
            var smallestMarginPassed: Double?
            var detectableBias: Double?
            var residualSD: Double?
            var rowsToPass: Int?
            var bins: [Bin]?
            var leftOut: CalibrationFile.LeftOut

            init(_ d: CalibrationAudit.Dimension) {
                let finite = { (x: Double) in x.isFinite ? x : nil }
                name = d.name
                notAudited = d.notAudited
                leftOut = d.leftOut
                residualSD = d.residualSD
                rowsToPass = d.rowsToPass
                guard let a = d.audit else { return }
                outcome = a.outcome
                rows = a.rows
                effectiveRows = a.effectiveRows
                meanResidual = a.meanResidual
                standardError = finite(a.standardError)
                lower = finite(a.lower)
                upper = finite(a.upper)
                critical = a.critical
                smallestMarginPassed = finite(a.smallestMarginPassed)
                detectableBias = finite(a.detectableBias)
                bins = a.bins.map { Bin(lower: $0.lower, upper: $0.upper, rows: $0.rows, meanResidual: $0.meanResidual) }
            }
        }

        var outcome: Outcome
        var calibration: Identity
        var run: String?
        var labelFingerprint: String
        var weighted: Bool
        var margin: Double?
        var alpha: Double
        var familySize: Int
        var minimumEffectiveRows: Int
        var notes: [String]
        var dimensions: [Dimension]

        init(_ a: CalibrationAudit) {
            outcome = a.outcome
            calibration = a.calibration
            run = a.run
            labelFingerprint = a.labelFingerprint
            weighted = a.weighted
            margin = a.settings.margin
            alpha = a.settings.alpha
            familySize = a.familySize
            minimumEffectiveRows = a.settings.minimumEffectiveRows
            notes = a.notes
            dimensions = a.dimensions.map(Dimension.init)
        }
    }
}
