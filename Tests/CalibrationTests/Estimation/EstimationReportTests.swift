import Calibration
import CalibrationData
import CalibrationReports
import Foundation
import RunInference
import StatisticsCore
import Testing

@testable import judgecal

/// A run of `rows` rows on a 1–4 scale: the expert's level drawn from fixed shares, the judge agreeing
/// with probability `accuracy` and otherwise giving a lenient level; the first `labelled` rows labelled.
private func syntheticRun(
    rows: Int = 400, labelled: Int = 80, accuracy: Double = 0.8, seed: UInt64 = 7, name: String = "Quality",
    failures: Set<Int> = []
) -> (input: AlignmentInput, expert: [Double], judge: [Double]) {
    var generator = SplitMix64(seed: seed)
    func level(_ shares: [Double]) -> Double {
        var u = Double.random(in: 0..<1, using: &generator)
        for (i, s) in shares.enumerated() {
            u -= s
            if u < 0 { return Double(i + 1) }
        }
        return Double(shares.count)
    }
    let expert = (0..<rows).map { _ in level([0.15, 0.30, 0.35, 0.20]) }
    let judge = expert.map { Double.random(in: 0..<1, using: &generator) < accuracy ? $0 : level([0.05, 0.20, 0.45, 0.30]) }
    let ids = (0..<rows).map { String(format: "row-%04d", $0) }
    var scores = JudgeScores(scores: [:])
    for i in ids.indices {
        if failures.contains(i) { scores.failures[ids[i]] = "unparsable reply" } else { scores.scores[ids[i]] = JudgeScore(judge[i]) }
    }
    let labels = (0..<labelled).map { ExpertLabel(rowID: ids[$0], rater: "expert-a", value: expert[$0]) }
    let input = AlignmentInput(
        info: AlignmentInfo(run: "synthetic"), runRowIDs: ids,
        dimensions: [.init(name: name, scale: CategoryScale(1...4), judge: scores, expertLabels: labels)])
    return (input, expert, judge)
}

@Suite("EstimationReport: a run's figures corrected per dimension")
struct EstimationReportTests {
    @Test("The report's figures are the estimators' on the same rows: labelled rows first, the rest unlabelled")
    func figuresAreTheEstimators() throws {
        let (input, expert, judge) = syntheticRun()
        let report = try EstimationReport(
            EstimationRun(input: input), settings: EstimationSettings(passLevel: 3, declaredSampling: .randomSample))
        let sample = try CorrectionSample(
            expert: Array(expert.prefix(80)), judge: Array(judge.prefix(80)), judgeUnlabelled: Array(judge.dropFirst(80)))
        let d = try #require(report.dimensions.first)
        #expect(d.rows.labelled == 80 && d.rows.unlabelled == 320)
        #expect(d.mean == RunMeanEstimate(sample))
        #expect(d.passRate == (try RunPassRate(sample, scale: CategoryScale(1...4), passLevel: 3)))
        #expect(d.levels == (try RunLevelDistribution(sample, scale: CategoryScale(1...4))))
        #expect(report.sampling == .randomSample && report.isValidForInference)
        // A good judge narrows the interval, and the text says nothing of it being too weak.
        #expect(d.correctionHelps == true)
        #expect(!report.renderText().contains("too weak"))
    }

