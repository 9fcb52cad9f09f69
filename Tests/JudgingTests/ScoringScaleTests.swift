import EvaluationCore
import Judging
import StatisticsCore
import Testing

@Suite("Scoring scales and dimensions")
struct ScoringScaleTests {
    @Test("A numeric scale lists its levels in ascending order, whatever order they were written in")
    func numericOrder() {
        let scale = ScoringScale.numeric([4: "best", 1: "worst", 3: "good", 2: "poor"])
        #expect(scale.levels.map(\.label) == ["1", "2", "3", "4"])
        #expect(scale.levels.map(\.value) == [1, 2, 3, 4])
        #expect(scale.levels.map(\.description) == ["worst", "poor", "good", "best"])
        #expect(scale.summary == "1–4")
    }

    @Test("Pass/fail is fail 0 then pass 1; a custom scale is valued by position")
    func labelledScales() {
        let passFail = ScoringScale.passFail(passDescription: "grounded", failDescription: "invented")
        #expect(passFail.levels.map(\.label) == ["fail", "pass"])
        #expect(passFail.level(labelled: " PASS ")?.value == 1)
        let custom = ScoringScale.custom([.init("poor", "a"), .init("fair", "b"), .init("good", "c")])
        #expect(custom.levels.map(\.value) == [0, 1, 2])
        #expect(custom.level(labelled: "Fair")?.value == 1)
        #expect(custom.level(labelled: "excellent") == nil)
    }

    @Test("A dimension's category scale is the declared scale, unused levels included")
    func categoryScale() {
        let d = ScoreDimension("Relevance", description: "", scale: .numeric([1: "", 2: "", 3: "", 4: ""]))
        #expect(d.categoryScale == CategoryScale(1...4))
        #expect(d.metric.name == "Relevance")
        let gappy = ScoringScale.numeric([1: "", 3: "", 5: ""])
        #expect(gappy.categoryScale.values == [1, 3, 5])
        #expect(gappy.summary == "1, 3, 5")
    }
}
