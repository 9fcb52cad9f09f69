import Calibration
import CalibrationData
import CalibrationWorkflow
import DataFormats
import Foundation
import Judging
import LanguageModels
import Testing
import _TestSupport

@Suite("The history's looks and certificates: old lines still read, a certificate checked against the judge")
struct CertificateHistoryTests {
    /// A line as judgecal wrote it before splits existed.
    static let oldLine = """
        {"dimensions":[{"dimension":"Relevance","kappa":0.5,"n":40,"statistic":"quadratic-kappa","verdict":"inconclusive"}],\
        "model":"m","rubric":"book-tags","rubricTextHash":"abc","threshold":0.6,"time":"2026-01-01T00:00:00Z"}
        """

    static func certificateLine(hash: String, model: String) -> String {
        """
        {"certificate":{"editedFrom":"book-tags v1","judge":{"baseURL":"http://127.0.0.1:9/v1","maxTokens":512,"mode":"discrete",\
        "model":"\(model)","temperature":0},"labelFingerprint":"f","rubric":"book-tags","rubricTextHash":"\(hash)",\
        "rubricVersion":"2","splitFile":"calibration/book-tags.splits.json","splitIdentity":"i","testRows":8,\
        "testRowsReused":false},"dimensions":[],"rubric":"book-tags","threshold":0.6,"time":"2026-01-02T00:00:00Z"}
        """
    }

