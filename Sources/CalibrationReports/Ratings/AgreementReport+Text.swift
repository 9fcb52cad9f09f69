import AgreementCoefficients
public import Calibration
import DataFormats
public import RatingsAgreement
import StatisticsCore

extension AgreementReport {
    /// The report as aligned text for a person: a header line, one row per
    /// figure (values to four decimals, "—" where undefined, with the reason),
    /// then each confusion table.
    ///
    /// Text from the file (its name, rater columns, groups, labels) is shown
    /// with ``TerminalText/visible(_:)``, so no control character in it reaches
    /// the terminal; only `emphasis` adds escapes.
    ///
    /// - Parameter emphasis: applied to the header and the table titles (bold on a terminal).
    public func text(emphasis: (String) -> String = { $0 }) -> String {
        withoutActuallyEscaping(emphasis) { emphasis in
            visibleText(emphasis: { emphasis(TerminalText.visible($0)) })
        }
    }

    private func visibleText(emphasis: @escaping (String) -> String) -> String {
        let grouped = rows.contains { $0.group != nil }
        let hasSE = rows.contains { $0.measurement.estimate.standardError != nil }
        let hasCI = rows.contains { $0.measurement.estimate.interval != nil }
        let hasTest = rows.contains { $0.measurement.test != nil }
        let hasNote = rows.contains { !Self.notes($0.measurement).isEmpty }
        var columns = (grouped ? ["group"] : []) + ["raters", "measure", "value"]
        if hasSE { columns.append("se") }
        if hasCI { columns.append("ci") }
        if hasTest { columns += ["se0", "z", "p"] }
        columns += ["n", "excluded"] + (hasNote ? ["note"] : [])
        let numeric = Set(columns.indices.filter { ["value", "se", "se0", "z", "p", "n", "excluded"].contains(columns[$0]) })
        let body = rows.map { row -> [String] in
            let m = row.measurement
            let e = m.estimate
            var cells = (grouped ? [row.group ?? ""] : []) + [m.raters.joined(separator: " · "), m.measure, Self.format(e.value)]
            if hasSE { cells.append(Self.format(e.standardError)) }
            if hasCI {
                cells.append(
                    e.interval.map {
                        "[\(Self.format($0.lower)), \(Self.format($0.upper))] \(Int(($0.level * 100).rounded()))% \($0.method.rawValue)"
                    } ?? "—")
            }
            if hasTest { cells += [Self.format(m.test?.nullStandardError), Self.format(m.test?.z), Self.format(m.test?.pValue)] }
            cells += [String(e.n), m.excluded.map(String.init) ?? ""]
            if hasNote { cells.append(Self.notes(m).joined(separator: "; ")) }
            return cells.map(TerminalText.visible)
        }
        var header = "\(file): \(request.statistic.name) — \(items) item\(items == 1 ? "" : "s")"
        if let scale = request.scale { header += ", categories \(scale)" }
        var out = emphasis(header) + "\n\n" + TextTable(columns: columns, rows: body, rightAligned: numeric).rendered(header: emphasis)
        for row in rows {
            guard let table = row.measurement.table else { continue }
            let title = (row.group.map { "\($0): " } ?? "") + row.measurement.raters.joined(separator: " (rows) × ") + " (columns)"
            let counts = TextTable(
                columns: [""] + table.scale.labels.map(TerminalText.visible),
                rows: table.scale.labels.indices.map { i in [TerminalText.visible(table.scale.labels[i])] + table.rows[i].map(String.init)
                },
                rightAligned: Set(1...table.k))
            out += "\n\n" + emphasis(title) + "\n" + counts.rendered()
        }
        return out
    }

    /// What the note column says of a figure: why it is undefined, or its
    /// notes and "12 of 2000 resamples undefined, left out of the SE and interval".
    static func notes(_ measurement: AgreementMeasurement) -> [String] {
        if let reason = measurement.estimate.undefinedReason { return [reason.message] }
        var notes = measurement.notes
        if let reason = measurement.estimate.intervalUndefinedReason { notes.append("no interval: \(reason.message)") }
        if let r = measurement.resampling, r.undefinedResamples > 0 {
            notes.append("\(r.undefinedResamples) of \(r.resamples) resamples undefined, left out of the SE and interval")
        }
        return notes
    }

    /// A figure to four decimals, or "—".
    static func format(_ x: Double?) -> String {
        x?.fixed(decimals: 4) ?? "—"
    }
}
