import Calibration
import DataFormats
import Foundation
import SelectiveTrust
import Testing
import _TestSupport

@Suite("Trust in the history: its own kind of line, in the same chain as the alignments")
struct TrustHistoryTests {
    static let alignment = #"{"time":"2026-12-01T00:00:00Z","threshold":0.6,"dimensions":[],"rubric":"r"}"#

    static func entry() throws -> TrustHistoryEntry {
        var input = TrustReportTests.input(n: 200, wrong: { $0 % 100 < 40 })
        input.info.rubric = "r"
        input.info.dataset = "d"
        let report = try TrustReport(input, settings: TrustSettings(risk: 0.5))
        let certificate = TrustCertificate(report, judge: TrustCertificateTests.judge, rubricTextHash: "abc")
        return TrustHistoryEntry(report: report, certificate: certificate, rubricText: "# Instructions\nRate it.")
    }

    @Test("A trust line reads back whole; the alignment reader passes over it, and the trust reader over the alignments")
    func kinds() throws {
        let url = try SharedData.temporaryFolder("trust-history").appendingPathComponent("history.jsonl")
        let trust = try Self.entry()
        try AlignmentHistoryEntry.decode(line: Data(Self.alignment.utf8)).append(to: url)
        try trust.append(to: url)
        try AlignmentHistoryEntry.decode(line: Data(Self.alignment.utf8)).append(to: url)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3 && lines[1].contains(#""kind":"trust""#))
        #expect(try AlignmentHistoryEntry.readAll(from: url).count == 2)
        let read = try #require(try TrustHistoryEntry.readAll(from: url).first)
        #expect(read.certificate.dimensions == trust.certificate.dimensions && read.figures == trust.figures)
        #expect(read.rubricText == trust.rubricText && read.dataset == "d" && read.certificate.rubricTextHash == "abc")
        #expect(read.previous == SHA256.hexDigest(of: Array(lines[0].utf8)))
        // The measured figures are there: 40% of the rows are wrong, so the judge alone agrees on 60%.
        #expect(read.figures.first?.judgeAloneAgreement == 0.6)
    }

    @Test("A trust line edited breaks the chain for every reader, naming the line after it")
    func chain() throws {
        let url = try SharedData.temporaryFolder("trust-history").appendingPathComponent("history.jsonl")
        try AlignmentHistoryEntry.decode(line: Data(Self.alignment.utf8)).append(to: url)
        try Self.entry().append(to: url)
        try AlignmentHistoryEntry.decode(line: Data(Self.alignment.utf8)).append(to: url)
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: #""risk":0.5"#, with: #""risk":0.05"#)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        for read in [{ _ = try AlignmentHistoryEntry.readAll(from: url) }, { _ = try TrustHistoryEntry.readAll(from: url) }] {
            let error = try #require(throws: InputError.self) { try read() }
            #expect(error.line == 3 && error.description.contains("line 2 was edited"), "\(error)")
        }
    }

    @Test("A line whose kind is not text, or a line not an object, is refused with its line whatever the reader")
    func malformed() throws {
        for bad in [#"{"kind":3}"#, "[1, 2]"] {
            let url = try SharedData.temporaryFile(Self.alignment + "\n" + bad + "\n", named: "history.jsonl", in: "trust-history")
            let error = try #require(throws: InputError.self) { try TrustHistoryEntry.readAll(from: url) }
            #expect(error.line == 2 && error.description.contains("is not a history entry"), "\(error)")
        }
    }
}