    @Test("A certificate on fewer than 80 test rows warns, with the measured power, ; 80 rows do not")
    func smallTestWarning() throws {
        var certificate = try #require(
            try AlignmentHistoryEntry.decode(line: Data(Self.certificateLine(hash: "h", model: "m").utf8)).certificate)
        #expect(certificate.smallTestWarning?.contains("Only 8 sealed test rows") == true)
        #expect(certificate.smallTestWarning?.contains("76%") == true)
        certificate.testRows = 80
        #expect(certificate.smallTestWarning == nil)
    }

    @Test("A history line written before splits decodes, with no split, looks or certificate")
    func oldLineDecodes() throws {
        let entry = try AlignmentHistoryEntry.decode(line: Data(Self.oldLine.utf8))
        #expect(entry.rubric == "book-tags" && entry.dimensions.count == 1)
        #expect(entry.split == nil && entry.looks == nil && entry.certificate == nil && entry.editedFrom == nil)
    }

    @Test("require-certified: the matching rubric and model pass; a changed model or text is refused, naming each change")
    func requireCertified() throws {
        let folder = try SharedData.temporaryFolder("certificate")
        let rubricURL = SharedData.projectURL("rubrics/book-tags-v2.md")
        let text = try String(contentsOf: rubricURL, encoding: .utf8)
        let rubric = try Rubric.load(from: rubricURL)
        let history = folder.appendingPathComponent("history.jsonl")
        let hash = SHA256.hexDigest(of: Array(text.utf8))
        try Data((Self.oldLine + "\n" + Self.certificateLine(hash: hash, model: "judge-a") + "\n").utf8).write(to: history)
        let judge = JudgeIdentity(model: "judge-a", baseURL: "http://elsewhere/v1", options: JudgeSettings())
        try Certificate.require(rubric, text: text, judge: judge, history: history.path)
        var other = judge
        other.model = "judge-b"
        let refused = try #require(throws: CertificationError.self) {
            try Certificate.require(rubric, text: text + "\n", judge: other, history: history.path)
        }
        #expect(refused.message.contains("the model changed (certified judge-a, now judge-b)"))
        #expect(refused.message.contains("the rubric's text changed"))
        let none = try #require(throws: CertificationError.self) {
            try Certificate.require(rubric, text: text, judge: judge, history: folder.appendingPathComponent("none.jsonl").path)
        }
        #expect(none.message.contains("holds no certificate of the rubric book-tags"))
    }

    @Test("A judge known by its scores file: the mode is the file's SHA-256 as sha256sum prints it, read in chunks past 1 MiB")
    func scoresFileIdentity() throws {
        let url = try SharedData.temporaryFolder("certificate").appendingPathComponent("judge.scores.csv")
        let rows = (0..<120_000).map { "row-\($0),\($0 % 4 + 1)\n" }.joined()
        try Data(("id,Relevance\n" + rows).utf8).write(to: url)
        let printed = try ChildProcess(command: "sha256sum", arguments: [url.path], timeout: .seconds(60)).run().output
        let judge = try JudgeIdentity(scoresFileAt: url, model: "outside")
        #expect(judge.mode == "scores from a file, SHA-256 \(printed.prefix(64))")
        #expect(judge.model == "outside" && judge.baseURL == nil && judge.temperature == nil)
    }

    @Test("A history line that is not an entry is an error with the file and line")
    func malformedHistory() throws {
        let folder = try SharedData.temporaryFolder("certificate-bad")
        let history = folder.appendingPathComponent("history.jsonl")
        try Data((Self.oldLine + "\n{\"time\": 3}\n").utf8).write(to: history)
        let error = try #require(throws: InputError.self) { try AlignmentHistoryEntry.readAll(from: history) }
        #expect(error.line == 2 && error.file.hasSuffix("history.jsonl"))
    }

    /// A history of three lines appended as judgecal appends them (each linked to the one before), as text.
    static func chainedHistory() throws -> (url: URL, lines: [String]) {
        let url = try SharedData.temporaryFolder("history-chain").appendingPathComponent("history.jsonl")
        for rubric in ["a", "b", "c"] {
            var entry = try AlignmentHistoryEntry.decode(line: Data(Self.oldLine.utf8))
            entry.rubric = rubric
            try entry.append(to: url)
        }
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        return (url, lines)
    }

    /// Issue #29: the history was not tamper-evident.
    @Test("Each appended line is linked to the one before; an edit, a removal or an insertion before the last line is found, naming the line")
    func chain() throws {
        let (url, lines) = try Self.chainedHistory()
        #expect(lines.count == 3)
        #expect(try AlignmentHistoryEntry.readAll(from: url).map(\.rubric) == ["a", "b", "c"])
        #expect(try AlignmentHistoryEntry.decode(line: Data(lines[0].utf8)).previous == nil)
        #expect(try AlignmentHistoryEntry.decode(line: Data(lines[2].utf8)).previous == SHA256.hexDigest(of: Array(lines[1].utf8)))
        func broken(_ edited: [String]) throws -> InputError {
            try Data(edited.joined(separator: "\n").utf8).write(to: url)
            return try #require(throws: InputError.self) { try AlignmentHistoryEntry.readAll(from: url) }
        }
        let edited = try broken([lines[0], lines[1].replacingOccurrences(of: "\"threshold\":0.6", with: "\"threshold\":0.5"), lines[2]])
        #expect(edited.line == 3 && edited.message.contains("line 2 was edited"))
        #expect(try broken([lines[0], lines[2]]).line == 2)
        let headless = try broken([lines[1], lines[2]])
        #expect(headless.line == 1 && headless.message.contains("lines at the start of the history were removed"))
        let inserted = try broken([lines[0], lines[1], Self.oldLine, lines[2]])
        #expect(inserted.line == 3 && inserted.message.contains("carries no link"))
        // Line ends and blank lines are not edits: CRLF, a blank line, a missing final newline.
        try Data((lines[0] + "\r\n\r\n" + lines[1] + "\r\n" + lines[2]).utf8).write(to: url)
        #expect(try AlignmentHistoryEntry.readAll(from: url).count == 3)
        var fourth = try AlignmentHistoryEntry.decode(line: Data(Self.oldLine.utf8))
        fourth.rubric = "d"
        try fourth.append(to: url)
        #expect(try AlignmentHistoryEntry.readAll(from: url).map(\.rubric) == ["a", "b", "c", "d"])
    }

    /// The append reads the history from its end only; a line longer than its 64 KiB window, and one
    /// after blank lines and a CRLF, are still linked whole.
    @Test("An append links to the last line read from the file's end: a 300 KiB line, blank lines and CRLF after it")
    func longLastLine() throws {
        let url = try SharedData.temporaryFolder("history-long").appendingPathComponent("history.jsonl")
        var long = try AlignmentHistoryEntry.decode(line: Data(Self.oldLine.utf8))
        long.labelRows = (0..<30_000).map { "row-\($0)" }
        try Data((Self.oldLine + "\n").utf8).write(to: url)
        try long.append(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\r\n \n\n".utf8))
        try handle.close()
        try AlignmentHistoryEntry.decode(line: Data(Self.oldLine.utf8)).append(to: url)
        let lines = try Data(contentsOf: url).split(separator: 0x0A).map { String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self) }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count == 3 && lines[1].utf8.count > 300_000)
        #expect(try AlignmentHistoryEntry.decode(line: Data(lines[2].utf8)).previous == SHA256.hexDigest(of: Array(lines[1].utf8)))
        #expect(try AlignmentHistoryEntry.readAll(from: url).count == 3)
    }

    @Test("Lines written before links were kept read as they are, and the first appended line links to the last of them")
    func legacyThenChained() throws {
        let url = try SharedData.temporaryFolder("history-legacy").appendingPathComponent("history.jsonl")
        try Data((Self.oldLine + "\n" + Self.oldLine + "\n").utf8).write(to: url)
        try AlignmentHistoryEntry.decode(line: Data(Self.oldLine.utf8)).append(to: url)
        let entries = try AlignmentHistoryEntry.readAll(from: url)
        #expect(entries.count == 3 && entries[2].previous == SHA256.hexDigest(of: Array(Self.oldLine.utf8)))
    }
}

