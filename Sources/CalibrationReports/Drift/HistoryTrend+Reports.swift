import CalibrationData
public import CalibrationMaps
import DataFormats
public import Foundation
import RunInference

extension HistoryTrend {
    /// The trend as plain text: per series its points and the latest point against its limits, then the outcome.
    /// Names from the history are made visible.
    public func renderText() -> String {
        var out = [headLine]
        for s in series {
            out.append("")
            out.append(Self.title(s) + ": \(s.points.count) \(s.points.count == 1 ? "point" : "points")")
            out.append(TextTable(columns: Self.pointHeader, rows: Self.pointRows(s), rightAligned: [2, 3]).rendered())
            out.append("  " + Self.limitsLine(s))
        }
        out.append("")
        out.append("Outcome: \(outcome.rawValue)")
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }

    /// The trend as JSON: the level, each series with its points and limits, and the outcome.
    public func renderJSON() throws -> String {
        struct Printed: Encodable {
            var trend: HistoryTrend
            var outcome: Outcome
        }
        let encoder = JSONEncoder.report
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(Printed(trend: self, outcome: outcome)), as: UTF8.self)
    }

    /// The trend as a self-contained HTML page: per series a plot of its points (each ± 1.96 standard
    /// errors), the latest point's limits as a band and the baseline as a line, then the points' table.
    /// Each series' section carries `data-drifted`, `data-lower` and `data-upper`. No script; text escaped.
    public func renderHTML() -> String {
        var body = ["<h1>\(HTMLEscaping.text(headLine))</h1>"]
        for s in series {
            let limits = s.limits
            body.append(
                "<section class=\"series\" data-drifted=\"\(s.hasDrifted)\" data-lower=\"\(SVGChart.data(limits?.lower))\" "
                    + "data-upper=\"\(SVGChart.data(limits?.upper))\">")
            body.append("<h2>\(HTMLEscaping.text(Self.title(s)))</h2>")
            body.append(Self.plot(s))
            body.append("<p>\(HTMLEscaping.text(Self.limitsLine(s)))</p>")
            body.append(ReportMarkup.table(header: Self.pointHeader, rows: Self.pointRows(s), numeric: 2...3, cssClass: "trend-points"))
            body.append("</section>")
        }
        body.append("<p class=\"outcome\">\(HTMLEscaping.text("Outcome: \(outcome.rawValue)"))</p>")
        return HTMLPage(title: headLine, body: body.joined(separator: "\n")).html
    }

    /// The trend as Markdown: per series its limits and points' table; text escaped.
    public func renderMarkdown() -> String {
        var out = ["# " + HTMLEscaping.markdownCell(headLine), ""]
        for s in series {
            out.append("## \(HTMLEscaping.markdownCell(Self.title(s)))\n")
            out.append(HTMLEscaping.markdownCell(Self.limitsLine(s)) + "\n")
            out.append(MarkdownTable(header: Self.pointHeader, rows: Self.pointRows(s)).rendered)
        }
        out.append("Outcome: \(outcome.rawValue)")
        return out.joined(separator: "\n")
    }

    /// The trend as a file to write at `path`, in the form its extension names (``ReportFileFormat``).
    ///
    /// - Throws: when the trend cannot be encoded as JSON.
    public func file(at path: String) throws -> (data: Data, path: String, role: String) {
        let data = try ReportFileFormat(URL(fileURLWithPath: path)).contents(
            html: renderHTML, markdown: renderMarkdown, json: { Data(try renderJSON().utf8) })
        return (data, path, "report")
    }

    var headLine: String {
        "Trend of the history: \(series.count) series, limits at \(ReportNumber.percent(level)) from the earlier points"
    }

    static let pointHeader = ["time", "run", "value", "standard error"]

    static func title(_ s: Series) -> String {
        let what = s.kind == .auditResidual ? "audit mean residual (\(s.figure))" : s.figure
        return "\(s.dimension) · \(what) · judge \(s.judge)" + (s.rubric.map { " · rubric \($0)" } ?? "")
    }

    static func pointRows(_ s: Series) -> [[String]] {
        s.points.map { p in
            [
                p.time.formatted(.iso8601), p.run ?? "", p.value.map { ReportNumber.number($0) } ?? "—",
                p.standardError.map { ReportNumber.number($0) } ?? "— (not used)",
            ]
        }
    }

    /// The latest point against its limits, or why there are none.
    static func limitsLine(_ s: Series) -> String {
        guard let l = s.limits else {
            return "no limits: the latest point needs a value and a standard error, and \(ControlLimits.minimumEarlierLooks) usable earlier points"
        }
        let place = l.isOutside ? "OUTSIDE" : "inside"
        return "latest \(ReportNumber.number(l.latest.value)) is \(place) its limits [\(ReportNumber.number(l.lower)), "
            + "\(ReportNumber.number(l.upper))]: baseline \(ReportNumber.number(l.baseline)) from \(l.earlierLooks) earlier points, "
            + "between-look SD \(ReportNumber.number(l.betweenLookSD))" + (l.isOutside ? " — drifted" : "")
    }

    /// A plot of the series: points with ± 1.96 SE bars, the limits band and baseline at the latest point.
    static func plot(_ s: Series) -> String {
        let used = s.points.enumerated().compactMap { i, p in p.value.map { (i, $0, p.standardError ?? 0) } }
        guard !used.isEmpty else { return "" }
        var low = used.map { $0.1 - 1.96 * $0.2 }.min() ?? 0, high = used.map { $0.1 + 1.96 * $0.2 }.max() ?? 1
        if let l = s.limits { (low, high) = (min(low, l.lower), max(high, l.upper)) }
        if high - low < 1e-9 { (low, high) = (low - 0.5, high + 0.5) }
        let left = 60.0, top = 16.0, width = 520.0, height = 220.0
        let steps = Double(max(s.points.count - 1, 1))
        func x(_ i: Int) -> Double { left + Double(i) / steps * width }
        func y(_ v: Double) -> Double { top + (high - v) / (high - low) * height }
        var out = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(SVGChart.c(left + width + 20))\" height=\"\(SVGChart.c(top + height + 30))\">",
            "<title>\(HTMLEscaping.text(title(s)))</title>",
            "<line x1=\"\(SVGChart.c(left))\" y1=\"\(SVGChart.c(top + height))\" x2=\"\(SVGChart.c(left + width))\" y2=\"\(SVGChart.c(top + height))\" stroke=\"#888\"/>",
            "<text x=\"4\" y=\"\(SVGChart.c(y(high) + 4))\" font-size=\"11\">\(ReportNumber.number(high))</text>",
            "<text x=\"4\" y=\"\(SVGChart.c(y(low)))\" font-size=\"11\">\(ReportNumber.number(low))</text>",
        ]
        if let l = s.limits {
            out.append(
                "<rect class=\"limits\" x=\"\(SVGChart.c(left))\" y=\"\(SVGChart.c(y(l.upper)))\" width=\"\(SVGChart.c(width))\" "
                    + "height=\"\(SVGChart.c(y(l.lower) - y(l.upper)))\" fill=\"#2a7\" fill-opacity=\"0.12\"/>")
            out.append(
                "<line class=\"baseline\" x1=\"\(SVGChart.c(left))\" y1=\"\(SVGChart.c(y(l.baseline)))\" x2=\"\(SVGChart.c(left + width))\" "
                    + "y2=\"\(SVGChart.c(y(l.baseline)))\" stroke=\"#2a7\" stroke-dasharray=\"4 3\"/>")
        }
        for (i, value, se) in used {
            let latest = i == s.points.count - 1
            let colour = latest && s.hasDrifted ? "#c33" : "#246"
            if se > 0 {
                out.append(
                    "<line x1=\"\(SVGChart.c(x(i)))\" y1=\"\(SVGChart.c(y(value + 1.96 * se)))\" x2=\"\(SVGChart.c(x(i)))\" "
                        + "y2=\"\(SVGChart.c(y(value - 1.96 * se)))\" stroke=\"\(colour)\"/>")
            }
            out.append("<circle cx=\"\(SVGChart.c(x(i)))\" cy=\"\(SVGChart.c(y(value)))\" r=\"4\" fill=\"\(colour)\"/>")
        }
        out.append("</svg>")
        return out.joined(separator: "\n")
    }
}
