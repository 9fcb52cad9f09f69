import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationReports
import Foundation
import StatisticsCore
import Testing
import _TestSupport

/// Three raters on 40 rows of a 1–5 scale, each a few steps off a shared truth, and a judge that tracks it
/// with noise; `raters` keeps the first of them, `disjoint` gives each rater rows of its own.
private enum Panel {
    static let scale = CategoryScale(1...5)
    static let ids = AlignmentFixture.ids(40)
    static let truth: [Double] = (0..<40).map { Double(($0 * 7 + 3) % 5 + 1) }
    static func label(_ rater: Int, _ row: Int) -> Double {
        let shift: Double = [[0, 0, 0, 1, 0, 0, -1, 0], [0, 1, 0, 0, 0, -1, 0, 0], [1, 0, 0, 0, -1, 0, 0, 1]][rater][row % 8]
        return min(5, max(1, truth[row] + shift))
    }
    static let judge: [Double] = truth.enumerated().map { i, t in min(5, max(1, t + [0, 1, 0, -1, 0, 0, 2, 0][i % 8])) }

    static func input(raters: Int = 3, disjoint: Bool = false, name: String = "quality") -> AlignmentInput {
        let names = ["ann", "bob", "cy"]
        var labels: [ExpertLabel] = []
        for r in 0..<raters {
            for (i, id) in ids.enumerated() where !disjoint || i % raters == r {
                labels.append(ExpertLabel(rowID: id, rater: names[r], value: label(r, i)))
            }
        }
        let scores = JudgeScores(scores: Dictionary(uniqueKeysWithValues: zip(ids, judge.map { JudgeScore($0) })))
        return AlignmentInput(runRowIDs: ids, dimensions: [.init(name: name, scale: scale, judge: scores, expertLabels: labels)])
    }
}

