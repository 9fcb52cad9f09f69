import Calibration
import Foundation

extension VerdictSuite {
    /// The suite as a JUnit XML file: a `<testsuites>` root holding this one `<testsuite>`, both with the
    /// counts `tests`, `failures`, `errors` and `skipped` (and `time` in seconds, when measured); the
    /// suite's ``properties``; a `<testcase>` per case, with its message where its gate puts it:
    ///
    /// | gate | in the case |
    /// |---|---|
    /// | passes | `<system-out>` |
    /// | fails | `<failure type="outcome" message="…">` |
    /// | undefined | `<error type="outcome" message="…">`: nothing could be measured, as a test that could not run |
    /// | inconclusive | `<skipped message="…"/>` |
    ///
    /// The shape is the one Jenkins, GitLab and GitHub's test reporters read (Ant's JUnit task, as
    /// pytest writes it); every text is escaped for XML 1.0 (``HTMLEscaping/xmlText(_:)``), so a run's
    /// names and a model's words cannot break the file.
    public func junitXML() -> String {
        let counts = [
            ("tests", cases.count), ("failures", count(.fails)), ("errors", count(.undefined)), ("skipped", count(.inconclusive)),
        ].map { " \($0.0)=\"\($0.1)\"" }.joined()
        let seconds =
            time.map { t in
                " time=\"\(String(format: "%.3f", Double(t.components.seconds) + Double(t.components.attoseconds) / 1e18))\""
            } ?? ""
        let stamp = timestamp.map { " timestamp=\"\(ISO8601DateFormatter().string(from: $0))\"" } ?? ""
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"judgecal\"\(counts)\(seconds)>",
            "  <testsuite name=\"\(HTMLEscaping.xmlAttribute(name))\"\(counts)\(seconds)\(stamp)>",
        ]
        if !properties.isEmpty {
            lines.append("    <properties>")
            lines += properties.map {
                "      <property name=\"\(HTMLEscaping.xmlAttribute($0.name))\" value=\"\(HTMLEscaping.xmlAttribute($0.value))\"/>"
            }
            lines.append("    </properties>")
        }
        for c in cases {
            lines.append(
                "    <testcase name=\"\(HTMLEscaping.xmlAttribute(c.name))\" classname=\"\(HTMLEscaping.xmlAttribute(c.classname))\">")
            let message = HTMLEscaping.xmlAttribute(c.message), type = HTMLEscaping.xmlAttribute(c.outcome)
            let text = HTMLEscaping.xmlText(c.message)
            switch c.gate {
            case .passes: lines.append("      <system-out>\(text)</system-out>")
            case .fails: lines.append("      <failure type=\"\(type)\" message=\"\(message)\">\(text)</failure>")
            case .undefined: lines.append("      <error type=\"\(type)\" message=\"\(message)\">\(text)</error>")
            case .inconclusive: lines.append("      <skipped message=\"\(message)\"/>")
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>", ""]
        return lines.joined(separator: "\n")
    }
}
