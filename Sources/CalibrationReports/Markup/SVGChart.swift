import Calibration
import CalibrationData
import Foundation
import StatisticsCore

/// The charts of the HTML reports, drawn as inline SVG by the project.
///
/// Every mark carries its number as text, so a chart reads in black and white
/// and on paper; every chart's root carries `data-…` attributes with the
/// figures at full precision, so a test (or a script) can check them against
/// the JSON report. All text passes through ``HTMLEscaping``.
enum SVGChart {
    /// A value for a `data-` attribute: Swift's shortest round-trip form, or empty when undefined.
    static func data(_ x: Double?) -> String {
        x.map { "\($0)" } ?? ""
    }

    /// Integers as a JSON array, for a `data-` attribute.
    static func data(_ xs: [Int]) -> String {
        "[" + xs.map(String.init).joined(separator: ",") + "]"
    }

    /// A coordinate to one decimal.
    static func c(_ x: Double) -> String {
        String(format: "%.1f", x)
    }

    /// Rows of estimates with their intervals on a common axis, against a
    /// reference line (the verdict's threshold, or zero for a difference).
    struct IntervalPlot {
        /// One row: a label and the estimate drawn beside it.
        struct Row {
            var label: String
            var estimate: Estimate
        }

        var rows: [Row]
        var reference: Double
        var referenceLabel: String
        /// Whether the axis is symmetric around the reference (for differences).
        var symmetric = false

        /// The axis: the statistic's usual [0, 1] (or ±m around the reference),
        /// widened in quarter steps to hold every bound.
        var domain: (Double, Double) {
            let bounds = rows.flatMap { [$0.estimate.interval?.lower, $0.estimate.interval?.upper, $0.estimate.value] }.compactMap { $0 }
            if symmetric {
                let m = max(0.25, ((bounds.map { abs($0 - reference) }.max() ?? 0) * 4).rounded(.up) / 4)
                return (reference - m, reference + m)
            }
            let lo = ((bounds + [0, reference]).min() ?? 0) * 4
            let hi = ((bounds + [1, reference]).max() ?? 1) * 4
            return (lo.rounded(.down) / 4, hi.rounded(.up) / 4)
        }

        /// The SVG, its root given `attributes` (already escaped).
        func svg(attributes: String, title: String) -> String {
            let (lo, hi) = domain
            let left = 120.0, width = 360.0, rowHeight = 40.0, top = 26.0
            let height = top + rowHeight * Double(rows.count) + 30
            func x(_ v: Double) -> Double { left + (v - lo) / (hi - lo) * width }
            var out = [
                "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(c(left + width + 20))\" height=\"\(c(height))\" viewBox=\"0 0 \(c(left + width + 20)) \(c(height))\" \(attributes)>",
                "<title>\(HTMLEscaping.text(title))</title>",
            ]
            let axisY = top + rowHeight * Double(rows.count)
            out.append("<line x1=\"\(c(left))\" y1=\"\(c(axisY))\" x2=\"\(c(left + width))\" y2=\"\(c(axisY))\" stroke=\"#000\"/>")
            for i in 0...4 {
                let v = lo + (hi - lo) * Double(i) / 4
                out.append("<line x1=\"\(c(x(v)))\" y1=\"\(c(axisY))\" x2=\"\(c(x(v)))\" y2=\"\(c(axisY + 4))\" stroke=\"#000\"/>")
                out.append("<text x=\"\(c(x(v)))\" y=\"\(c(axisY + 16))\" text-anchor=\"middle\">\(String(format: "%g", v))</text>")
            }
            let rx = x(reference)
            out.append(
                "<line class=\"reference\" x1=\"\(c(rx))\" y1=\"\(c(top - 6))\" x2=\"\(c(rx))\" y2=\"\(c(axisY))\" stroke=\"#000\" stroke-dasharray=\"4 3\"/>"
            )
            out.append("<text x=\"\(c(rx))\" y=\"\(c(top - 10))\" text-anchor=\"middle\">\(HTMLEscaping.text(referenceLabel))</text>")
            for (i, row) in rows.enumerated() {
                let y = top + rowHeight * (Double(i) + 0.6)
                out.append("<text x=\"\(c(left - 8))\" y=\"\(c(y + 4))\" text-anchor=\"end\">\(HTMLEscaping.text(row.label))</text>")
                guard let v = row.estimate.value else {
                    let reason = row.estimate.undefinedReason?.message ?? "no value"
                    out.append("<text x=\"\(c(left + 4))\" y=\"\(c(y + 4))\">undefined: \(HTMLEscaping.text(reason))</text>")
                    continue
                }
                if let ci = row.estimate.interval {
                    out.append(
                        "<line class=\"interval\" x1=\"\(c(x(ci.lower)))\" y1=\"\(c(y))\" x2=\"\(c(x(ci.upper)))\" y2=\"\(c(y))\" stroke=\"#000\" stroke-width=\"2\"/>"
                    )
                    for end in [ci.lower, ci.upper] {
                        out.append(
                            "<line x1=\"\(c(x(end)))\" y1=\"\(c(y - 6))\" x2=\"\(c(x(end)))\" y2=\"\(c(y + 6))\" stroke=\"#000\" stroke-width=\"2\"/>"
                        )
                    }
                }
                out.append("<rect class=\"point\" x=\"\(c(x(v) - 5))\" y=\"\(c(y - 5))\" width=\"10\" height=\"10\" fill=\"#000\"/>")
                out.append(
                    "<text x=\"\(c(x(v)))\" y=\"\(c(y - 10))\" text-anchor=\"middle\">\(ReportNumber.withInterval(row.estimate))</text>")
            }
            out.append("</svg>")
            return out.joined(separator: "\n")
        }
    }

