import Foundation

extension SVGChart {
    /// Points on the unit square, [0, 1] on both axes: series drawn as lines or as dots sized by a
    /// count, beside reference lines (the diagonal, a horizontal level). Every dot writes its count;
    /// the axes are labelled in tenths.
    struct UnitSquarePlot {
        /// One point: its place, and the count a dot is sized by and labelled with (`nil`: none).
        struct Point {
            var x: Double
            var y: Double
            var count: Int?
        }

        /// A series of points, drawn as a line through them or as dots, with its name in the legend.
        struct Series {
            var name: String
            var points: [Point]
            var dots: Bool
            var dashed = false
        }

        var series: [Series]
        var xLabel: String
        var yLabel: String
        /// Whether to draw the diagonal y = x (perfect calibration).
        var diagonal = false
        /// Horizontal reference lines and their labels (a risk α).
        var levels: [(y: Double, label: String)] = []
        /// A vertical marker and its label (the chosen threshold's coverage).
        var marker: (x: Double, label: String)?

        /// The SVG, its root given `attributes` (already escaped).
        func svg(attributes: String, title: String) -> String {
            let left = 56.0, top = 20.0, size = 300.0, legend = 18.0 * Double(series.count)
            let width = left + size + 150, height = top + size + 44 + legend
            func x(_ v: Double) -> Double { left + min(1, max(0, v)) * size }
            func y(_ v: Double) -> Double { top + (1 - min(1, max(0, v))) * size }
            var out = [
                "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(c(width))\" height=\"\(c(height))\" viewBox=\"0 0 \(c(width)) \(c(height))\" \(attributes)>",
                "<title>\(HTMLEscaping.text(title))</title>",
                "<rect x=\"\(c(left))\" y=\"\(c(top))\" width=\"\(c(size))\" height=\"\(c(size))\" fill=\"none\" stroke=\"#000\"/>",
            ]
            for i in 0...10 {
                let v = Double(i) / 10
                let label = i.isMultiple(of: 2) ? String(format: "%g", v) : ""
                out.append("<line x1=\"\(c(x(v)))\" y1=\"\(c(y(0)))\" x2=\"\(c(x(v)))\" y2=\"\(c(y(0) + 4))\" stroke=\"#000\"/>")
                out.append("<line x1=\"\(c(x(0) - 4))\" y1=\"\(c(y(v)))\" x2=\"\(c(x(0)))\" y2=\"\(c(y(v)))\" stroke=\"#000\"/>")
                if !label.isEmpty {
                    out.append("<text x=\"\(c(x(v)))\" y=\"\(c(y(0) + 16))\" text-anchor=\"middle\">\(label)</text>")
                    out.append("<text x=\"\(c(x(0) - 7))\" y=\"\(c(y(v) + 4))\" text-anchor=\"end\">\(label)</text>")
                }
            }
            out.append("<text x=\"\(c(left + size / 2))\" y=\"\(c(y(0) + 32))\" text-anchor=\"middle\">\(HTMLEscaping.text(xLabel))</text>")
            out.append(
                "<text transform=\"translate(14 \(c(top + size / 2))) rotate(-90)\" text-anchor=\"middle\">\(HTMLEscaping.text(yLabel))</text>")
            if diagonal {
                out.append(
                    "<line class=\"diagonal\" x1=\"\(c(x(0)))\" y1=\"\(c(y(0)))\" x2=\"\(c(x(1)))\" y2=\"\(c(y(1)))\" stroke=\"#000\" stroke-dasharray=\"2 3\"/>")
            }
            for level in levels {
                out.append(
                    "<line class=\"level\" x1=\"\(c(x(0)))\" y1=\"\(c(y(level.y)))\" x2=\"\(c(x(1)))\" y2=\"\(c(y(level.y)))\" stroke=\"#000\" stroke-dasharray=\"6 3\"/>")
                out.append("<text x=\"\(c(x(1) - 4))\" y=\"\(c(y(level.y) - 4))\" text-anchor=\"end\">\(HTMLEscaping.text(level.label))</text>")
            }
            if let marker {
                out.append(
                    "<line class=\"marker\" x1=\"\(c(x(marker.x)))\" y1=\"\(c(y(0)))\" x2=\"\(c(x(marker.x)))\" y2=\"\(c(y(1)))\" stroke=\"#000\" stroke-dasharray=\"1 2\"/>")
                out.append("<text x=\"\(c(x(marker.x) + 4))\" y=\"\(c(y(1) + 12))\">\(HTMLEscaping.text(marker.label))</text>")
            }
            let largest = Double(series.flatMap { $0.points.compactMap(\.count) }.max() ?? 1)
            for (k, s) in series.enumerated() {
                let dash = s.dashed ? " stroke-dasharray=\"5 2\"" : ""
                if s.dots {
                    for p in s.points {
                        let r = 3 + 7 * ((Double(p.count ?? 1) / max(largest, 1)).squareRoot())
                        out.append("<circle class=\"point\" cx=\"\(c(x(p.x)))\" cy=\"\(c(y(p.y)))\" r=\"\(c(r))\" fill=\"#000\" fill-opacity=\"0.35\" stroke=\"#000\"/>")
                        if let n = p.count { out.append("<text x=\"\(c(x(p.x) + r + 2))\" y=\"\(c(y(p.y) + 4))\">\(n)</text>") }
                    }
                } else if !s.points.isEmpty {
                    let path = s.points.map { "\(c(x($0.x))),\(c(y($0.y)))" }.joined(separator: " ")
                    out.append("<polyline class=\"series\" points=\"\(path)\" fill=\"none\" stroke=\"#000\" stroke-width=\"\(k == 0 ? 2 : 1)\"\(dash)/>")
                }
                let ly = y(0) + 44 + 18 * Double(k)
                out.append(
                    s.dots
                        ? "<circle cx=\"\(c(left + 6))\" cy=\"\(c(ly - 4))\" r=\"5\" fill=\"#000\" fill-opacity=\"0.35\" stroke=\"#000\"/>"
                        : "<line x1=\"\(c(left))\" y1=\"\(c(ly - 4))\" x2=\"\(c(left + 16))\" y2=\"\(c(ly - 4))\" stroke=\"#000\" stroke-width=\"\(k == 0 ? 2 : 1)\"\(dash)/>")
                out.append("<text x=\"\(c(left + 22))\" y=\"\(c(ly))\">\(HTMLEscaping.text(s.name))</text>")
            }
            out.append("</svg>")
            return out.joined(separator: "\n")
        }
    }
}
