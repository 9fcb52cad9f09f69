import AgreementCoefficients
import StatisticsCore
import Testing
import _TestSupport

/// Invariants of the agreement statistics on generated data, and the edge
/// cases the reference vectors only touch.
@Suite("Agreement statistics: invariants and edge cases")
struct AgreementPropertyTests {
    /// Two correlated raters on a 1–4 scale, with some missing ratings.
    static func ratings(seed: UInt64, count: Int = 200, missingEvery: Int = 17) -> (first: [Double?], second: [Double?]) {
        var g = Xoshiro256StarStar(seed: seed)
        var first: [Double?] = []
        var second: [Double?] = []
        for i in 0..<count {
            let a = 1 + g.nextIndex(below: 4)
            let b = g.nextUniform() < 0.6 ? a : 1 + g.nextIndex(below: 4)
            first.append(i % missingEvery == 3 ? nil : Double(a))
            second.append(i % missingEvery == 8 ? nil : Double(b))
        }
        return (first, second)
    }

    static let scale = CategoryScale(1...4)
    static let allWeights: [AgreementWeights] = [.unweighted, .linear, .quadratic]

    @Test(
        "Kappa, its SEs, AC1/AC2 and alpha are symmetric in the raters and invariant to transposing the table",
        arguments: [1, 2, 3] as [UInt64])
    func symmetry(_ seed: UInt64) throws {
        let (a, b) = Self.ratings(seed: seed)
        let forward = try ContingencyTable(scale: Self.scale, first: a, second: b)
        let backward = try ContingencyTable(scale: Self.scale, first: b, second: a)
        #expect(backward == forward.transposed)
        for weights in Self.allWeights {
            let k1 = CohenKappa(forward, weights: weights)
            let k2 = CohenKappa(backward, weights: weights)
            let v1 = try #require(k1.kappa.value)
            #expect(abs(v1 - (k2.kappa.value ?? .nan)) < 1e-14)
            #expect(abs((k1.kappa.standardError ?? .nan) - (k2.kappa.standardError ?? .nan)) < 1e-14)
            #expect(abs((k1.nullStandardError ?? .nan) - (k2.nullStandardError ?? .nan)) < 1e-14)
            let g1 = GwetAgreementCoefficient(forward, weights: weights).coefficient
            let g2 = GwetAgreementCoefficient(backward, weights: weights).coefficient
            #expect(abs((g1.value ?? .nan) - (g2.value ?? .nan)) < 1e-14)
            #expect(abs((g1.standardError ?? .nan) - (g2.standardError ?? .nan)) < 1e-14)
        }
        for metric in [KrippendorffAlpha.Metric.nominal, .ordinal, .interval, .ratio] {
            let x = KrippendorffAlpha(forward, metric: metric).alpha.value
            let y = KrippendorffAlpha(backward, metric: metric).alpha.value
            #expect(abs((x ?? .nan) - (y ?? .nan)) < 1e-14)
        }
    }

    @Test("The allocation-free value functions equal the full results", arguments: [4, 5] as [UInt64])
    func fastPaths(_ seed: UInt64) throws {
        let (a, b) = Self.ratings(seed: seed)
        let table = try ContingencyTable(scale: Self.scale, first: a, second: b)
        for weights in Self.allWeights {
            let w = weights.matrix(on: Self.scale)
            #expect(CohenKappa.value(of: table, weights: w) == CohenKappa(table, weights: weights).kappa.value)
            let ac = try #require(GwetAgreementCoefficient(table, weights: weights).coefficient.value)
            #expect(abs((GwetAgreementCoefficient.value(of: table, weights: w) ?? .nan) - ac) < 1e-14)
        }
        for metric in [KrippendorffAlpha.Metric.nominal, .ordinal, .interval, .ratio, .weighted(.quadratic)] {
            let alpha = try #require(KrippendorffAlpha(table, metric: metric).alpha.value)
            #expect(abs((KrippendorffAlpha.value(of: table, metric: metric) ?? .nan) - alpha) < 1e-14)
        }
    }

    @Test("Alpha from the two-rater table equals alpha from the units × raters layout, and drops the units missing a rating")
    func alphaTableMatchesUnits() throws {
        let (a, b) = Self.ratings(seed: 9)
        let table = try ContingencyTable(scale: Self.scale, first: a, second: b)
        let units = zip(a, b).map { [$0, $1] }
        for metric in [KrippendorffAlpha.Metric.nominal, .ordinal, .interval, .ratio] {
            let fromUnits = try KrippendorffAlpha(unitsByRaters: units, scale: Self.scale, metric: metric)
            let fromTable = KrippendorffAlpha(table, metric: metric)
            #expect(abs((fromUnits.alpha.value ?? .nan) - (fromTable.alpha.value ?? .nan)) < 1e-12)
            #expect(fromUnits.alpha.n == 2 * table.n)
            #expect(fromUnits.unitsDropped == table.excludedPairs)
        }
    }