    /// Counts of expert level (rows) against judge level (columns), shaded by
    /// count with the count written in every cell; the diagonal is outlined.
    static func heatmap(_ matrix: DimensionAlignment.ConfusionMatrix, attributes: String, title: String) -> String {
        let k = matrix.labels.count
        let cell = 40.0, left = 70.0, top = 44.0
        let size = (left + cell * Double(k) + 10, top + cell * Double(k) + 10)
        let peak = max(1, matrix.counts.flatMap { $0 }.max() ?? 1)
        var out = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(c(size.0))\" height=\"\(c(size.1))\" viewBox=\"0 0 \(c(size.0)) \(c(size.1))\" \(attributes)>",
            "<title>\(HTMLEscaping.text(title))</title>",
            "<text x=\"\(c(left + cell * Double(k) / 2))\" y=\"12\" text-anchor=\"middle\">judge →</text>",
            "<text x=\"12\" y=\"\(c(top + cell * Double(k) / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 12 \(c(top + cell * Double(k) / 2)))\">expert →</text>",
        ]
        for (j, label) in matrix.labels.enumerated() {
            out.append(
                "<text x=\"\(c(left + cell * (Double(j) + 0.5)))\" y=\"\(c(top - 8))\" text-anchor=\"middle\">\(HTMLEscaping.text(label))</text>"
            )
            out.append(
                "<text x=\"\(c(left - 8))\" y=\"\(c(top + cell * (Double(j) + 0.5) + 4))\" text-anchor=\"end\">\(HTMLEscaping.text(label))</text>"
            )
        }
        for (i, row) in matrix.counts.enumerated() {
            for (j, count) in row.enumerated() {
                let shade = Int(245 - 200 * Double(count) / Double(peak))
                let (x, y) = (left + cell * Double(j), top + cell * Double(i))
                let stroke = i == j ? "stroke=\"#000\" stroke-width=\"2\"" : "stroke=\"#999\""
                out.append(
                    "<rect class=\"cell\" x=\"\(c(x))\" y=\"\(c(y))\" width=\"\(c(cell))\" height=\"\(c(cell))\" fill=\"rgb(\(shade),\(shade),\(shade))\" \(stroke)/>"
                )
                out.append(
                    "<text x=\"\(c(x + cell / 2))\" y=\"\(c(y + cell / 2 + 4))\" text-anchor=\"middle\" fill=\"\(shade < 130 ? "#fff" : "#000")\">\(count)</text>"
                )
            }
        }
        out.append("</svg>")
        return out.joined(separator: "\n")
    }

    /// How often each level was given by the judge (solid bars, marked J) and
    /// the expert (hatched bars, marked E), side by side, counts on the bars.
    static func distribution(labels: [String], judge: [Int], expert: [Int], patternID: String, attributes: String, title: String) -> String
    {
        let group = 56.0, bar = 20.0, left = 20.0, top = 34.0, plot = 120.0
        let width = left + group * Double(labels.count) + 10
        let height = top + plot + 40
        let peak = Double(max(1, (judge + expert).max() ?? 1))
        var out = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(c(max(width, 200)))\" height=\"\(c(height))\" viewBox=\"0 0 \(c(max(width, 200))) \(c(height))\" \(attributes)>",
            "<title>\(HTMLEscaping.text(title))</title>",
            "<defs><pattern id=\"\(HTMLEscaping.attribute(patternID))\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"5\" stroke=\"#000\" stroke-width=\"1.5\"/></pattern></defs>",
            "<rect x=\"\(c(left))\" y=\"4\" width=\"12\" height=\"12\" fill=\"#333\"/><text x=\"\(c(left + 16))\" y=\"14\">J judge</text>",
            "<rect x=\"\(c(left + 80))\" y=\"4\" width=\"12\" height=\"12\" fill=\"url(#\(HTMLEscaping.attribute(patternID)))\" stroke=\"#000\"/><text x=\"\(c(left + 96))\" y=\"14\">E expert</text>",
        ]
        let baseline = top + plot
        for (i, label) in labels.enumerated() {
            let x0 = left + group * Double(i) + 6
            for (k, (count, fill, mark)) in [(judge[i], "#333", "J"), (expert[i], "url(#\(HTMLEscaping.attribute(patternID)))", "E")]
                .enumerated()
            {
                let h = plot * Double(count) / peak
                let x = x0 + Double(k) * (bar + 2)
                out.append(
                    "<rect class=\"bar \(mark == "J" ? "judge" : "expert")\" x=\"\(c(x))\" y=\"\(c(baseline - h))\" width=\"\(c(bar))\" height=\"\(c(h))\" fill=\"\(fill)\" stroke=\"#000\"/>"
                )
                out.append("<text x=\"\(c(x + bar / 2))\" y=\"\(c(baseline - h - 4))\" text-anchor=\"middle\">\(count)</text>")
                out.append("<text x=\"\(c(x + bar / 2))\" y=\"\(c(baseline + 12))\" text-anchor=\"middle\" class=\"muted\">\(mark)</text>")
            }
            out.append("<text x=\"\(c(x0 + bar + 1))\" y=\"\(c(baseline + 28))\" text-anchor=\"middle\">\(HTMLEscaping.text(label))</text>")
        }
        out.append("<line x1=\"\(c(left))\" y1=\"\(c(baseline))\" x2=\"\(c(width - 10))\" y2=\"\(c(baseline))\" stroke=\"#000\"/>")
        out.append("</svg>")
        return out.joined(separator: "\n")
    }
}
