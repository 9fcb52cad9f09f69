import Calibration
import CalibrationData
import CalibrationWorkflow
import DataFormats
import Foundation
import Judging
import SelectiveTrust
import Testing
import _TestSupport

@Suite("A trust certificate used: read back, checked against the judge, applied to judgments")
struct TrustCertificateTests {
    static let judge = JudgeIdentity(model: "m", baseURL: "http://127.0.0.1:8080/v1", options: JudgeSettings(mode: .probabilityWeighted()))

    static func certificate(threshold: Double?) throws -> TrustCertificate {
        var input = TrustReportTests.input(n: 200, wrong: { $0 % 100 < 40 })
        input.info.rubric = "r"
        var certificate = TrustCertificate(try TrustReport(input, settings: TrustSettings(risk: 0.1)), judge: judge, rubricTextHash: "abc")
        certificate.dimensions[0].threshold = threshold
        return certificate
    }

    @Test("Written and read back whole, the time in ISO 8601")
    func roundTrip() throws {
        let certificate = try Self.certificate(threshold: 0.8)
        let data = try certificate.json()
        #expect(String(decoding: data, as: UTF8.self).contains(#""created" : "20"#))
        let url = try SharedData.temporaryFile(String(decoding: data, as: UTF8.self), named: "c.json", in: "trust-certificate")
        let read = try TrustCertificate.load(from: url)
        #expect(read.dimensions == certificate.dimensions && read.judge == certificate.judge && read.rubricTextHash == "abc")
    }