    @Test("Labels with no record of how they were drawn are refused, naming both ways forward")
    func refusedWithoutSamplingDeclaration() throws {
        let (input, _, _) = syntheticRun()
        let error = try #require(throws: EstimationSettingsError.self) {
            try EstimationReport(EstimationRun(input: input), settings: EstimationSettings())
        }
        let words = JudgeCal.message(for: error) ?? ""
        #expect(words.contains("--random-sample") && words.contains("--not-for-inference"))
        #expect(throws: EstimationSettingsError.self) {
            try EstimationSettings(passLevel: nil, randomSample: true, notForInference: true)
        }
    }

    @Test("Hand-picked rows: the figures are shown, marked not valid for inference")
    func notForInference() throws {
        let (input, _, _) = syntheticRun()
        let report = try EstimationReport(
            EstimationRun(input: input), settings: EstimationSettings(declaredSampling: .notForInference))
        #expect(!report.isValidForInference)
        #expect(report.renderText().contains("NOT VALID FOR INFERENCE"))
        #expect(report.renderHTML().contains("NOT VALID FOR INFERENCE"))
        #expect(report.dimensions[0].mean.corrected.value != nil)
    }

    @Test("Inclusion probabilities weight the rows; a row without one, or --random-sample beside them, is refused")
    func inclusionProbabilities() throws {
        let (input, expert, judge) = syntheticRun()
        // Rows at expert level 1 were drawn with probability 0.5, the others 0.15 (as a stratified extraction would).
        let pi = Dictionary(uniqueKeysWithValues: input.runRowIDs.enumerated().map { ($1, expert[$0] == 1 ? 0.5 : 0.15) })
        let report = try EstimationReport(EstimationRun(input: input, inclusionProbabilities: pi), settings: EstimationSettings())
        #expect(report.sampling == .inclusionProbabilities)
        let p = (0..<400).map { expert[$0] == 1 ? 0.5 : 0.15 }
        let sample = try CorrectionSample(
            expert: Array(expert.prefix(80)), judge: Array(judge.prefix(80)), judgeUnlabelled: Array(judge.dropFirst(80)),
            design: .inclusionProbabilities(labelled: Array(p.prefix(80)), unlabelled: Array(p.dropFirst(80))))
        #expect(report.dimensions[0].mean == RunMeanEstimate(sample))
        #expect(
            report.dimensions[0].mean
                != (try EstimationReport(
                    EstimationRun(input: input), settings: EstimationSettings(declaredSampling: .randomSample))).dimensions[0].mean)
        var missing = pi
        missing["row-0399"] = nil
        #expect(throws: AlignmentError.self) {
            try EstimationReport(EstimationRun(input: input, inclusionProbabilities: missing), settings: EstimationSettings())
        }
        #expect(throws: EstimationSettingsError.self) {
            try EstimationReport(
                EstimationRun(input: input, inclusionProbabilities: pi), settings: EstimationSettings(declaredSampling: .randomSample))
        }
    }

    @Test("A frame that leaves rows in a stratum no batch drew from (π = 0) is refused, unless not for inference")
    func unreachableStratum() throws {
        let (input, expert, _) = syntheticRun()
        // The unlabelled rows at expert level 4 are in a stratum no batch drew from.
        let pi = Dictionary(
            uniqueKeysWithValues: input.runRowIDs.enumerated().map { ($1, $0 >= 80 && expert[$0] == 4 ? 0 : 0.2) })
        let unreachable = (80..<400).count { expert[$0] == 4 }
        #expect(unreachable > 0)
        let error = try #require(throws: EstimationSettingsError.self) {
            try EstimationReport(EstimationRun(input: input, inclusionProbabilities: pi), settings: EstimationSettings())
        }
        #expect(error.message.hasPrefix("\(unreachable) of the run's 400 rows"))
        let words = JudgeCal.message(for: error) ?? ""
        #expect(words.contains("π = 0") && words.contains("--not-for-inference"))
        let shown = try EstimationReport(
            EstimationRun(input: input, inclusionProbabilities: pi), settings: EstimationSettings(declaredSampling: .notForInference))
        #expect(!shown.isValidForInference)
    }

    @Test("A label of a row not in the run, or two raters on one row, is refused; a pass level off the scale too")
    func badLabels() throws {
        var (input, _, _) = syntheticRun()
        let settings = EstimationSettings(declaredSampling: .randomSample)
        var stranger = input
        stranger.dimensions[0].expertLabels.append(ExpertLabel(rowID: "row-9999", rater: "expert-a", value: 2))
        let error = try #require(throws: AlignmentError.self) { try EstimationReport(EstimationRun(input: stranger), settings: settings) }
        #expect(error.message.contains("row-9999") && error.message.contains("not a row of the run"))
        var twice = input
        twice.dimensions[0].expertLabels.append(ExpertLabel(rowID: "row-0000", rater: "expert-b", value: 2))
        let second = try #require(throws: AlignmentError.self) { try EstimationReport(EstimationRun(input: twice), settings: settings) }
        #expect(second.message.contains("expert-a") && second.message.contains("expert-b"))
        let offScale = try #require(throws: EstimationSettingsError.self) {
            try EstimationReport(EstimationRun(input: input), settings: EstimationSettings(passLevel: 5, declaredSampling: .randomSample))
        }
        #expect(JudgeCal.message(for: offScale)?.contains("--pass-at 5") == true)
        input.dimensions[0].expertLabels = Array(input.dimensions[0].expertLabels.prefix(9))
        let few = try EstimationReport(EstimationRun(input: input), settings: settings)
        #expect(few.dimensions[0].mean.corrected.undefinedReason?.code == "too-few")
        #expect(few.renderText().contains("undefined: 9 labelled rows"))
    }

    @Test("Rows the judge failed on are left out and counted, labelled or not")
    func judgeFailures() throws {
        let (input, _, _) = syntheticRun(failures: [0, 1, 200])
        let report = try EstimationReport(EstimationRun(input: input), settings: EstimationSettings(declaredSampling: .randomSample))
        let rows = report.dimensions[0].rows
        #expect(rows.labelled == 78 && rows.unlabelled == 319)
        #expect(rows.labelledWithoutJudgeScore == 2 && rows.unlabelledWithoutJudgeScore == 1)
        #expect(report.renderText().contains("3 rows left out because the judge gave no score (2 of them labelled)"))
    }

    @Test("A judge no better than chance: the text says the correction does not help")
    func weakJudge() throws {
        let (input, _, _) = syntheticRun(accuracy: 0)
        let report = try EstimationReport(EstimationRun(input: input), settings: EstimationSettings(declaredSampling: .randomSample))
        #expect(report.dimensions[0].correctionHelps == false)
        #expect(report.renderText().contains("too weak for the correction to help"))
        // Issue #29: on the dimension the labels were stratified by, the design already used the judge.
        let name = report.dimensions[0].name
        let stratified = try EstimationReport(
            EstimationRun(input: input, judgeStratifiedBy: name), settings: EstimationSettings(declaredSampling: .randomSample))
        #expect(!stratified.renderText().contains("too weak"))
        #expect(stratified.renderText().contains("were drawn stratified by the judge's levels on it"))
        #expect(LabelSheet.judgeStratifiedDimension(ofStratum: "judge Relevance=3") == "Relevance")
        #expect(LabelSheet.judgeStratifiedDimension(ofStratum: "judge A=B=none") == "A=B")
        #expect(LabelSheet.judgeStratifiedDimension(ofStratum: "genre=horror") == nil)
    }

    @Test("A − B: each run estimated on its own rows, the difference as RunDifference gives it")
    func versus() throws {
        let (a, _, _) = syntheticRun(seed: 1)
        let (b, _, _) = syntheticRun(rows: 300, labelled: 60, seed: 2, name: "quality")
        let settings = EstimationSettings(passLevel: 3, declaredSampling: .randomSample)
        let report = try EstimationReport(EstimationRun(input: a), versus: EstimationRun(input: b), settings: settings)
        let alone = try EstimationReport(EstimationRun(input: b), settings: settings).dimensions[0]
        let v = try #require(report.dimensions[0].versus)
        #expect(v.rows.labelled == 60 && v.rows.unlabelled == 240)
        #expect(v.mean == RunDifference(report.dimensions[0].mean, minus: alone.mean))
        #expect(v.passRate == RunDifference(try #require(report.dimensions[0].passRate), minus: try #require(alone.passRate)))
        #expect(report.renderText().contains("mean A − B"))
    }

    @Test("HTML: one chart per figure holding the JSON's numbers; names are escaped, and the page has no script")
    func html() throws {
        let (input, _, _) = syntheticRun(name: "<script>alert(1)</script>")
        let report = try EstimationReport(
            EstimationRun(input: input), settings: EstimationSettings(passLevel: 3, declaredSampling: .randomSample))
        let page = report.renderHTML()
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.components(separatedBy: "class=\"chart estimate\"").count == 3)
        let corrected = try #require(report.dimensions[0].mean.corrected.value)
        #expect(page.contains("\(corrected)"))
        let json = try JSONDecoder().decode(EstimationReport.self, from: Data(try report.json().utf8))
        #expect(json == report)
        #expect(report.renderMarkdown().contains("| mean | corrected: PPI++"))
    }
}