    @Test("Alpha is 1 on perfect agreement for every metric, with any number of raters and missing values")
    func alphaPerfect() throws {
        var g = Xoshiro256StarStar(seed: 3)
        let units: [[Double?]] = (0..<50).map { _ in
            let v = Double(1 + g.nextIndex(below: 5))
            return (0..<4).map { _ in g.nextUniform() < 0.2 ? nil : v }
        }
        for metric in [KrippendorffAlpha.Metric.nominal, .ordinal, .interval, .ratio, .weighted(.linear)] {
            let alpha = try KrippendorffAlpha(unitsByRaters: units, scale: CategoryScale(1...5), metric: metric)
            #expect(alpha.alpha.value == 1)
            #expect((alpha.observedDisagreement ?? .nan) == 0)
        }
    }

    @Test("Alpha is undefined, with a reason, when every pairable value is in one category")
    func alphaNoVariation() throws {
        let alpha = try KrippendorffAlpha(unitsByRaters: [[2, 2], [2, nil], [2, 2, 2]], scale: CategoryScale(1...3), metric: .interval)
        #expect(alpha.alpha.value == nil)
        #expect(alpha.alpha.undefinedReason?.code == "no-variation")
        #expect(alpha.unitsDropped == 1)
    }

    @Test("Kappa with p_e = 1 is undefined and still reports the raw percent agreement")
    func kappaUndefined() throws {
        let result = try CohenKappa(first: [3, 3, 3, nil], second: [3, 3, 3, 2], scale: Self.scale, weights: .quadratic)
        #expect(result.kappa.value == nil)
        #expect(result.kappa.undefinedReason?.code == "no-variation")
        #expect(result.percentAgreement.value == 1)
        #expect(result.chanceAgreement == 1)
        #expect(result.excludedPairs == 1)
        #expect(result.z == nil && result.pValue == nil)
        let empty = CohenKappa(ContingencyTable(scale: Self.scale))
        #expect(empty.kappa.undefinedReason?.code == "no-data")
    }

    @Test("Listwise deletion: kappa on lists with missing ratings equals kappa on the complete pairs")
    func listwise() throws {
        let (a, b) = Self.ratings(seed: 12)
        let complete = zip(a, b).filter { $0 != nil && $1 != nil }
        let withMissing = try CohenKappa(first: a, second: b, scale: Self.scale)
        let dropped = try CohenKappa(first: complete.map(\.0), second: complete.map(\.1), scale: Self.scale)
        #expect(withMissing.kappa == dropped.kappa)
        #expect(withMissing.excludedPairs == a.count - complete.count)
        #expect(withMissing.excludedPairs > 0)
    }

    @Test("Weights come from the category values: an unevenly spaced scale differs from its index form")
    func valueWeights() {
        let uneven = AgreementWeights.linear.matrix(on: CategoryScale(values: [0, 1, 10]))
        #expect(abs(uneven[0, 1] - 0.9) < 1e-15)
        #expect(abs(uneven[1, 2] - 0.1) < 1e-15)
        let even = AgreementWeights.quadratic.matrix(on: CategoryScale(1...5))
        #expect(even[0, 2] == 1 - 4.0 / 16)
        #expect(AgreementWeights.unweighted.matrix(on: CategoryScale(1...5)).isIdentity)
    }

    @Test("The t interval is wider than the normal one and both stay within [−1, 1]")
    func intervals() throws {
        let table = ContingencyTable(scale: CategoryScale(1...2), rows: [[9, 0], [1, 1]])
        let normal = try #require(CohenKappa(table).kappa.interval)
        let t = try #require(CohenKappa(table, quantile: .studentT).kappa.interval)
        #expect(t.lower < normal.lower)
        #expect(normal.upper == 1 && t.upper == 1)
        #expect(normal.lower >= -1 && t.lower >= -1)
        #expect(normal.method == .standardError(.normal) && t.method == .standardError(.studentT))
    }

    /// R irr's `video` ratings (20 units, 4 raters), the pairwise case of the vectors.
    static var video: UnitCategoryCounts {
        get throws {
            let c = try #require(ReferenceVectors.all.first { $0.id == "percent_agreement_pairwise_video" })
            return try c.unitCounts()
        }
    }

