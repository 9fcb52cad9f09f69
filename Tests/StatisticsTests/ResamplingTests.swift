import AgreementCoefficients
import Foundation
import StatisticsCore
import Testing
import _TestSupport

@Suite("Resampling: generator, samplers, bootstrap and McNemar")
struct ResamplingTests {
    @Test("SplitMix64 and xoshiro256** reproduce the published algorithms' first outputs from seed 0")
    func generatorStream() {
        var mixer = SplitMix64(seed: 0)
        #expect(mixer.next() == 0xE220_A839_7B1D_CDAF)  // Vigna's splitmix64.c, seed 0
        var g = Xoshiro256StarStar(seed: 0)
        #expect([g.next(), g.next(), g.next()] == [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0])
    }

    @Test(
        "Binomial draws have mean np and variance np(1 − p), by inversion and by rejection",
        arguments: [(20, 0.1), (30, 0.85), (1_000_000, 0.3), (500, 0.5)] as [(Int, Double)])
    func binomialMoments(_ n: Int, _ p: Double) {
        var g = Xoshiro256StarStar(seed: UInt64(n))
        let draws = 40_000
        var sum = 0.0
        var squares = 0.0
        for _ in 0..<draws {
            let x = Double(g.binomial(trials: n, probability: p))
            #expect(x >= 0 && x <= Double(n))
            sum += x
            squares += x * x
        }
        let mean = sum / Double(draws)
        let variance = squares / Double(draws) - mean * mean
        let expectedVariance = Double(n) * p * (1 - p)
        // Mean within 5 standard errors; variance within 5% (its SE here is under 1%).
        #expect(abs(mean - Double(n) * p) < 5 * (expectedVariance / Double(draws)).squareRoot())
        #expect(abs(variance / expectedVariance - 1) < 0.05)
    }

    @Test(
        "Binomial draws follow the binomial probabilities (chi-square goodness of fit), by inversion, by rejection, and with Stirling's log k!",
        arguments: [(30, 0.2), (60, 0.4), (600, 0.45)] as [(Int, Double)])
    func binomialShape(_ n: Int, _ p: Double) {
        var g = Xoshiro256StarStar(seed: 77)
        let draws = 100_000
        var observed = [Double](repeating: 0, count: n + 1)
        for _ in 0..<draws { observed[g.binomial(trials: n, probability: p)] += 1 }
        // Exact probabilities by the recurrence P(x+1) = P(x)·(n−x)/(x+1)·p/(1−p).
        var pmf = [Double](repeating: 0, count: n + 1)
        pmf[0] = pow(1 - p, Double(n))
        for x in 0..<n { pmf[x + 1] = pmf[x] * Double(n - x) / Double(x + 1) * p / (1 - p) }
        // Pool the tails so every expected count is at least 20.
        var chi2 = 0.0
        var bins = 0
        var pooledObserved = 0.0
        var pooledExpected = 0.0
        for x in 0...n {
            pooledObserved += observed[x]
            pooledExpected += pmf[x] * Double(draws)
            if pooledExpected >= 20 && (x == n || pmf[(x + 1)...].reduce(0, +) * Double(draws) >= 20) {
                chi2 += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / pooledExpected
                bins += 1
                pooledObserved = 0
                pooledExpected = 0
            }
        }
        // The 99.9% point of chi-square on df degrees of freedom (Wilson–Hilferty).
        let df = Double(bins - 1)
        let critical = df * pow(1 - 2 / (9 * df) + NormalDistribution.quantile(0.999) * (2 / (9 * df)).squareRoot(), 3)
        #expect(bins >= 10)
        #expect(chi2 < critical, "chi-square \(chi2) on \(df) df, critical \(critical)")
    }

    @Test("A study's seed mixed from its parts: one SplitMix64 step per part, in order; no parts leave the seed")
    func mixedSeeds() {
        #expect(SplitMix64.mixed(42, [UInt64]()) == 42)
        var first = SplitMix64(seed: 42 ^ 3)
        let one = first.next()
        var second = SplitMix64(seed: one ^ 7)
        #expect(SplitMix64.mixed(42, [3]) == one)
        #expect(SplitMix64.mixed(42, [3, 7]) == second.next())
        #expect(SplitMix64.mixed(42, [3, 7]) != SplitMix64.mixed(42, [7, 3]), "the order of the parts matters")
        #expect(SplitMix64.mixed(42, [3, 7]) != SplitMix64.mixed(43, [3, 7]))
    }

