import Calibration
import CalibrationData
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

    @Test("A history line that is not an entry is an error with the file and line")
    func malformedHistory() throws {
        let folder = try SharedData.temporaryFolder("certificate-bad")
        let history = folder.appendingPathComponent("history.jsonl")
        try Data((Self.oldLine + "\n{\"time\": 3}\n").utf8).write(to: history)
        let error = try #require(throws: InputError.self) { try AlignmentHistoryEntry.readAll(from: history) }
        #expect(error.line == 2 && error.file.hasSuffix("history.jsonl"))
    }
}