    @Test("Multi-rater percent agreement: all raters agree 35%, within ±1 90% (R irr::agree on video)")
    func percentAgreementDefinitions() throws {
        let video = try Self.video
        #expect(abs((PercentAgreement.allRatersAgree(video).value ?? .nan) - 0.35) < 1e-12)
        #expect(abs((PercentAgreement.allRatersAgree(video, tolerance: 1).value ?? .nan) - 0.90) < 1e-12)
        let pairwise = try #require(PercentAgreement.pairwise(video).value)
        #expect(pairwise > 0.35 && pairwise < 0.90)
        #expect((PercentAgreement.pairwise(video, tolerance: 10).value ?? .nan) == 1)
    }

    @Test("Two-rater percent agreement within a tolerance counts adjacent scores, and the three definitions coincide for two raters")
    func percentAgreementTwoRaters() throws {
        let table = ContingencyTable(scale: CategoryScale(1...3), rows: [[5, 2, 1], [1, 4, 0], [0, 3, 4]])
        #expect(PercentAgreement.exact(table).value == 13.0 / 20)
        #expect(PercentAgreement.withinTolerance(table, tolerance: 1).value == 19.0 / 20)
        var units: [[Double?]] = []
        for i in 0..<3 { for j in 0..<3 { units += Array(repeating: [Double(i + 1), Double(j + 1)], count: table[i, j]) } }
        let counts = try UnitCategoryCounts(scale: CategoryScale(1...3), unitsByRaters: units)
        #expect(PercentAgreement.pairwise(counts).value == 13.0 / 20)
        #expect(PercentAgreement.allRatersAgree(counts).value == 13.0 / 20)
        #expect(PercentAgreement.pairwise(counts, tolerance: 1).value == 19.0 / 20)
    }

    @Test("The confusion matrix reports margins and proportions on the declared scale, unused categories included")
    func confusionMargins() throws {
        let table = try ContingencyTable(scale: CategoryScale(1...4), first: [1, 1, 2, 2, 2], second: [1, 2, 2, 2, 1])
        #expect(table.rowTotals == [2, 3, 0, 0])
        #expect(table.columnTotals == [2, 3, 0, 0])
        #expect(table.agreements == 3)
        #expect(table.proportions[1][1] == 0.4)
        #expect(table.rowProportions[1] == [1.0 / 3, 2.0 / 3, 0, 0])
        #expect(table.rowProportions[3] == nil)
    }

    @Test("Fleiss' kappa for two raters without missing data is Scott's pi; Randolph's kappa uses 1/q")
    func fleissTwoRaters() throws {
        let units: [[Double?]] = [[1, 1], [1, 2], [2, 2], [3, 3], [3, 1], [2, 2]]
        let fleiss = FleissKappa(try UnitCategoryCounts(scale: CategoryScale(1...3), unitsByRaters: units))
        // Scott's pi: p_o = 4/6, pooled shares (4, 5, 3)/12 → p_e = 50/144, pi = (96 − 50)/(144 − 50) = 46/94.
        #expect(abs((fleiss.coefficient.value ?? .nan) - 46.0 / 94) < 1e-14)
        #expect(fleiss.perCategory.count == 3)
        let randolph = RandolphKappa.estimate(try UnitCategoryCounts(scale: CategoryScale(1...3), unitsByRaters: units))
        #expect(abs((randolph.value ?? .nan) - 0.5) < 1e-14)
    }

    @Test("Off-scale ratings are errors naming the unit and rater")
    func offScale() {
        let error = #expect(throws: RatingError.self) { try UnitCategoryCounts(scale: Self.scale, unitsByRaters: [[1, 2], [3, 7]]) }
        #expect(error?.message.contains("rater 2 on unit 2") == true)
        #expect(throws: RatingError.self) { try FleissKappa.congerExact(unitsByRaters: [[1, 2], [3, nil]], scale: Self.scale) }
    }

    @Test(
        "A table places exactly the ratings equal to a category, on whole-number and fractional scales alike",
        arguments: [CategoryScale(values: [-2, 0, 3]), CategoryScale(values: [-0.5, 0, 2.5])])
    func tablePlacement(scale: CategoryScale) throws {
        let v = scale.values
        // −0 equals the category 0; missing pairs are counted, not placed.
        let table = try ContingencyTable(scale: scale, first: [v[0], -0.0, v[2], nil, v[2]], second: [v[2], v[1], v[2], v[0], nil])
        #expect(table.rows == [[0, 0, 1], [0, 1, 0], [0, 0, 1]])
        #expect(table.excludedPairs == 2)
        // Between, beside, beyond and not a number: none is a category.
        for off in [(v[0] + v[1]) / 2, v[1] + 1e-9, v[2] + 1, v[0] - 1, .nan] {
            let error = #expect(throws: RatingError.self) { try ContingencyTable(scale: scale, first: [v[1], v[1]], second: [v[1], off]) }
            #expect(error?.position == 1 && error?.message.contains("rater 2 at position 2") == true, "\(off) on \(scale)")
        }
    }
}
