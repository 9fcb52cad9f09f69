import Calibration
import CalibrationData
import Judging
import RunInference
import SelectiveTrust
import StatisticsCore
import Testing

@Suite("Selective trust on a run: thresholds, coverage, rows left out, outcomes")
struct TrustReportTests {
    static let scale = CategoryScale(values: [1, 2, 3, 4, 5])

    /// `n` labelled rows (two raters agreeing on level 3) and `extra` unlabelled judged rows; the judge says 3
    /// with a confidence that climbs with the row, and wrong (5) on the rows `wrong` picks.
    static func input(n: Int, extra: Int = 0, wrong: (Int) -> Bool, confidence: (Int) -> Double? = { 0.5 + 0.5 * Double($0 % 100) / 100 })
        -> AlignmentInput
    {
        var scores: [String: JudgeScore] = [:]
        var labels: [ExpertLabel] = []
        for i in 0..<(n + extra) {
            let id = "r\(i)"
            let level: Double = wrong(i) ? 5 : 3
            scores[id] = JudgeScore(level, confidence: confidence(i).map { JudgeConfidence(method: .given, level: level, value: $0) })
            if i < n {
                labels.append(ExpertLabel(rowID: id, rater: "a", value: 3))
                labels.append(ExpertLabel(rowID: id, rater: "b", value: 3))
            }
        }
        let dimension = AlignmentInput.Dimension(name: "Quality", scale: scale, judge: JudgeScores(scores: scores), expertLabels: labels)
        return AlignmentInput(runRowIDs: (0..<(n + extra)).map { "r\($0)" }, dimensions: [dimension])
    }

    @Test("A judge wrong only on its least confident rows is trusted above them; coverage counts the unlabelled rows too")
    func trusted() throws {
        // 200 labelled rows; the judge is wrong on the rows with confidence below 0.7 (i % 100 < 40): 80 of them.
        let report = try TrustReport(Self.input(n: 200, extra: 100, wrong: { $0 % 100 < 40 }), settings: TrustSettings(risk: 0.1, error: 0.1))
        let d = try #require(report.dimensions.first)
        #expect(d.verdict.outcome == .trusted && report.outcome == .trusted)
        // At α 0.1 the threshold may reach a little into the wrong rows, as long as the bound stays within 10%.
        let threshold = try #require(d.threshold.threshold)
        let chosen = try #require(d.threshold.chosen)
        #expect(threshold > 0.6 && threshold < 0.75)
        #expect(chosen.riskBound <= 0.1)
        #expect((d.keptAgreement ?? 0) >= 0.9)
        #expect(d.judgeAloneAgreement == 0.6)
        // Every judged row of the run at or above the threshold, labelled or not.
        let expected = (0..<300).count { 0.5 + 0.5 * Double($0 % 100) / 100 >= threshold }
        #expect(d.coverage?.judged == 300 && d.coverage?.kept == expected)
        #expect(d.methods == [.given])
        #expect(d.verdict.reason.contains("keep"))
    }

    @Test("A judge wrong everywhere has no threshold, and the smallest risk the rows can certify is given")
    func noThreshold() throws {
        let report = try TrustReport(Self.input(n: 100, wrong: { $0 % 2 == 0 }), settings: TrustSettings())
        let d = try #require(report.dimensions.first)
        #expect(d.verdict.outcome == .noThreshold)
        #expect(d.coverage == nil && d.keptAgreement == nil)
        let best = try #require(d.threshold.bestReachableRisk)
        #expect(best > 0.2)
        #expect(d.verdict.reason.contains(ReportNumber.percent(best)))
    }

    @Test("Too few labelled rows: the rows the test needs are named, and counted in the figures")
    func tooFewRows() throws {
        let report = try TrustReport(Self.input(n: 20, wrong: { _ in false }), settings: TrustSettings())
        let d = try #require(report.dimensions.first)
        #expect(d.verdict.outcome == .tooFewRows)
        #expect(d.minimumRows == 30)
        #expect(d.verdict.figures.additionalRowsNeeded == 10)
        #expect(d.verdict.reason.contains("at least 30"))
        // α 0.05 at δ 0.05 needs 59 rows even when the judge never disagrees: (0.95)^59 ≤ 0.05.
        let strict = try TrustReport(Self.input(n: 40, wrong: { _ in false }), settings: TrustSettings(risk: 0.05, error: 0.05))
        #expect(strict.dimensions[0].minimumRows == 59 && strict.dimensions[0].verdict.outcome == .tooFewRows)
    }