    @Test(
        "Not a certificate, not JSON, or a threshold outside [0, 1]: refused naming the file",
        arguments: [
            (#"{"kind": "something else"}"#, "kind"), ("{\n  \"kind\": ", "expected"),
            (#"{"kind": "judgecal trust certificate", "dimensions": 3}"#, "not a trust certificate this judgecal reads"),
        ])
    func refused(text: String, words: String) throws {
        let url = try SharedData.temporaryFile(text, named: "bad.json", in: "trust-certificate")
        let error = try #require(throws: InputError.self) { try TrustCertificate.load(from: url) }
        #expect(error.description.contains(words), "\(error)")
        var certificate = try Self.certificate(threshold: 1.5)
        certificate.dimensions[0].threshold = 1.5
        let high = try SharedData.temporaryFile(String(decoding: try certificate.json(), as: UTF8.self), named: "high.json", in: "trust-certificate")
        let located = try #require(throws: InputError.self) { try TrustCertificate.load(from: high) }
        #expect(located.column == "threshold" && located.line != nil)
    }

    @Test("Another model, mode or rubric text is refused with each difference named; the same judge passes")
    func check() throws {
        let certificate = try Self.certificate(threshold: 0.8)
        try certificate.check(judge: Self.judge, rubricTextHash: "abc")
        let other = JudgeIdentity(model: "n", baseURL: Self.judge.baseURL, options: JudgeSettings(mode: .sampled(count: 5)))
        let mismatch = try #require(throws: TrustCertificateMismatch.self) { try certificate.check(judge: other, rubricTextHash: "xyz") }
        #expect(mismatch.differences.count == 3)
        #expect(mismatch.description.contains("the model was m, now n") && mismatch.description.contains("rubric's text changed"))
    }

    @Test("A row is kept at or above the threshold, escalated below it, without a confidence, without a score, or without a threshold")
    func decisions() throws {
        func judgment(_ id: String, confidence: Double?, failed: Bool = false) throws -> Judgment {
            let score = DimensionJudgment(
                dimension: "Quality", score: 3, label: "3", rationale: "",
                confidence: confidence.map { JudgeConfidence(method: .levelProbability, level: 3, value: $0) })
            if failed {
                let line = #"{"failure":{"code":"no-json","message":"x"},"id":"ID","model":"m","promptHash":"h","rawReplies":[],"retries":0,"scores":[]}"#
                return try JSONDecoder().decode(Judgment.self, from: Data(line.replacingOccurrences(of: "ID", with: id).utf8))
            }
            return Judgment(id: id, scores: [score], rawReplies: [], retries: 0, model: "m", promptHash: "")
        }
        let set = JudgmentSet(
            run: "x", rubric: "r", rubricVersion: nil, model: "m",
            judgments: [
                try judgment("a", confidence: 0.9), try judgment("b", confidence: 0.8), try judgment("c", confidence: 0.5),
                try judgment("d", confidence: nil), try judgment("e", confidence: 0.9, failed: true),
            ])
        let decisions = try Self.certificate(threshold: 0.8).decisions(for: set)
        #expect(decisions.map(\.kept) == [true, true, false, false, false])
        #expect(decisions.map(\.escalatedBecause) == [nil, nil, .belowThreshold, .noConfidence, .noJudgeScore])
        #expect(try Self.certificate(threshold: nil).decisions(for: set).map(\.escalatedBecause)
            == [.noThreshold, .noThreshold, .noThreshold, .noConfidence, .noJudgeScore])
        let csv = TrustDecisionsFile.csv(decisions)
        #expect(csv.hasPrefix("id,dimension,decision,level,confidence,reason\na,Quality,kept,3,0.9,\n"))
        #expect(csv.contains("c,Quality,escalated,3,0.5,below threshold\n") && csv.contains("e,Quality,escalated,,,no judge score\n"))
        let summary = TrustDecisionsFile.summary(TrustDecisionsFile.Counts(decisions), certificate: try Self.certificate(threshold: 0.8))
        #expect(summary == ["Quality: kept 2 of 5 rows at confidence ≥ 0.800 (40%); escalated 3 (1 no judge score, 1 no confidence, 1 below threshold)"])
    }

    @Test("Decided as the judgments file is read: the bytes and summary of the decisions on the whole set; a bad file writes nothing")
    func decidedAsRead() throws {
        let certificate = try Self.certificate(threshold: 0.8)
        let dimension = try #require(certificate.dimensions.first?.name)
        let judgments = try (0..<600).map { i -> Judgment in
            if i % 50 == 7 {
                let line = #"{"failure":{"code":"transport","message":"x"},"id":"ID","model":"m","promptHash":"h","rawReplies":[],"retries":0,"scores":[]}"#
                return try JSONDecoder().decode(Judgment.self, from: Data(line.replacingOccurrences(of: "ID", with: "r\(i)").utf8))
            }
            let confidence = i % 9 == 4 ? nil : JudgeConfidence(method: .levelProbability, level: Double(i % 3 + 1), value: Double(i % 97) / 96)
            let score = DimensionJudgment(dimension: dimension, score: Double(i % 3 + 1), label: "", rationale: "", confidence: confidence)
            return Judgment(id: "=r\(i)", scores: [score], rawReplies: ["{}"], retries: 0, model: "m", promptHash: "")
        }
        let set = JudgmentSet(run: "x", rubric: "r", rubricVersion: nil, model: "m", judgments: judgments)
        let folder = try SharedData.temporaryFolder("trust-decided")
        let judgmentsURL = folder.appendingPathComponent("x.r.judgments.jsonl")
        try set.jsonLines().write(to: judgmentsURL)
        let file = try TrustDecisionsFile(besideJudgmentsAt: judgmentsURL.path)
        let counts = try file.write(decidingJudgmentsAt: judgmentsURL, by: certificate)
        let whole = certificate.decisions(for: try JudgmentSet.load(from: judgmentsURL))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == Data(TrustDecisionsFile.csv(whole).utf8))
        #expect(counts == TrustDecisionsFile.Counts(whole))
        #expect(TrustDecisionsFile.summary(counts, certificate: certificate) == TrustDecisionsFile.summary(TrustDecisionsFile.Counts(whole), certificate: certificate))
        #expect(counts.decided(dimension) == 600 && counts.escalated(dimension, because: .noJudgeScore) == 12)
        #expect(counts.kept(dimension) == whole.count(where: \.kept))
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        try Data("{\"judgments\": {\"run\": \"x\", \"rubric\": \"r\", \"model\": \"m\"}}\nnot json\n".utf8).write(to: judgmentsURL)
        let error = try #require(throws: InputError.self) { try file.write(decidingJudgmentsAt: judgmentsURL, by: certificate) }
        #expect(error.line == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == before, "the decisions written before stay")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["x.r.judgments.jsonl", "x.r.trust.csv"])
    }
}