    @Test("A multinomial draw keeps the total and never fills an empty cell")
    func multinomialTotal() {
        var g = Xoshiro256StarStar(seed: 5)
        var counts = [Int](repeating: 0, count: 5)
        for _ in 0..<1000 {
            g.multinomial(total: 1_000_000, weights: [10, 0, 250_000, 3, 749_987], into: &counts)
            #expect(counts.reduce(0, +) == 1_000_000)
            #expect(counts[1] == 0)
        }
    }

    static let sas = ContingencyTable(scale: CategoryScale(0...2), rows: [[0, 4, 1], [0, 8, 0], [0, 1, 5]])

    @Test("The same seed reproduces a bootstrap exactly; another seed does not")
    func reproducible() {
        let w = AgreementWeights.unweighted.matrix(on: Self.sas.scale)
        let a = Bootstrap.table(Self.sas, resamples: 500, seed: 42) { CohenKappa.value(of: $0, weights: w) }
        let b = Bootstrap.table(Self.sas, resamples: 500, seed: 42) { CohenKappa.value(of: $0, weights: w) }
        let c = Bootstrap.table(Self.sas, resamples: 500, seed: 43) { CohenKappa.value(of: $0, weights: w) }
        #expect(a == b)
        #expect(a.replicates != c.replicates)
        let i1 = Bootstrap.items(count: 19, resamples: 300, seed: 1) { Double($0.reduce(0, +)) }
        let i2 = Bootstrap.items(count: 19, resamples: 300, seed: 1) { Double($0.reduce(0, +)) }
        #expect(i1 == i2)
    }

    @Test("The multinomial table bootstrap and the item bootstrap give the same SE and intervals for kappa")
    func multinomialMatchesItems() throws {
        let table = Self.sas
        let pairs = (0..<3).flatMap { i in (0..<3).flatMap { j in Array(repeating: (i, j), count: table[i, j]) } }
        let w = AgreementWeights.unweighted.matrix(on: table.scale)
        var scratch = ContingencyTable(scale: table.scale)
        let items = Bootstrap.items(count: pairs.count, resamples: 8000, seed: 3) { indices in
            for i in 0..<3 { for j in 0..<3 { scratch[i, j] = 0 } }
            for index in indices { scratch[pairs[index].0, pairs[index].1] += 1 }
            return CohenKappa.value(of: scratch, weights: w)
        }
        let cells = Bootstrap.table(table, resamples: 8000, seed: 4) { CohenKappa.value(of: $0, weights: w) }
        #expect(items.estimate == cells.estimate)
        let seItems = try #require(items.standardError)
        let seCells = try #require(cells.standardError)
        // The Monte Carlo SE of a bootstrap SE with B = 8000 is about SE/√(2B) ≈ 0.8%; allow 5%.
        #expect(abs(seItems / seCells - 1) < 0.05, "items \(seItems) vs cells \(seCells)")
        #expect(abs(seCells - 0.143) < 0.008)  // the vectors' bootstrap SE for this table
        let p1 = try #require(items.percentileInterval)
        let p2 = try #require(cells.percentileInterval)
        #expect(abs(p1.lower - p2.lower) < 0.03 && abs(p1.upper - p2.upper) < 0.03)
        let b1 = try #require(items.bcaInterval)
        let b2 = try #require(cells.bcaInterval)
        #expect(abs(b1.lower - b2.lower) < 0.03 && abs(b1.upper - b2.upper) < 0.03)
    }

    @Test("Undefined resamples are excluded and counted; BCa is not formed when a jackknife value is undefined")
    func undefinedResamples() throws {
        let table = ContingencyTable(scale: CategoryScale(0...1), rows: [[9, 0], [0, 1]])
        let w = AgreementWeights.unweighted.matrix(on: table.scale)
        let result = Bootstrap.table(table, resamples: 10_000, seed: 8) { CohenKappa.value(of: $0, weights: w) }
        #expect(abs(result.undefinedFraction - 0.3487) < 0.02)
        #expect(result.replicates.count + result.undefinedResamples == 10_000)
        #expect(result.replicates.allSatisfy { $0 == 1 })
        #expect(result.bcaInterval == nil)
        #expect(result.percentileInterval?.lower == 1)
    }