@Suite("Raters, each of them: alpha over raters, the judge against each, a threshold from the ceiling")
struct RaterAlignmentTests {
    @Test("--experts each: the verdict is the mean over raters of the judge against each, with a bootstrap over rows")
    func eachRater() throws {
        var settings = AlignmentSettings(intervals: .bootstrap, resamples: 500, seed: 7)
        settings.eachExpert = true
        let report = try AlignmentReport(Panel.input(), options: settings)
        let d = try #require(report.dimensions.first)
        let each = try #require(d.eachRater)
        let ceiling = try #require(d.humanCeiling)
        #expect(d.expertAggregation.method == "each-rater")
        #expect(d.expertAggregation.chosen == "asked")
        #expect(d.expertAggregation.otherFigures == "mean-of-raters")
        #expect(each.raters.map(\.rater) == ["ann", "bob", "cy"])
        // Each rater's figure is the ceiling's judge-against-rater figure, and the verdict's figure their mean.
        for (figure, standing) in zip(each.raters, ceiling.raters) {
            #expect(abs(try #require(figure.estimate.value) - (try #require(standing.judge.value))) < 1e-12)
            #expect(figure.estimate.n == 40)
        }
        let mean = each.raters.compactMap(\.estimate.value).reduce(0, +) / 3
        #expect(abs(try #require(each.mean.value) - mean) < 1e-12)
        #expect(d.statisticEstimate == each.mean)
        let interval = try #require(each.mean.interval)
        #expect(interval.lower < mean && mean < interval.upper)
        #expect(interval.upper - interval.lower < 0.5)
        #expect(
            interval.method
                == .describedBootstrap(scheme: "rows", resamples: 500, seed: 7, undefinedResamples: 0, bca: false))
        // The other figures keep the combined (mean) expert value.
        var combined = settings
        combined.eachExpert = false
        let plain = try #require(try AlignmentReport(Panel.input(), options: combined).dimensions.first)
        #expect(plain.cohenKappa == d.cohenKappa)
        #expect(plain.statisticEstimate != d.statisticEstimate)
        let text = report.renderText()
        #expect(text.contains("expert value: each rater alone for the verdict (as asked; ann, bob, cy); the other figures on the mean of raters"))
        #expect(text.contains("verdict figure: the mean over raters of quadratic-weighted kappa between the judge and each rater alone"))
    }

    @Test("--experts each with a judge's BCa default: the same resamples, the BCa reading")
    func eachRaterBCa() throws {
        var settings = AlignmentSettings(statistic: .linearKappa, resamples: 300)
        settings.eachExpert = true
        let each = try #require(try AlignmentReport(Panel.input(), options: settings).dimensions.first?.eachRater)
        if case .describedBootstrap(_, _, _, _, let bca)? = each.mean.interval?.method { #expect(bca) } else { Issue.record("no interval") }
    }

    @Test("--threshold-from-ceiling: each dimension's threshold is F × the mean over rater pairs, recorded in JSON and history")
    func thresholdFromCeiling() throws {
        var settings = AlignmentSettings(intervals: .analytic)
        settings.thresholdFromCeiling = 0.8
        let report = try AlignmentReport(Panel.input(), options: settings)
        let d = try #require(report.dimensions.first)
        let mean = try #require(d.humanCeiling?.summary?.mean)
        let fromCeiling = try #require(d.ceilingThreshold)
        #expect(fromCeiling.ceilingMean == mean)
        #expect(abs(fromCeiling.threshold - 0.8 * mean) < 1e-15)
        #expect(d.verdict.figures.threshold == fromCeiling.threshold)
        #expect(report.renderText().contains("threshold from the ceiling: 0.800 × the experts' mean pair quadratic-weighted kappa"))
        #expect(report.renderText().contains("threshold 0.800 × the experts' mean pair agreement, per dimension"))
        let entry = AlignmentHistoryEntry(report: report, rubricText: nil)
        #expect(entry.thresholdFromCeiling == 0.8)
        #expect(entry.dimensions.first?.threshold == fromCeiling.threshold)
        let decoded = try JSONDecoder().decode(AlignmentReport.self, from: try JSONEncoder().encode(report))
        #expect(decoded.dimensions.first?.ceilingThreshold == fromCeiling)
        #expect(decoded.options.thresholdFromCeiling == 0.8)
    }

    @Test("A threshold factor outside (0, 1.5], or beside sequential looks, is refused", arguments: [0, -0.2, 1.6, .infinity])
    func badFactor(_ factor: Double) throws {
        var settings = AlignmentSettings()
        settings.thresholdFromCeiling = factor
        #expect(throws: AlignmentSettingsError(.ceilingFactorOutOfRange(factor))) { try AlignmentReport(Panel.input(), options: settings) }
    }

    @Test("Sequential looks keep one threshold and one figure: neither a threshold from the ceiling nor each rater")
    func looks() throws {
        var ceiling = AlignmentSettings(sequentialLooks: 3)
        ceiling.thresholdFromCeiling = 1
        #expect(throws: AlignmentSettingsError(.looksWith(ceiling: true))) { try AlignmentReport(Panel.input(), options: ceiling) }
        var each = AlignmentSettings(sequentialLooks: 3)
        each.eachExpert = true
        #expect(throws: AlignmentSettingsError(.looksWith(ceiling: false))) { try AlignmentReport(Panel.input(), options: each) }
    }

    @Test("A sheet with one rater: each rater and a threshold from the ceiling refused, alpha needs two raters")
    func oneRater() throws {
        let input = Panel.input(raters: 1)
        var each = AlignmentSettings()
        each.eachExpert = true
        #expect(throws: AlignmentSettingsError(.eachExpertNeedsRaters(dimension: "quality", raters: 1))) {
            try AlignmentReport(input, options: each)
        }
        var ceiling = AlignmentSettings()
        ceiling.thresholdFromCeiling = 0.9
        #expect(throws: AlignmentSettingsError(.noCeiling(dimension: "quality", why: "it has 1 rater"))) {
            try AlignmentReport(input, options: ceiling)
        }
        let alpha = try #require(try AlignmentReport(input, options: AlignmentSettings(resamples: 0)).dimensions.first?.raterReliability)
        #expect(alpha.alpha.value == nil)
        #expect(alpha.alpha.undefinedReason?.message.contains("needs two raters") == true)
        #expect(alpha.withoutRater.isEmpty)
    }

    @Test("Raters with disjoint rows: no ceiling (the threshold from it refused), alpha undefined, each rater still compared")
    func disjointRaters() throws {
        let input = Panel.input(disjoint: true)
        var ceiling = AlignmentSettings()
        ceiling.thresholdFromCeiling = 0.9
        #expect(throws: AlignmentSettingsError(.noCeiling(dimension: "quality", why: "no two of its 3 raters labelled a common row"))) {
            try AlignmentReport(input, options: ceiling)
        }
        var each = AlignmentSettings(resamples: 200)
        each.eachExpert = true
        let report = try AlignmentReport(input, options: each)
        let d = try #require(report.dimensions.first)
        #expect(d.humanCeiling == nil)
        #expect(d.raterReliability?.alpha.undefinedReason?.message == "no row has labels from two of these raters")
        #expect(d.eachRater?.raters.map(\.estimate.n) == [14, 13, 13])
        #expect(d.eachRater?.mean.value != nil)
        let text = report.renderText()
        #expect(text.contains("Krippendorff's alpha (ordinal) over all 3 raters: — (no row has labels from two of these raters)"), "\(text)")
    }

    @Test("Ties in a majority: the tied rows are unpaired and counted, yet each rater's figure uses every row")
    func majorityTies() throws {
        let passFail = CategoryScale(values: [0, 1], labels: ["fail", "pass"])
        let ids = AlignmentFixture.ids(12)
        var labels: [ExpertLabel] = []
        for (i, id) in ids.enumerated() {
            labels.append(ExpertLabel(rowID: id, rater: "ann", value: Double(i % 2)))
            labels.append(ExpertLabel(rowID: id, rater: "bob", value: i < 3 ? 1 - Double(i % 2) : Double(i % 2)))
        }
        let judge = JudgeScores(scores: Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, JudgeScore(Double($0 % 2))) }))
        let input = AlignmentInput(
            runRowIDs: ids, dimensions: [.init(name: "ok", scale: passFail, judge: judge, expertLabels: labels)])
        let majority = try #require(try AlignmentReport(input, options: AlignmentSettings(intervals: .analytic)).dimensions.first)
        #expect(majority.expertAggregation.rowsWithoutMajority == 3)
        #expect(majority.counts.paired == 9)
        #expect(majority.raterReliability?.metric == "nominal")
        var settings = AlignmentSettings(intervals: .analytic, resamples: 200)
        settings.eachExpert = true
        let each = try #require(try AlignmentReport(input, options: settings).dimensions.first?.eachRater)
        #expect(each.raters.map(\.estimate.n) == [12, 12])
        #expect(each.raters.first?.estimate.value == 1, "the judge gives ann's label on every row")
    }

    @Test("By origin: each origin keeps the whole's threshold; an origin with one rater has no figure against each, with the reason")
    func origins() throws {
        // The first 15 rows are curated and labelled by all three raters; the other 25 synthetic, labelled by ann alone.
        var input = Panel.input()
        let synthetic = Set(Panel.ids.dropFirst(15))
        input.origins = Dictionary(uniqueKeysWithValues: synthetic.map { ($0, "synthetic") })
        input.dimensions[0].expertLabels.removeAll { synthetic.contains($0.rowID) && $0.rater != "ann" }
        var settings = AlignmentSettings(resamples: 200)
        settings.thresholdFromCeiling = 0.9
        settings.eachExpert = true
        let report = try AlignmentReport(input, options: settings)
        let whole = try #require(report.dimensions.first)
        let origins = try #require(report.origins)
        #expect(origins.map(\.origin) == ["curated", "synthetic"])
        for origin in origins {
            #expect(origin.dimensions.first?.verdict.figures.threshold == whole.verdict.figures.threshold)
        }
        #expect(origins[0].dimensions.first?.eachRater?.raters.count == 3)
        let lone = try #require(origins[1].dimensions.first)
        #expect(lone.eachRater == nil)
        #expect(lone.statisticEstimate.undefinedReason?.message == "the judge against each rater needs two raters; these rows have 1")
    }

    @Test("The alternative annotator test's block and alpha without each rater in the Markdown and HTML reports")
    func markup() throws {
        let report = try AlignmentReport(Panel.input(), options: AlignmentSettings(resamples: 0))
        let d = try #require(report.dimensions.first)
        let test = try #require(d.alternativeAnnotatorTest)
        #expect(test.refusal == nil)
        let markdown = report.renderMarkdown()
        #expect(markdown.contains("alternative annotator test (ε 0.2, negative-rmse): the judge wins against"), "\(markdown)")
        #expect(markdown.contains("| left out | rows | judge ≥ rater | rater ≥ judge | p | p (BY) | judge wins |"))
        #expect(markdown.contains("alternative annotator test over every dimension") == false, "one dimension: no pooled line")
        #expect(markdown.contains("0.2 for expert raters, 0.15 for skilled annotators"))
        #expect(markdown.contains("| rater | rows | with the others | ceiling without | α without | judge vs rater |"))
        #expect(markdown.contains("alpha (ordinal) over all 3 raters: "), "apostrophes are escaped in Markdown")
        let html = report.renderHTML()
        #expect(html.contains("<h3>Can the judge replace an expert?</h3>"))
        #expect(html.contains("<table class=\"alt-test\">"))
        #expect(html.contains("<th>α without</th>"))
        for rater in test.raters { #expect(html.contains("<pre class=\"text\">\(rater.rater)</pre>")) }
    }
}
