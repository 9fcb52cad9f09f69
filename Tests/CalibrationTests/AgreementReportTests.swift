import AgreementCoefficients
import Calibration
import CalibrationReports
import DataFormats
import Foundation
import RatingsAgreement
import StatisticsCore
import Testing
import _TestSupport

/// The report's figures against published and cross-checked values, read from
/// the same files and tables `judgecal agreement` reads.
@Suite("The agreement report: every statistic against published values")
struct AgreementReportTests {
    @Test("Cohen's kappa on Artstein & Poesio (2008) table 1, read as a table of counts: 0.348")
    func kappaTable() throws {
        let ref = try reference("cohen_kappa_artstein_poesio_2008_table1")
        let kappa = try AgreementReport(try RatingsFile.counts(ref.countsTableCSV), AgreementRequest(statistic: .cohenKappa)).only()
        let value = try #require(kappa.estimate.value)
        #expect(abs(value - (ref.expected.double ?? .nan)) <= ref.tolerance)
        #expect(kappa.estimate.n == 100)
        #expect(kappa.estimate.standardError != nil, "the analytic SE is reported even without an interval")
        #expect(kappa.estimate.interval == nil)
    }

    @Test("a t interval on the SAS table: irrCAC's t(n−1) (0.194207, 0.774119); analytic: SAS's normal upper 0.7547, SE 0.1380")
    func kappaIntervals() throws {
        let ref = try reference("cohen_kappa_sas_table10_ci95_t_dist")
        let table = try RatingsFile.counts(ref.countsTableCSV)
        let t = try AgreementReport(table, AgreementRequest(statistic: .cohenKappa, interval: .t)).only()
        let expected = ref.expected.array?.compactMap(\.double) ?? []
        try #require(expected.count == 2)
        #expect(abs((t.estimate.interval?.lower ?? .nan) - expected[0]) < 1e-6)
        #expect(abs((t.estimate.interval?.upper ?? .nan) - expected[1]) < 1e-6)
        let normal = try AgreementReport(table, AgreementRequest(statistic: .cohenKappa, interval: .analytic)).only()
        #expect(abs((normal.estimate.interval?.upper ?? .nan) - 0.7547) < 5e-5)
        #expect(abs((normal.estimate.standardError ?? .nan) - 0.1380) < 5e-5)
    }

    @Test("a bootstrap through the table: SE near numpy's 0.143 (±0.008); the same seed gives the same report, another seed another SE")
    func bootstrap() throws {
        let ref = try reference("bootstrap_se_kappa_sas_table10")
        let table = try RatingsFile.counts(ref.countsTableCSV)
        let request = AgreementRequest(statistic: .cohenKappa, interval: .bootstrap, resamples: 4000, seed: 11)
        let first = try AgreementReport(table, request)
        let again = try AgreementReport(table, request)
        #expect(try first.json() == again.json())
        let kappa = try first.only()
        #expect(abs((kappa.estimate.standardError ?? .nan) - (ref.expected.double ?? .nan)) <= ref.tolerance)
        #expect(kappa.estimate.interval?.method == .percentileBootstrap)
        #expect(kappa.resampling?.resamples == 4000 && kappa.resampling?.seed == 11)
        var otherSeed = request
        otherSeed.seed = 12
        let other = try AgreementReport(table, otherSeed).only()
        #expect(other.estimate.standardError != kappa.estimate.standardError)
    }

    @Test("resamples where kappa is undefined are counted: nine 0s and one 1 leave out the 1 in 0.9¹⁰ ≈ 35% of draws")
    func undefinedResamples() throws {
        let report = try AgreementReport(
            try RatingsFile.counts(",0,1\n0,9,0\n1,0,1\n", file: "rare.csv"),
            AgreementRequest(statistic: .cohenKappa, interval: .bootstrap, seed: 2))
        let kappa = try report.only()
        let undefined = try #require(kappa.resampling?.undefinedResamples)
        #expect(abs(Double(undefined) - 2000 * pow(0.9, 10)) < 100, "binomial sd ≈ 21 around 697")
        #expect(kappa.estimate.value == 1)
        #expect(try report.decodedJSON()["results"]?.array?.first?["undefined-resamples"] == .number(Double(undefined)))
    }

    @Test("alpha's bootstrap through the table (with a declared scale) and through the items (without) estimate the same SE")
    func bootstrapPaths() throws {
        let pair = Array(AgreementData.informativeness.prefix(2))
        let request = AgreementRequest(statistic: .krippendorffAlpha, metric: .ordinal, interval: .bootstrap, seed: 1)
        let table = try AgreementReport(try RatingsFile.newsroom(pair, scale: newsroomScale), request).only()
        let items = try AgreementReport(try RatingsFile.newsroom(pair), request).only()
        #expect(table.resampling?.method == "multinomial-table" && items.resampling?.method == "items")
        #expect(table.estimate.value == items.estimate.value, "declaring unused categories does not change alpha")
        let a = try #require(table.estimate.standardError)
        let b = try #require(items.estimate.standardError)
        #expect(a != b, "different draws")
        #expect(abs(a - b) < 0.004, "\(a) vs \(b): two estimates of one SE, each with Monte Carlo error about 0.0007")
    }

