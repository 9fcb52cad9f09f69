import Calibration
import CalibrationData
import AgreementCoefficients
import CalibrationReports
import DataFormats
import Foundation
import Judging
import RunInference
import StatisticsCore
import Testing
import _TestSupport

@Suite("judgecal plan: rows to label per dimension, from the judge's levels or a pilot")
struct LabelPlanTests {
    static func rubric() throws -> Rubric { try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")) }

    /// 200 judged rows: mostly 3s and 4s on both dimensions, as judges score.
    static func judgments() throws -> JudgmentSet {
        let names = try rubric().dimensions.map(\.name)
        let levels = [1, 2, 2, 3, 3, 3, 3, 4, 4, 4]
        let rows = (0..<200).map { i in
            let level = Double(levels[i % levels.count])
            return Judgment(
                id: "row-\(i)",
                scores: names.map { DimensionJudgment(dimension: $0, score: level, label: "\(Int(level))", rationale: "") },
                rawReplies: [], retries: 0, model: "test", promptHash: "")
        }
        return JudgmentSet(run: "run", rubric: "book-tags", rubricVersion: nil, model: "test", judgments: rows)
    }

    /// The analytic interval: these tests are about the planned table, not the interval (one test below is).
    static let quick = LabelPlan.Settings(replications: 300, seed: 3, intervals: .analytic)

    @Test("from the judge's levels: the rows fall as the truth moves away from the threshold, and none decide at it")
    func fromJudgeLevels() throws {
        let plan = try LabelPlan(rubric: Self.rubric(), judgments: try Self.judgments(), pilot: nil, settings: Self.quick)
        let d = try #require(plan.dimensions.first)
        #expect(d.source == .judgeLevels && d.sourceRows == 200)
        #expect(d.judgeLevels == [0.1, 0.2, 0.4, 0.3])
        let byTruth = Dictionary(uniqueKeysWithValues: d.needs.map { ($0.truth, $0.rows) })
        #expect(byTruth[0.6]?.allSatisfy { $0 == nil } == true)
        let near = try #require(byTruth[0.65]?[0]?.count)
        let far = try #require(byTruth[0.8]?[0]?.count)
        let ninety = try #require(byTruth[0.8]?[1]?.count)
        #expect(far < near)
        #expect(ninety > far)
        let text = plan.renderText()
        #expect(text.contains("Relevance — judge's levels: 1 10%, 2 20%, 3 40%, 4 30% (judge-levels)"))
        #expect(text.contains("the experts use the levels as often as the judge did on the run (200 scored rows)"))
        #expect(text.contains("never"))
    }

    /// A pilot of 40 rows: the judge's level on each, and the expert one level lower on every
    /// fifth row; the plan's table is this pilot's, both margins and the pilot's kappa from it.
    @Test("from a pilot: the pilot's table, its kappa and both raters' levels; its assumptions say so")
    func fromPilot() throws {
        let rubric = try Self.rubric()
        let judgments = try Self.judgments()
        var sheet = "id,relevance,usefulness\n"
        for judgment in judgments.judgments.prefix(40) {
            let level = Int(judgment.scores[0].score)
            let expert = judgment.id.hasSuffix("0") || judgment.id.hasSuffix("5") ? max(1, level - 1) : level
            sheet += "\(judgment.id),\(expert),\(level)\n"
        }
        let pilot = try ExpertLabels.read(Data(sheet.utf8), file: "pilot.labels.csv", defaultRater: "pilot", dimensions: rubric.dimensions)
        let plan = try LabelPlan(rubric: rubric, judgments: judgments, pilot: pilot, settings: Self.quick)
        let relevance = try #require(plan.dimensions.first)
        #expect(relevance.source == .pilot && relevance.sourceRows == 40)
        let kappa = try #require(relevance.pilotKappa)
        #expect(kappa > 0.6 && kappa < 1)
        #expect(relevance.expertLevels != relevance.judgeLevels)
        #expect(relevance.assumptions[0].hasPrefix("the pilot's table (40 paired rows) fixes both raters' level distributions"))
        let usefulness = try #require(plan.dimensions.last)
        #expect(usefulness.pilotKappa == 1)
    }

    /// A pilot of 30 rows each labelled by three raters, two of whom agree with the judge: pooled as
    /// 90 (row, rater) pairs the table would count 90 rows and a third of them off by one; combined per
    /// row, as align combines them (the mean, rounded to the nearest level), it has 30 rows, all agreeing.
    @Test("a pilot row labelled by three raters is one pilot row, its raters combined as align combines them")
    func pilotRowsCombined() throws {
        let rubric = try Self.rubric()
        let judgments = try Self.judgments()
        var sheet = "id,relevance,usefulness,rater\n"
        for judgment in judgments.judgments.prefix(30) {
            let level = Int(judgment.scores[0].score)
            for rater in ["a", "b", "c"] {
                let expert = rater == "c" ? (level == 4 ? 3 : level + 1) : level
                sheet += "\(judgment.id),\(expert),\(level),\(rater)\n"
            }
        }
        let pilot = try ExpertLabels.read(Data(sheet.utf8), file: "pilot.labels.csv", defaultRater: "pilot", dimensions: rubric.dimensions)
        let plan = try LabelPlan(rubric: rubric, judgments: judgments, pilot: pilot, settings: Self.quick)
        let relevance = try #require(plan.dimensions.first)
        #expect(relevance.sourceRows == 30, "one pilot row per labelled row, not per rater")
        #expect(relevance.pilotKappa == 1, "the mean of 3, 3 and 4 is 3.33, whose nearest level is the judge's 3")
    }

    /// A pass/fail pilot where the experts pass half the rows and the judge 2 in 40: with these
    /// shares kappa cannot exceed about 0.1, so no planned truth (0.4–0.8) is reachable. The plan says
    /// so, says the threshold cannot be shown cleared, and plans at the pilot's kappa instead of
    /// printing an empty table.
    @Test("margins that cap kappa below every planned truth: said, and the plan is at the pilot's kappa, never empty")
    func unreachableTruths() throws {
        var rubric = try Self.rubric()
        rubric.dimensions = [ScoreDimension("passes", description: "", scale: .passFail(passDescription: "yes", failDescription: "no"))]
        let rows = (0..<40).map { i in
            let pass = Double(i < 2 ? 1 : 0)
            return Judgment(
                id: "row-\(i)", scores: [DimensionJudgment(dimension: "passes", score: pass, label: "\(Int(pass))", rationale: "")],
                rawReplies: [], retries: 0, model: "test", promptHash: "")
        }
        let judgments = JudgmentSet(run: "run", rubric: "book-tags", rubricVersion: nil, model: "test", judgments: rows)
        let sheet = "id,passes\n" + (0..<40).map { "row-\($0),\($0 % 2 == 0 || $0 < 2 ? 1 : 0)" }.joined(separator: "\n") + "\n"
        let pilot = try ExpertLabels.read(Data(sheet.utf8), file: "pilot.labels.csv", defaultRater: "pilot", dimensions: rubric.dimensions)
        let plan = try LabelPlan(rubric: rubric, judgments: judgments, pilot: pilot, settings: Self.quick)
        let d = try #require(plan.dimensions.first)
        let maximum = try #require(d.maximumKappa)
        #expect(maximum < 0.4)
        let kappa = try #require(d.pilotKappa)
        #expect(d.needs.map(\.truth) == [(kappa * 1000).rounded(.down) / 1000])
        #expect(d.assumptions.contains { $0.hasPrefix("with these levels' shares kappa cannot exceed") && $0.contains("0.400, 0.500") })
        #expect(d.assumptions.contains { $0.hasPrefix("the threshold 0.600 is above") })
    }

    /// Issue #29: the JSON wrote each planned number of rows as `{"rows": {"_0": 178}}`.
    @Test("plan's JSON writes rows as numbers, null at the threshold, and reads back")
    func jsonRows() throws {
        let plan = try LabelPlan(rubric: Self.rubric(), judgments: try Self.judgments(), pilot: nil, settings: Self.quick)
        let data = try JSONEncoder.report.encode(plan)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("_0"), "\(text.prefix(400))")
        let json = try JSONDecoder().decode(JSONValue.self, from: data)
        let needs = try #require(json["dimensions"]?.array?.first?["needs"]?.array)
        let byTruth = Dictionary(uniqueKeysWithValues: needs.compactMap { n in n["truth"]?.double.map { ($0, n["rows"]?.array ?? []) } })
        #expect(byTruth[0.8]?.allSatisfy { $0.double != nil } == true)
        #expect(byTruth[0.6]?.allSatisfy(\.isNull) == true)
        #expect(try JSONDecoder().decode(LabelPlan.self, from: data) == plan)
        #expect(try JSONDecoder().decode([KappaSampleSize.Need].self, from: Data(#"[12, "more-than-maximum"]"#.utf8)) == [.rows(12), .moreThanMaximum])
    }