/// Issue #29: deleting the split record or editing its seed laundered the sealed test.
@Suite("A certificate's test rows stay sealed, whatever the split record says")
struct SealedTestRowsTests {
    /// A certificate of `rubric` on the test rows `step` selects, as its history line.
    static func certificateEntry(of rubric: String, step: SplitStep) throws -> AlignmentHistoryEntry {
        var entry = try AlignmentHistoryEntry.decode(line: Data(CertificateHistoryTests.oldLine.utf8))
        entry.rubric = rubric
        entry.split = step.selection.reference
        entry.certificate = Certificate(
            rubric: rubric, rubricTextHash: "h", judge: JudgeIdentity(model: "m", baseURL: nil, options: JudgeSettings()),
            splitFile: step.selection.reference.file, splitIdentity: step.selection.splits.identity,
            labelFingerprint: step.selection.splits.fingerprint, testRows: step.selection.reference.rows.count, testRowsReused: false)
        return entry
    }

    @Test("another lineage on certified test rows is refused unless forced; a record made again that moves a certified row is an error naming it")
    func sealed() throws {
        let folder = try SharedData.temporaryFolder("sealed")
        let sheet = folder.appendingPathComponent("items.labels.csv")
        try Data((["id,quality"] + (0..<120).map { "item-\($0),\($0 % 4 + 1)" }).joined(separator: "\n").utf8).write(to: sheet)
        let labels = try ExpertLabels.load(from: [sheet], dimensionNames: ["quality"])
        let history = folder.appendingPathComponent("history.jsonl")
        let record = folder.appendingPathComponent("items.splits.json")
        let first = try SplitStep(.test, labels: labels, sheets: [sheet], file: record, history: history)
        try Self.certificateEntry(of: "book-tags", step: first).append(to: history)
        let renamed = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags-v2.md"))
        var second = try SplitStep(.test, labels: labels, sheets: [sheet], file: record, history: history)
        let refused = try #require(throws: CertificationError.self) { try second.check(rubric: renamed) }
        #expect(refused.message.contains("the lineage book-tags was already certified on these test rows"))
        try second.check(rubric: renamed, force: true)
        // The record made again with another seed: some certified test row now falls elsewhere.
        try LabelSplits(labels: labels, sheets: [], seed: 7, proportions: try SplitProportions()).write(to: record)
        let before = try Data(contentsOf: record)
        let moved = try #require(throws: InputError.self) {
            try SplitStep(.development, labels: labels, sheets: [sheet], file: record, history: history)
        }
        #expect(moved.file.hasSuffix("items.splits.json") && moved.message.contains("was a sealed test row of the certificate of book-tags"))
        #expect(try Data(contentsOf: record) == before, "nothing is written")
        try FileManager.default.removeItem(at: record)
        #expect(throws: InputError.self) {
            try SplitStep(
                .validation, labels: labels, sheets: [sheet], file: record, proportions: try SplitProportions(parsing: [60, 20, 20]),
                history: history)
        }
        #expect(!FileManager.default.fileExists(atPath: record.path), "a refused record is not written")
    }
}