    @Test("Rows without a confidence, a judge score, an expert level, or that are worked examples are left out and counted")
    func leftOut() throws {
        var input = Self.input(n: 60, wrong: { _ in false }, confidence: { $0 < 3 ? nil : 0.9 })
        input.dimensions[0].judge.scores["r3"] = nil
        input.dimensions[0].judge.failures["r3"] = "no-json"
        input.dimensions[0].expertLabels.append(ExpertLabel(rowID: "r4", rater: "c", value: 5))
        input.exampleRowIDs = ["r5"]
        let d = try TrustReport(input, settings: TrustSettings(experts: .majority)).dimensions[0]
        #expect(d.leftOut.noConfidence == 3 && d.leftOut.noJudgeScore == 1 && d.leftOut.workedExamples == 1)
        #expect(d.leftOut.noExpertLevel == 0)  // 3, 3, 5: the majority is 3
        #expect(d.threshold.rows == 60 - 5)
        // A failed row and a row without a confidence are judged but never kept.
        #expect(d.judgedRows == 59 && d.coverage?.kept == 55)
        let tied = try TrustReport(
            {
                var i = input
                i.dimensions[0].expertLabels.append(ExpertLabel(rowID: "r4", rater: "d", value: 5))
                return i
            }(), settings: TrustSettings(experts: .majority))
        #expect(tied.dimensions[0].leftOut.noExpertLevel == 1)
    }

    @Test("Within one level counts a neighbouring level as agreeing, and is refused on two levels")
    func withinOne() throws {
        var input = Self.input(n: 100, wrong: { _ in false })
        for (id, score) in input.dimensions[0].judge.scores where Int(id.dropFirst())! % 2 == 0 {
            input.dimensions[0].judge.scores[id]?.confidence = JudgeConfidence(method: .given, level: 4, value: score.confidence!.value)
        }
        let exact = try TrustReport(input, settings: TrustSettings()).dimensions[0]
        let near = try TrustReport(input, settings: TrustSettings(agreement: .withinOne)).dimensions[0]
        #expect(exact.judgeAloneAgreement == 0.5 && near.judgeAloneAgreement == 1)
        var twoLevels = input
        twoLevels.dimensions[0].scale = CategoryScale(values: [0, 1])
        #expect(throws: TrustError.withinOneOnTwoLevels(dimension: "Quality")) {
            try TrustReport(twoLevels, settings: TrustSettings(agreement: .withinOne))
        }
    }

    @Test("Scores without any confidence are refused, naming the dimension")
    func noConfidence() {
        #expect(throws: TrustError.noConfidence(dimension: "Quality")) {
            try TrustReport(Self.input(n: 40, wrong: { _ in false }, confidence: { _ in nil }), settings: TrustSettings())
        }
    }

    @Test("Settings out of range are refused", arguments: [(0.0, 0.1), (1.0, 0.1), (0.2, 0.0), (0.2, 1.5), (.nan, 0.1)])
    func settings(risk: Double, error: Double) {
        #expect(throws: TrustSettingsError.self) { try TrustSettings(risk: risk, error: error) }
    }

    @Test("The certificate records each dimension's threshold, coverage and the judge")
    func certificate() throws {
        let report = try TrustReport(Self.input(n: 200, wrong: { $0 % 100 < 40 }), settings: TrustSettings(risk: 0.1))
        let judge = JudgeIdentity(model: "m", baseURL: "http://x", options: JudgeSettings(mode: .probabilityWeighted()))
        let certificate = TrustCertificate(report, judge: judge, rubricTextHash: "abc")
        #expect(certificate.dimensions[0].threshold == report.dimensions[0].threshold.threshold)
        #expect(certificate.dimensions[0].coverage == report.dimensions[0].coverage?.share)
        #expect(certificate.judge == judge && certificate.rubricTextHash == "abc" && certificate.risk == 0.1)
    }
}