    /// The judge's skewed levels (10/20/40/30%) at true κ_q 0.8 against θ 0.6: the rows planned on the
    /// percentile bootstrap (align's default for quadratic kappa) reach 80% when 1,000 fresh label sets
    /// of that many rows are bootstrapped with another seed, and a fifth fewer rows do not reach it.
    @Test("on align's default interval, the percentile bootstrap: the planned rows reach the chance on fresh label sets, a fifth fewer do not")
    func bootstrapInterval() throws {
        let settings = LabelPlan.Settings(powers: [0.8], replications: 200, seed: 3)
        let plan = try LabelPlan(rubric: Self.rubric(), judgments: try Self.judgments(), pilot: nil, settings: settings)
        let need = try #require(plan.dimensions[0].needs.first { $0.truth == 0.8 })
        let n = try #require(need.rows[0]?.count)
        let weights = AgreementWeights.quadratic
        let design = try AgreementDesign.perfectAgreement(scale: CategoryScale(1...4), marginal: [0.1, 0.2, 0.4, 0.3])
            .withKappa(0.8, weights: weights.matrix(on: CategoryScale(1...4)))
        func power(_ rows: Int) -> Double {
            KappaSampleSize.simulatedPower(
                design: design, weights: weights, threshold: 0.6, level: 0.95, rows: rows, replications: 1000, seed: 99,
                interval: .percentileBootstrap(resamples: 200)) ?? 0
        }
        #expect(power(n) >= 0.8 - 0.04, "n \(n): \(power(n))")
        #expect(power(n * 4 / 5) < 0.8, "n \(n * 4 / 5): \(power(n * 4 / 5))")
        #expect(plan.dimensions[0].assumptions.contains { $0.contains("percentile bootstrap intervals") })
    }

