import AgreementCoefficients
import StatisticsCore
import Testing

/// Three raters of twelve items on a 1–4 scale, two ratings missing.
private enum Fixture {
    static let scale = CategoryScale(1...4)
    static let a: [Double?] = [1, 2, 3, 4, 4, 2, 1, 3, 3, 2, 4, 1]
    static let b: [Double?] = [1, 2, 4, 4, 3, 2, 2, 3, nil, 2, 4, 1]
    static let c: [Double?] = [2, 2, 3, 4, 4, 1, 1, 3, 3, nil, 3, 1]
    static let ratings = try! RaterRatings(raters: ["a", "b", "c"], ratings: [a, b, c])
    static let pair = try! RaterRatings(raters: ["a", "b"], ratings: [a, b])

    static func transposed(_ columns: [[Double?]]) -> [[Double?]] {
        (0..<columns[0].count).map { i in columns.map { $0[i] } }
    }
}

@Suite("The agreement catalogue")
struct AgreementCatalogueTests {
    /// Each statistic through the catalogue equals the library function it
    /// names, called directly on the same ratings: the catalogue selects raters,
    /// passes parameters and attaches intervals, and changes no value.
    @Test("every statistic equals its library function on the same ratings", arguments: AgreementStatistic.names)
    func sameAsLibrary(_ name: String) throws {
        let statistic = try #require(AgreementStatistic.named(name))
        let weights: AgreementWeights? = statistic.parameters.contains(.weights) ? .quadratic : nil
        let request = AgreementRequest(
            statistic: statistic, weights: weights, scale: Fixture.scale,
            interval: statistic.intervals.contains(.analytic) ? .analytic : nil)
        let figures = try statistic.measurements(of: Fixture.ratings, request: request)
        let (a, b, c) = (Fixture.a, Fixture.b, Fixture.c)
        let counts = try UnitCategoryCounts(scale: Fixture.scale, unitsByRaters: Fixture.transposed([a, b, c]))
        let ab = try ContingencyTable(scale: Fixture.scale, first: a, second: b)
        let expected: [Double?]
        switch name {
        case "cohen-kappa": expected = [CohenKappa(ab, weights: .quadratic).kappa.value]
        case "krippendorff-alpha":
            expected = [
                try KrippendorffAlpha(unitsByRaters: Fixture.transposed([a, b, c]), scale: Fixture.scale, metric: .nominal).alpha.value
            ]
        case "gwet-ac1": expected = [GwetAgreementCoefficient(counts).coefficient.value]
        case "gwet-ac2": expected = [GwetAgreementCoefficient(counts, weights: .quadratic).coefficient.value]
        case "fleiss-kappa": expected = [FleissKappa(counts, weights: .quadratic).coefficient.value]
        case "randolph-kappa": expected = [RandolphKappa.estimate(counts).value]
        case "percent":
            expected = [
                PercentAgreement.exact(ab).value, nil, nil, PercentAgreement.pairwise(counts).value,
                PercentAgreement.allRatersAgree(counts).value,
            ]
        case "confusion": expected = [PercentAgreement.exact(ab).value]
        case "spearman": expected = [try Correlation.measure(.spearman, a, b).value]
        case "kendall-b": expected = [try Correlation.measure(.kendallTauB, a, b).value]
        case "kendall-c": expected = [try Correlation.measure(.kendallTauC, a, b).value]
        case "pearson": expected = [try Correlation.measure(.pearson, a, b).value]
        case "icc":
            expected = [
                try IntraclassCorrelation(unitsByRaters: Fixture.transposed([a, b, c]), form: .twoWay(.agreement, .single)).estimate.value
            ]
        case "spread": expected = [Spread.mean(a.compactMap { $0 }).value, Spread.standardDeviation(a.compactMap { $0 }).value]
        case "bias": expected = [Spread.meanDifference(a, b).value]
        default:
            Issue.record("no expectation for \(name): add one")
            return
        }
        #expect(figures.count >= expected.count)
        var checked = 0
        for (figure, value) in zip(figures, expected) {
            guard let value else { continue }
            let got = try #require(figure.estimate.value, "\(name) \(figure.measure) is undefined")
            #expect(abs(got - value) < 1e-12, "\(name) \(figure.measure)")
            checked += 1
        }
        #expect(checked > 0, "\(name) checked no value")
    }