    @Test("Newsroom informativeness, three annotators: ordinal alpha 0.2849 (JUDGE-BENCH's published figure)")
    func newsroomAlpha() throws {
        let alpha = try AgreementReport(
            try RatingsFile.newsroom(AgreementData.informativeness),
            AgreementRequest(statistic: .krippendorffAlpha, metric: .ordinal)
        ).only()
        #expect(abs((alpha.estimate.value ?? .nan) - 0.2849) < 5e-5)
        #expect(alpha.estimate.n == 1260, "n counts pairable values: 420 items × 3")
    }

    @Test("weighted kappa on a pair orders as expected: quadratic > linear > none")
    func weights() throws {
        let ratings = try RatingsFile.newsroom(Array(AgreementData.informativeness.prefix(2)), scale: newsroomScale)
        let values = try AgreementWeights.schemeNames.map { name in
            let weights = try #require(AgreementWeights(schemeName: name))
            return try AgreementReport(ratings, AgreementRequest(statistic: .cohenKappa, weights: weights)).only().estimate.value ?? .nan
        }
        #expect(AgreementWeights.schemeNames == ["none", "linear", "quadratic"])
        #expect(values[0] < values[1] && values[1] < values[2], "\(values)")
    }

    @Test(
        "multi-rater statistics on Newsroom's three informativeness annotators are defined, in range, over 420 items",
        arguments: [
            AgreementStatistic.fleissKappa, .gwetAC1, .randolphKappa,
        ])
    func multiRater(_ statistic: AgreementStatistic) throws {
        let ratings = try RatingsFile.newsroom(AgreementData.informativeness, scale: newsroomScale)
        let figure = try AgreementReport(ratings, AgreementRequest(statistic: statistic)).only()
        let value = try #require(figure.estimate.value, "\(statistic.name)")
        #expect(value > -1 && value < 1)
        #expect(figure.estimate.n == 420)
    }

    @Test("ICC on Newsroom: the average-measures consistency form C,k exceeds A,1, whose analytic interval lies below it")
    func iccForms() throws {
        let ratings = try RatingsFile.newsroom(AgreementData.informativeness)
        let single = try AgreementReport(ratings, AgreementRequest(statistic: .intraclassCorrelation, interval: .analytic)).only()
        let average = try AgreementReport(
            ratings, AgreementRequest(statistic: .intraclassCorrelation, iccForm: try #require(ICCForm(shortName: "C,k")))
        ).only()
        let a1 = try #require(single.estimate.value)
        #expect(try #require(average.estimate.value) > a1)
        #expect((single.estimate.interval?.lower ?? .nan) < a1)
    }

    @Test("percent: exact per pair, within ±1 is higher; over three raters the pairwise row averages the pairs, all-agree is below each")
    func percent() throws {
        let ratings = try RatingsFile.newsroom(AgreementData.informativeness, scale: newsroomScale)
        let results = try AgreementReport(ratings, AgreementRequest(statistic: .percentAgreement)).rows.map(\.measurement)
        try #require(results.count == 5)
        let pairs = results.prefix(3).compactMap(\.estimate.value)
        try #require(pairs.count == 3)
        let pairwise = try #require(results[3].estimate.value)
        #expect(abs(pairwise - pairs.reduce(0, +) / 3) < 1e-12, "with complete data the pairwise definition is the mean over pairs")
        #expect(results[4].measure == "all raters agree")
        let allAgree = try #require(results[4].estimate.value)
        #expect(pairs.allSatisfy { allAgree <= $0 }, "every item where all three agree is one where each pair agrees")
        let within = try AgreementReport(
            try RatingsFile.newsroom(Array(AgreementData.informativeness.prefix(2)), scale: newsroomScale),
            AgreementRequest(statistic: .percentAgreement, tolerance: 1)
        ).only()
        #expect(within.measure == "within ±1")
        #expect((within.estimate.value ?? 0) > pairs[0])
    }

    @Test("spread per rater matches Python's statistics module (mean 1388/420, sample sd 1.169409695638838)")
    func spread() throws {
        let report = try AgreementReport(try RatingsFile.newsroom(["informativeness_1"]), AgreementRequest(statistic: .spread))
        let byMeasure = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.measurement.measure, $0.measurement.estimate.value) })
        #expect(byMeasure["mean"]?.map { abs($0 - 1388.0 / 420.0) < 1e-12 } == true)
        #expect(byMeasure["sd"]?.map { abs($0 - 1.169409695638838) < 1e-12 } == true)
        #expect(byMeasure["median"] == 4)
        #expect(byMeasure["min"] == 1)
        #expect(byMeasure["max"] == 5)
    }

    @Test("correlations per group and their mean over the groups where defined (a constant group is skipped)")
    func groupedCorrelation() throws {
        let ratings = try RatingsFile.columns(
            "id,a,b,g\n1,1,2,x\n2,2,3,x\n3,3,3,x\n4,1,1,y\n5,2,1,y\n6,3,3,y\n7,1,1,z\n8,1,1,z\n",
            file: "g.csv", raters: ["a", "b"], groupBy: "g")
        let rows = try AgreementReport(ratings, AgreementRequest(statistic: .spearman)).rows
        try #require(rows.count == 4)
        #expect(rows.map(\.group) == ["x", "y", "z", "(mean over groups)"])
        #expect(rows[2].measurement.estimate.value == nil)
        let mean = rows[3].measurement
        #expect(mean.estimate.n == 2)
        let perGroup = rows.prefix(2).compactMap(\.measurement.estimate.value)
        try #require(perGroup.count == 2)
        #expect(abs((mean.estimate.value ?? .nan) - perGroup.reduce(0, +) / 2) < 1e-12)
    }
}