    @Test("BCa and percentile agree for the mean of symmetric data; BCa shifts for a skewed statistic")
    func bcaBehaviour() throws {
        let symmetric = (1...40).map(Double.init)
        let mean = Bootstrap.items(count: symmetric.count, resamples: 4000, seed: 10) { idx in
            idx.reduce(0) { $0 + symmetric[$1] } / Double(idx.count)
        }
        let p = try #require(mean.percentileInterval)
        let b = try #require(mean.bcaInterval)
        #expect(abs(p.lower - b.lower) < 0.3 && abs(p.upper - b.upper) < 0.3)
        #expect(b.contains(20.5))
        let skewed = (0..<40).map { i in i < 36 ? 1.0 : 30.0 }
        let variance = Bootstrap.items(count: skewed.count, resamples: 4000, seed: 11) { idx in
            Spread.variance(idx.map { skewed[$0] }).value
        }
        let pv = try #require(variance.percentileInterval)
        let bv = try #require(variance.bcaInterval)
        #expect(bv.upper > pv.upper)
    }

    static func judges(seed: UInt64, count: Int) -> (expert: [Double?], first: [Double?], second: [Double?]) {
        var g = Xoshiro256StarStar(seed: seed)
        var e: [Double?] = [], a: [Double?] = [], b: [Double?] = []
        for _ in 0..<count {
            let truth = 1 + g.nextIndex(below: 4)
            e.append(Double(truth))
            a.append(Double(g.nextUniform() < 0.8 ? truth : 1 + g.nextIndex(below: 4)))
            b.append(Double(g.nextUniform() < 0.5 ? truth : 1 + g.nextIndex(below: 4)))
        }
        return (e, a, b)
    }

    @Test("The paired bootstrap: identical judges differ by exactly 0; swapping judges negates the difference")
    func pairedBootstrap() throws {
        let (e, a, b) = Self.judges(seed: 21, count: 300)
        let scale = CategoryScale(1...4)
        let w = AgreementWeights.quadratic.matrix(on: scale)
        let kappa = { (t: ContingencyTable) in CohenKappa.value(of: t, weights: w) }
        let same = Bootstrap.paired(
            try PairedRatingTable(scale: scale, expert: e, first: a, second: a), resamples: 200, seed: 1, statistic: kappa)
        #expect(same.replicates.allSatisfy { $0 == 0 })
        let table = try PairedRatingTable(scale: scale, expert: e, first: a, second: b)
        let forward = Bootstrap.paired(table, resamples: 2000, seed: 2, statistic: kappa)
        let backward = Bootstrap.paired(
            try PairedRatingTable(scale: scale, expert: e, first: b, second: a), resamples: 2000, seed: 2, statistic: kappa)
        let direct =
            try #require(CohenKappa(table.expertVersusFirst, weights: .quadratic).kappa.value)
            - (CohenKappa(table.expertVersusSecond, weights: .quadratic).kappa.value ?? .nan)
        #expect(abs((forward.estimate ?? .nan) - direct) < 1e-12)
        #expect(abs((backward.estimate ?? .nan) + direct) < 1e-12)
        let ci = try #require(forward.percentileInterval)
        #expect(ci.lower > 0)  // judge A (80% exact) is clearly better than judge B (50%)
        #expect(table.expertVersusFirst == (try ContingencyTable(scale: scale, first: e, second: a)))
    }