    @Test("figures per shape: three pairs, one over all raters, one per rater per figure")
    func shapes() throws {
        let kappa = try AgreementStatistic.cohenKappa.measurements(
            of: Fixture.ratings, request: AgreementRequest(statistic: .cohenKappa, scale: Fixture.scale))
        #expect(kappa.map(\.raters) == [["a", "b"], ["a", "c"], ["b", "c"]])
        #expect(kappa.map(\.excluded) == [1, 1, 2])
        let alpha = try AgreementStatistic.krippendorffAlpha.measurements(
            of: Fixture.ratings, request: AgreementRequest(statistic: .krippendorffAlpha))
        #expect(alpha.count == 1 && alpha[0].raters == ["a", "b", "c"] && alpha[0].excluded == 0)
        let spread = try AgreementStatistic.spread.measurements(
            of: Fixture.ratings, request: AgreementRequest(statistic: .spread, population: true))
        #expect(spread.count == 3 * 8)
        #expect(spread.filter { $0.raters == ["b"] }.map(\.excluded) == Array(repeating: 1, count: 8))
        let b = Fixture.b.compactMap { $0 }
        let populationSD = try #require(spread.first { $0.raters == ["b"] && $0.measure == "population sd" }?.estimate.value)
        #expect(abs(populationSD - (try #require(Spread.standardDeviation(b, divisor: .population).value))) < 1e-15)
    }

