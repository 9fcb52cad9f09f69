import Calibration
import CalibrationMaps
import CalibrationReports
import Foundation
import FoundationXML
import JudgeProbes
import RunInference
import StatisticsCore
import Testing

/// What an XML parser reads back from a JUnit file: every element's name and attributes, and the text in each, in order.
private final class JUnitReading: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var texts: [String: String] = [:]
    private var open: [String] = []

    static func parse(_ xml: String) throws -> JUnitReading {
        let reading = JUnitReading()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reading
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return reading
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]
    ) {
        elements.append((name, attributes))
        open.append(name)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let name = open.last { texts[name, default: ""] += string }
    }

    func named(_ name: String) -> [[String: String]] { elements.filter { $0.name == name }.map(\.attributes) }
}

@Suite("Verdicts as JUnit XML: each gate's element, the counts, escaping for XML 1.0")
struct VerdictSuiteJUnitTests {
    func interval(_ value: Double, _ lower: Double, _ upper: Double, n: Int = 100) -> Estimate {
        Estimate(value: value, n: n, interval: ConfidenceInterval(lower: lower, upper: upper, level: 0.95, method: .standardError(.normal)))
    }

    /// One dimension of each `align` outcome: aligned, not aligned, inconclusive, undefined.
    var alignCases: [VerdictCase] {
        [
            ("aligned", interval(0.8, 0.7, 0.9)), ("not aligned", interval(0.3, 0.2, 0.4)), ("inconclusive", interval(0.6, 0.4, 0.8)),
            ("undefined", Estimate(undefined: .noVariation("the judge gave one level"), n: 20)),
        ].map { name, estimate in
            VerdictCase(
                name: name, classname: "judgecal.align", verdict: Verdict(estimate: estimate, threshold: 0.5, statistic: "κ"), figure: nil)
        }
    }

    @Test("Each gate has its element: a pass its message in system-out, a fail a failure, undefined an error, inconclusive skipped")
    func elements() throws {
        let suite = VerdictSuite(
            name: "align run", cases: alignCases, properties: [.init("threshold", "0.5")],
            timestamp: Date(timeIntervalSince1970: 0), time: .milliseconds(1500))
        let xml = suite.junitXML()
        let read = try JUnitReading.parse(xml)
        #expect(
            read.elements.map(\.name) == [
                "testsuites", "testsuite", "properties", "property", "testcase", "system-out", "testcase", "failure", "testcase", "skipped",
                "testcase", "error",
            ])
        for element in ["testsuites", "testsuite"] {
            let counts = try #require(read.named(element).first)
            #expect(counts["tests"] == "4" && counts["failures"] == "1" && counts["errors"] == "1" && counts["skipped"] == "1", "\(counts)")
            #expect(counts["time"] == "1.500")
        }
        #expect(read.named("testsuite").first?["timestamp"] == "1970-01-01T00:00:00Z")
        #expect(read.named("property").first == ["name": "threshold", "value": "0.5"])
        #expect(read.named("failure").first?["type"] == "not-aligned")
        #expect(read.named("failure").first?["message"] == "not-aligned: κ 0.3, 95% interval [0.2, 0.4] lies below 0.5")
        #expect(read.named("error").first?["type"] == "undefined")
        #expect(read.named("error").first?["message"]?.contains("the judge gave one level") == true)
        // The rows that would decide an inconclusive verdict are in its message.
        #expect(read.named("skipped").first?["message"]?.contains("more labelled rows would decide it") == true)
        #expect(read.texts["system-out"] == "aligned: κ 0.8, 95% interval [0.7, 0.9] lies at or above 0.5")
        #expect(read.named("testcase").map { $0["name"] } == ["aligned", "not aligned", "inconclusive", "undefined"])
    }

    @Test("Every outcome of every kind reads through its gate: passes, fails, undefined or inconclusive")
    func gates() {
        #expect(AlignmentOutcome.severity.map(\.gate) == [.fails, .undefined, .inconclusive, .passes])
        #expect(ProbeOutcome.severity.map(\.gate) == [.fails, .fails, .fails, .undefined, .passes, .passes])
        #expect(ComparisonOutcome.severity.map(\.gate) == [.fails, .undefined, .passes, .passes])
        #expect(TransportAudit.Outcome.allCases.map(\.gate) == [.passes, .fails, .inconclusive, .inconclusive])
    }

    @Test("No case, no time: zero counts, and neither time nor timestamp is written")
    func empty() throws {
        let read = try JUnitReading.parse(VerdictSuite(name: "probe run", cases: []).junitXML())
        let suite = try #require(read.named("testsuite").first)
        #expect(suite["tests"] == "0" && suite["failures"] == "0" && suite["errors"] == "0" && suite["skipped"] == "0")
        #expect(suite["time"] == nil && suite["timestamp"] == nil && read.named("properties").isEmpty)
    }

    @Test(
        "Names and messages from runs and models parse back as written; XML 1.0's forbidden characters become #xHH",
        arguments: [
            #"<dimension a="1" b='2'> & co"#, "tab\tline\nfeed", "carriage\r\nreturn", "]]> and <![CDATA[", "é 😀 \u{2028}",
        ])
    func escaping(name: String) throws {
        let c = VerdictCase(name: name, classname: name, outcome: "biased-higher", gate: .fails, message: "why: " + name)
        let read = try JUnitReading.parse(VerdictSuite(name: name, cases: [c], properties: [.init(name, name)]).junitXML())
        #expect(read.named("testsuite").first?["name"] == name)
        #expect(read.named("testcase").first?["name"] == name && read.named("testcase").first?["classname"] == name)
        #expect(read.named("property").first == ["name": name, "value": name])
        #expect(read.named("failure").first?["message"] == "why: " + name)
        #expect(read.texts["failure"] == "why: " + name)
    }

    @Test("Control characters XML 1.0 forbids are written as their codes, so the file still parses")
    func forbiddenCharacters() throws {
        let name = "bell\u{07} null\u{00} escape\u{1B} \u{FFFE}"
        #expect(HTMLEscaping.xmlText(name) == "bell#x07 null#x00 escape#x1B #xFFFE")
        #expect(HTMLEscaping.xmlAttribute("a\"b'c\td\ne\rf<g>&") == "a&quot;b&apos;c&#9;d&#10;e&#13;f&lt;g&gt;&amp;")
        let c = VerdictCase(name: name, classname: "c", outcome: "undefined", gate: .undefined, message: name)
        let read = try JUnitReading.parse(VerdictSuite(name: name, cases: [c]).junitXML())
        #expect(read.named("error").first?["message"] == "bell#x07 null#x00 escape#x1B #xFFFE")
    }
}