    @Test("McNemar: exact binomial below 25 discordant items, chi-square with continuity correction from 25 (scipy values)")
    func mcnemar() throws {
        let exact = McNemarTest(firstOnly: 10, secondOnly: 2)
        #expect(exact.method == .exactBinomial)
        #expect(abs(exact.pValue - 0.03857421875) < 1e-12)  // scipy.stats.binomtest(2, 12).pvalue
        #expect(abs(McNemarTest(firstOnly: 10, secondOnly: 14).pValue - 0.5412561893463135) < 1e-12)
        let chi = McNemarTest(firstOnly: 30, secondOnly: 15)
        #expect(chi.method == .chiSquareContinuityCorrected)
        #expect(abs((chi.statistic ?? .nan) - 196.0 / 45) < 1e-12)
        #expect(abs(chi.pValue - 0.036888425707049914) < 1e-12)  // scipy.stats.chi2.sf(196/45, 1)
        #expect(McNemarTest(firstOnly: 0, secondOnly: 0).pValue == 1)
        let (e, a, b) = Self.judges(seed: 5, count: 120)
        let fromTable = McNemarTest(try PairedRatingTable(scale: CategoryScale(1...4), expert: e, first: a, second: b))
        let firstOnly = (0..<120).filter { a[$0] == e[$0] && b[$0] != e[$0] }.count
        let secondOnly = (0..<120).filter { b[$0] == e[$0] && a[$0] != e[$0] }.count
        #expect(fromTable.firstOnly == firstOnly && fromTable.secondOnly == secondOnly)
    }

    @Test("Normal and t quantiles match scipy")
    func quantiles() {
        #expect(abs(NormalDistribution.quantile(0.975) - 1.959963984540054) < 1e-14)
        #expect(abs(NormalDistribution.quantile(1e-10) - -6.361340902404056) < 1e-10)
        #expect(abs(StudentTDistribution.quantile(0.975, degreesOfFreedom: 18) - 2.1009220402410382) < 1e-12)
        #expect(abs(StudentTDistribution.cdf(2.1009220402410382, degreesOfFreedom: 18) - 0.975) < 1e-14)
    }

    @Test("A million paired ratings: one pass to the table, then 2,000-resample bootstraps of kappa ×3, alpha and AC2 in O(k²) each")
    func millionRatings() throws {
        var g = Xoshiro256StarStar(seed: 99)
        let n = 1_000_000
        var first = [Double?](repeating: nil, count: n)
        var second = [Double?](repeating: nil, count: n)
        for i in 0..<n {
            let a = 1 + g.nextIndex(below: 4)
            first[i] = Double(a)
            second[i] = Double(g.nextUniform() < 0.7 ? a : 1 + g.nextIndex(below: 4))
        }
        let scale = CategoryScale(1...4)
        let table = try ContingencyTable(scale: scale, first: first, second: second)
        #expect(table.n == n)
        for weights in [AgreementWeights.unweighted, .linear, .quadratic] {
            let w = weights.matrix(on: scale)
            let boot = Bootstrap.table(table, resamples: 2000, seed: 1) { CohenKappa.value(of: $0, weights: w) }
            let analytic = try #require(CohenKappa(table, weights: weights).kappa.standardError)
            let se = try #require(boot.standardError)
            #expect(abs(se / analytic - 1) < 0.1, "\(weights): bootstrap \(se) vs FCE \(analytic)")
        }
        let alpha = Bootstrap.table(table, resamples: 2000, seed: 2) { KrippendorffAlpha.value(of: $0, metric: .ordinal) }
        #expect(alpha.undefinedResamples == 0 && alpha.bcaInterval != nil)
        let w2 = AgreementWeights.quadratic.matrix(on: scale)
        let ac2 = Bootstrap.table(table, resamples: 2000, seed: 3) { GwetAgreementCoefficient.value(of: $0, weights: w2) }
        let analytic = try #require(GwetAgreementCoefficient(table, weights: .quadratic).coefficient.standardError)
        #expect(abs((ac2.standardError ?? .nan) / analytic - 1) < 0.1)
    }

    @Test("The expanded level equals 1 − 2Φ(−√(n/(n − 1)) t) from SciPy's t.ppf and norm.cdf, tends to the level, and is the level below 2 items")
    func expandedLevel() {
        // scipy 1.x: 1 - 2 * norm.cdf(-sqrt(n / (n - 1)) * t.ppf(0.975, n - 1))
        for (n, reference) in [(10, 0.9828987219511872), (20, 0.9682383401593041), (40, 0.9594849272743123)] {
            #expect(abs(Bootstrap.expandedLevel(0.95, items: n) - reference) < 1e-10, "\(n) items")
        }
        #expect(abs(Bootstrap.expandedLevel(0.95, items: 100_000) - 0.95) < 1e-4)
        #expect(Bootstrap.expandedLevel(0.95, items: 1) == 0.95 && Bootstrap.expandedLevel(0.9, items: 0) == 0.9)
    }
}