    @Test("without judgments every level is equally likely, and the plan says so")
    func uniform() throws {
        let plan = try LabelPlan(rubric: Self.rubric(), judgments: nil, pilot: nil, settings: Self.quick)
        #expect(plan.dimensions.allSatisfy { $0.source == .uniform && $0.judgeLevels == [0.25, 0.25, 0.25, 0.25] })
        #expect(plan.dimensions[0].assumptions[0].hasPrefix("no judgments given"))
    }

    /// A pass/fail dimension the judge passes on 3 rows in 10: the plan adds Donner & Eliasziw's test
    /// rows with π = 0.3, which equal the scipy grid's (κ₀ 0.6, κ₁ 0.8, π 0.3: 149 and 199 rows,
    /// benchmarks/python/kappa_goodness_of_fit.py); a 1–4 dimension has none.
    @Test("a two-level dimension gets Donner & Eliasziw's test rows beside the simulated ones; a longer scale does not")
    func binaryGoodnessOfFit() throws {
        var rubric = try Self.rubric()
        let passFail = ScoreDimension("passes", description: "", scale: .passFail(passDescription: "yes", failDescription: "no"))
        rubric.dimensions = [passFail] + rubric.dimensions
        let rows = try Self.judgments().judgments.enumerated().map { i, judgment in
            var judgment = judgment
            let pass = Double(i % 10 < 3 ? 1 : 0)
            judgment.scores.insert(DimensionJudgment(dimension: "passes", score: pass, label: "\(Int(pass))", rationale: ""), at: 0)
            return judgment
        }
        let judgments = JudgmentSet(run: "run", rubric: "book-tags", rubricVersion: nil, model: "test", judgments: rows)
        let plan = try LabelPlan(rubric: rubric, judgments: judgments, pilot: nil, settings: Self.quick)
        let binary = try #require(plan.dimensions.first)
        let byTruth = Dictionary(uniqueKeysWithValues: binary.needs.map { ($0.truth, $0.goodnessOfFit) })
        #expect(byTruth[0.8] == [149, 199])
        #expect(byTruth[0.6] == [nil, nil])
        #expect(plan.dimensions.dropFirst().allSatisfy { $0.needs.allSatisfy { $0.goodnessOfFit == nil } })
        #expect(binary.assumptions.last?.hasPrefix("two levels: the D&E columns are the rows Donner & Eliasziw's (1992)") == true)
        let text = plan.renderText()
        #expect(text.contains("D&E test 80%"))
        #expect(text.components(separatedBy: "D&E test 90%").count == 2)
    }

    @Test("bad input: a threshold outside kappa's range, a correlation statistic, a pilot without judgments")
    func badInput() throws {
        let rubric = try Self.rubric()
        let high = try #require(throws: LabelPlanError.self) {
            try LabelPlan(rubric: rubric, judgments: nil, pilot: nil, settings: LabelPlan.Settings(threshold: 1.2))
        }
        #expect(high.description.hasPrefix("threshold 1.2 lies outside (−1, 1), the range of quadratic-weighted kappa"))
        #expect(throws: LabelPlanError.unsupportedStatistic(.spearman)) {
            try LabelPlan(rubric: rubric, judgments: nil, pilot: nil, settings: LabelPlan.Settings(statistic: .spearman))
        }
        let pilot = try ExpertLabels.read(
            Data("id,relevance,usefulness\nrow-1,3,4\n".utf8), file: "pilot.labels.csv", defaultRater: "pilot",
            dimensions: rubric.dimensions)
        #expect(throws: LabelPlanError.pilotWithoutJudgments) {
            try LabelPlan(rubric: rubric, judgments: nil, pilot: pilot, settings: Self.quick)
        }
    }
}