    @Test("Cohen's and Fleiss' kappa carry the z test; the confusion statistic carries its table")
    func testsAndTables() throws {
        let kappa = try #require(
            try AgreementStatistic.cohenKappa.measurements(
                of: Fixture.pair, request: AgreementRequest(statistic: .cohenKappa, scale: Fixture.scale)
            ).first)
        let direct = CohenKappa(try ContingencyTable(scale: Fixture.scale, first: Fixture.a, second: Fixture.b))
        #expect(kappa.test?.z == direct.z && kappa.test?.pValue == direct.pValue)
        #expect(kappa.test?.nullStandardError == direct.nullStandardError)
        // The first eight items, which every rater rated (Fleiss' H₀ SE needs as many ratings per item).
        let complete = try RaterRatings(raters: ["a", "b", "c"], ratings: [Fixture.a, Fixture.b, Fixture.c].map { Array($0.prefix(8)) })
        let fleiss = try #require(
            try AgreementStatistic.fleissKappa.measurements(
                of: complete, request: AgreementRequest(statistic: .fleissKappa, scale: Fixture.scale)
            ).first)
        let counts = try UnitCategoryCounts(
            scale: Fixture.scale, unitsByRaters: Fixture.transposed([Fixture.a, Fixture.b, Fixture.c].map { Array($0.prefix(8)) }))
        let directFleiss = FleissKappa(counts)
        #expect(fleiss.test?.z == directFleiss.z && directFleiss.z != nil)
        let confusion = try #require(
            try AgreementStatistic.confusion.measurements(
                of: Fixture.pair, request: AgreementRequest(statistic: .confusion, scale: Fixture.scale)
            ).first?.table)
        #expect(confusion.rows == [[2, 1, 0, 0], [0, 3, 0, 0], [0, 0, 1, 1], [0, 0, 1, 2]])
    }

    @Test("a bootstrap over the table when the ratings are on the scale, over the items otherwise; same seed, same interval")
    func bootstrapPaths() throws {
        let request = AgreementRequest(statistic: .spearman, scale: Fixture.scale, interval: .bootstrap, resamples: 200, seed: 5)
        let onScale = try #require(try AgreementStatistic.spearman.measurements(of: Fixture.pair, request: request).first)
        #expect(onScale.resampling?.method == "multinomial-table")
        #expect(onScale.resampling?.resamples == 200 && onScale.resampling?.seed == 5)
        let again = try #require(try AgreementStatistic.spearman.measurements(of: Fixture.pair, request: request).first)
        #expect(again.estimate.interval == onScale.estimate.interval)
        var noScale = request
        noScale.scale = nil
        let items = try #require(try AgreementStatistic.spearman.measurements(of: Fixture.pair, request: noScale).first)
        #expect(items.resampling?.method == "items")
        #expect(items.estimate.value == onScale.estimate.value)
        var none = request
        none.resamples = 0
        #expect(try AgreementStatistic.spearman.measurements(of: Fixture.pair, request: none).first?.estimate.interval == nil)
    }

    /// The BCa interval through the catalogue is the one `Bootstrap` computes on the same resamples
    /// (its quantiles shifted by the bias correction and acceleration), on the table and on the items.
    @Test("--ci bca: every statistic with a bootstrap offers it, and its interval is the bootstrap's BCa interval")
    func bca() throws {
        #expect(
            AgreementStatistic.names.compactMap(AgreementStatistic.named).allSatisfy {
                $0.intervals.contains(.bootstrap) == $0.intervals.contains(.bca)
            })
        let request = AgreementRequest(
            statistic: .cohenKappa, weights: .quadratic, scale: Fixture.scale, interval: .bca, resamples: 500, seed: 9)
        let measured = try #require(try AgreementStatistic.cohenKappa.measurements(of: Fixture.pair, request: request).first)
        let table = try ContingencyTable(scale: Fixture.scale, first: Fixture.a, second: Fixture.b)
        let weights = AgreementWeights.quadratic.matrix(on: Fixture.scale)
        let direct = Bootstrap.table(table, resamples: 500, seed: 9) { CohenKappa.value(of: $0, weights: weights) }
        let bca = try #require(direct.bcaInterval)
        #expect(measured.estimate.interval == bca)
        #expect(bca != direct.percentileInterval)
        var items = request
        items.statistic = .spearman
        items.weights = nil
        items.scale = nil
        let spearman = try #require(try AgreementStatistic.spearman.measurements(of: Fixture.pair, request: items).first)
        #expect(spearman.estimate.interval?.method == .bcaBootstrap)
    }

    @Test("a request the statistic cannot take is an error naming what applies")
    func invalidRequests() throws {
        func problem(_ request: AgreementRequest) -> AgreementRequestError? {
            do {
                _ = try request.validated()
                return nil
            } catch {
                return error
            }
        }
        #expect(
            problem(AgreementRequest(statistic: .percentAgreement, weights: .linear))
                == .parameterDoesNotApply(.weights, statistic: "percent"))
        #expect(
            problem(AgreementRequest(statistic: .spearman, interval: .analytic)) == .intervalDoesNotApply(.analytic, statistic: "spearman"))
        #expect(problem(AgreementRequest(statistic: .percentAgreement, tolerance: -1)) == .negativeTolerance)
        #expect(problem(AgreementRequest(statistic: .cohenKappa, interval: .bootstrap, resamples: 99)) == .tooFewResamples(99))
        #expect(problem(AgreementRequest(statistic: .cohenKappa, interval: .bootstrap, resamples: -1)) == .tooFewResamples(-1))
        #expect(problem(AgreementRequest(statistic: .cohenKappa, confidence: 1)) == .coverage(1))
        #expect(problem(AgreementRequest(statistic: .cohenKappa, interval: .bootstrap, resamples: 0)) == nil)
        #expect(throws: AgreementRequestError.needsScale(statistic: "cohen-kappa")) {
            try AgreementStatistic.cohenKappa.measurements(of: Fixture.pair, request: AgreementRequest(statistic: .cohenKappa))
        }
        #expect(throws: AgreementRequestError.tooFewRaters(statistic: "bias", needed: 2)) {
            try AgreementStatistic.bias.measurements(
                of: try RaterRatings(raters: ["a"], ratings: [Fixture.a]), request: AgreementRequest(statistic: .bias))
        }
        #expect(throws: RatingError.self) { try RaterRatings(raters: ["a", "b"], ratings: [Fixture.a, [1]]) }
    }

    @Test("the named parameters read back their names")
    func names() {
        #expect(AgreementWeights.schemeNames.allSatisfy { AgreementWeights(schemeName: $0)?.schemeName == $0 })
        #expect(KrippendorffAlpha.Metric.metricNames.allSatisfy { KrippendorffAlpha.Metric(metricName: $0)?.metricName == $0 })
        #expect(ICCForm.shortNames.allSatisfy { ICCForm(shortName: $0)?.shortName == $0 })
        #expect(ICCForm(shortName: "A,1")?.description == "ICC(A,1)")
        #expect(AgreementWeights(schemeName: "cubic") == nil)
    }
}
