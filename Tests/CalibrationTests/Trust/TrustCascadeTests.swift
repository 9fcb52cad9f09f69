import Calibration
import CalibrationData
import Judging
import RunInference
import SelectiveTrust
import StatisticsCore
import Testing

@Suite("A cascade of judges: each keeps what it is sure of, the next sees the rest, the whole keeps the guarantee")
struct TrustCascadeTests {
    static let scale = CategoryScale(values: [1, 2, 3, 4, 5])

    /// 300 labelled rows at expert level 3. Judge A is right and sure (0.95) on rows 0–99, unsure (0.5) and wrong elsewhere;
    /// judge B is right and sure (0.9) on rows 100–249, unsure (0.5) and wrong elsewhere.
    static func input(_ right: Range<Int>, sure: Double) -> AlignmentInput {
        var scores: [String: JudgeScore] = [:], labels: [ExpertLabel] = []
        for i in 0..<300 {
            let level: Double = right.contains(i) ? 3 : 5
            scores["r\(i)"] = JudgeScore(
                level, confidence: JudgeConfidence(method: .given, level: level, value: right.contains(i) ? sure : 0.5))
            labels.append(ExpertLabel(rowID: "r\(i)", value: 3))
        }
        return AlignmentInput(
            runRowIDs: (0..<300).map { "r\($0)" },
            dimensions: [.init(name: "Quality", scale: scale, judge: JudgeScores(scores: scores), expertLabels: labels)])
    }

    @Test("The first judge keeps its sure rows, the second the sure rows left; each stage tested at δ/K")
    func twoStages() throws {
        let cascade = try TrustCascade(
            stages: [("A", Self.input(0..<100, sure: 0.95)), ("B", Self.input(100..<250, sure: 0.9))], settings: TrustSettings(risk: 0.1))
        #expect(cascade.stageError == 0.05)
        let d = try #require(cascade.dimensions.first)
        #expect(d.verdict.outcome == .trusted)
        #expect(d.stages.map(\.keptRun) == [100, 150])
        // The second stage was calibrated on the 200 rows the first did not keep.
        #expect(d.stages[1].trust.threshold.rows == 200)
        #expect(d.keptLabelled == 250 && d.disagreements == 0)
        #expect(d.coverage.judged == 300 && d.coverage.kept == 250)
        #expect(d.verdict.reason.contains("A 100, B 150"))
    }

    @Test("A first judge that keeps nothing passes every row to the next; no stage keeping anything is no threshold")
    func passesOn() throws {
        let useless = Self.input(0..<0, sure: 0.5)
        let cascade = try TrustCascade(stages: [("A", useless), ("B", Self.input(0..<300, sure: 0.9))], settings: TrustSettings())
        #expect(cascade.dimensions[0].stages.map(\.keptRun) == [0, 300])
        #expect(cascade.dimensions[0].stages[1].trust.threshold.rows == 300)
        let none = try TrustCascade(stages: [("A", useless), ("B", useless)], settings: TrustSettings())
        #expect(none.outcome == .noThreshold && none.dimensions[0].coverage.kept == 0)
    }
}
