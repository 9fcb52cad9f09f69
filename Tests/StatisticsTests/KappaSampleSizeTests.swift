import AgreementCoefficients
import RunInference
import StatisticsCore
import Testing

@Suite("Kappa sample sizes for a decisive verdict")
struct KappaSampleSizeTests {
    static let binary = CategoryScale(values: [0, 1])
    static let fourLevels = CategoryScale(1...4)
    /// A judge's skewed use of a 1–4 scale: mostly 3s and 4s.
    static let skewed = [0.05, 0.15, 0.45, 0.35]

    static func design(_ scale: CategoryScale, _ marginal: [Double], kappa: Double, weights: AgreementWeights) throws
        -> AgreementDesign
    {
        try AgreementDesign.perfectAgreement(scale: scale, marginal: marginal).withKappa(kappa, weights: weights.matrix(on: scale))
    }

    /// irr 0.84.1, `N.cohen.kappa(0.5, 0.5, 0.7, 0.85)` = 96, its documented example
    /// (Cantor 1996, Psychological Methods 1:150: H₀ κ = 0.85, true κ = 0.7, both
    /// raters 50% positive, α = 0.05 one-sided, power 0.8).
    @Test("the null-test rule reproduces irr's documented N.cohen.kappa example (Cantor 1996): 96")
    func cantorExample() throws {
        let truth = try Self.design(Self.binary, [0.5, 0.5], kappa: 0.7, weights: .unweighted)
        let n = KappaSampleSize.rows(
            design: truth, weights: .unweighted, threshold: 0.85, level: 0.95, power: 0.8, rule: .nullTest)
        #expect(n == 96)
    }

    /// ((z₀.₉₅ + z₀.₈)·σ₁ / 0.15)² = 76.25 with σ₁² the Fleiss–Cohen–Everitt n·Var at κ = 0.85,
    /// both margins 0.5, computed with numpy from the 2×2 cell formula (scipy 1.11 quantiles).
    @Test("the interval rule's large-sample n for a binary table matches an independent numpy computation")
    func intervalRuleBinary() throws {
        let truth = try Self.design(Self.binary, [0.5, 0.5], kappa: 0.85, weights: .unweighted)
        #expect(KappaSampleSize.rows(design: truth, weights: .unweighted, threshold: 0.7, level: 0.90, power: 0.8) == 77)
    }

    @Test("a design moved to a kappa keeps its margins and has that kappa; beyond the margins' reach it throws")
    func designMoves() throws {
        let w = AgreementWeights.quadratic.matrix(on: Self.fourLevels)
        let base = try AgreementDesign.perfectAgreement(scale: Self.fourLevels, marginal: Self.skewed)
        for target in [0.0, 0.4, 0.6, 0.85, 1.0] {
            let moved = try base.withKappa(target, weights: w)
            #expect(abs((moved.kappa(weights: w) ?? .nan) - target) < 1e-12)
            for (a, b) in zip(moved.rowMarginal, Self.skewed) { #expect(abs(a - b) < 1e-12) }
        }
        // Unequal margins cap kappa below 1: the comonotone table is the most they allow.
        let pilot = try AgreementDesign(
            scale: Self.fourLevels, cells: [0.05, 0, 0, 0, 0.05, 0.1, 0, 0, 0, 0.1, 0.3, 0.05, 0, 0, 0.05, 0.3])
        let maximum = try #require(pilot.mostAgreement.kappa(weights: w))
        #expect(maximum < 1)
        #expect(throws: AgreementDesignError.self) { try pilot.withKappa(maximum + 0.01, weights: w) }
        #expect(throws: AgreementDesignError.self) { try pilot.withKappa(-0.1, weights: w) }
    }

    @Test("a true kappa on the threshold has no sample size; a one-level judge makes kappa undefined")
    func noSampleSize() throws {
        let onThreshold = try Self.design(Self.fourLevels, Self.skewed, kappa: 0.6, weights: .quadratic)
        #expect(KappaSampleSize.rows(design: onThreshold, weights: .quadratic, threshold: 0.6, level: 0.95, power: 0.8) == nil)
        let oneLevel = try AgreementDesign.perfectAgreement(scale: Self.fourLevels, marginal: [0, 0, 1, 0])
        #expect(throws: AgreementDesignError.undefinedKappa) {
            try oneLevel.withKappa(0.5, weights: AgreementWeights.quadratic.matrix(on: Self.fourLevels))
        }
    }

    /// The ordinal check: the plan's simulated n (2,000 replications) against a separately
    /// written simulation of the verdict with 10,000 replications, rows drawn one by one by
    /// inverting the cumulative cell probabilities: at 0.95·n the power must not exceed the
    /// target and at 1.05·n it must reach it, so the plan's n is right within ±5%.
    @Test(
        "the simulated n on a skewed 1–4 scale is within ±5% of an independent 10,000-replication simulation",
        arguments: [0.4, 0.75, 0.85])
    func ordinalAgainstIndependentSimulation(truth: Double) throws {
        let design = try Self.design(Self.fourLevels, Self.skewed, kappa: truth, weights: .quadratic)
        let planned = try #require(
            KappaSampleSize.simulatedRows(
                design: design, weights: .quadratic, threshold: 0.6, level: 0.95, power: 0.8, replications: 2_000, seed: 1)?
                .count)
        let below = Self.independentPower(design, truth: truth, rows: Int((0.95 * Double(planned)).rounded(.down)))
        let above = Self.independentPower(design, truth: truth, rows: Int((1.05 * Double(planned)).rounded(.up)))
        #expect(below <= 0.8, "power \(below) at 0.95 × \(planned)")
        #expect(above >= 0.8, "power \(above) at 1.05 × \(planned)")
    }

    static func independentPower(_ design: AgreementDesign, truth: Double, rows: Int) -> Double {
        var cumulative: [Double] = []
        var sum = 0.0
        for p in design.cells {
            sum += p
            cumulative.append(sum)
        }
        var generator = Xoshiro256StarStar(seed: 20_261_201)
        var decisive = 0
        let replications = 10_000
        for _ in 0..<replications {
            var counts = [Int](repeating: 0, count: design.cells.count)
            for _ in 0..<rows {
                let u = generator.nextUniform() * sum
                counts[cumulative.firstIndex(where: { u < $0 }) ?? counts.count - 1] += 1
            }
            let table = ContingencyTable(scale: design.scale, counts: counts, excludedPairs: 0)
            guard let ci = CohenKappa(table, weights: .quadratic).kappa.interval, ci.upper > ci.lower else { continue }
            if truth > 0.6 ? ci.lower >= 0.6 : ci.upper < 0.6 { decisive += 1 }
        }
        return Double(decisive) / Double(replications)
    }
}

/// Donner & Eliasziw's (1992) goodness-of-fit sample size for two raters and two categories.
///
/// Checked against benchmarks/python/kappa_goodness_of_fit.py, a separate implementation on scipy
/// 1.17.1 (`ncx2.sf` solved by `brentq`, `chi2.ppf`), whose output docs/PLANNING.md quotes, and against the
/// rule's R implementation, kappaSize 1.2, run here. The table Sim & Wright (2005, Physical Therapy
/// 85:257–268, Table 7) print for this rule was not reachable here (only the article's first page is stored), so
/// its entries are not asserted.
@Suite("Donner & Eliasziw's goodness-of-fit sample size for binary kappa")
struct KappaGoodnessOfFitTests {
    @Test("the one-degree χ² tail and the noncentrality for 80% and 90% power match scipy's ncx2")
    func noncentralChiSquare() {
        #expect(abs(ChiSquareOneDegree.criticalValue(alpha: 0.05) - 3.841458820694) < 1e-11)
        #expect(abs(ChiSquareOneDegree.noncentrality(alpha: 0.05, power: 0.8) - 7.848860509326) < 1e-10)
        #expect(abs(ChiSquareOneDegree.noncentrality(alpha: 0.05, power: 0.9) - 10.507419409691) < 1e-10)
        // scipy ncx2.sf(x, 1, λ) on a grid (x, λ, value).
        let grid: [(Double, Double, Double)] = [
            (0.5, 0, 4.795001221870e-01), (0.5, 1, 6.590992173322e-01), (0.5, 7.849, 9.821174039145e-01),
            (0.5, 25, 9.999911877539e-01), (3.841458820694124, 0, 5.000000000000e-02),
            (3.841458820694124, 1, 1.700750457531e-01), (3.841458820694124, 7.849, 8.000069694455e-01),
            (3.841458820694124, 25, 9.988172507035e-01), (10, 0, 1.565402258003e-03), (10, 1, 1.531414474952e-02),
            (10, 7.849, 3.591727124360e-01), (10, 25, 9.669483348729e-01),
        ]
        for (x, lambda, value) in grid {
            let ours = ChiSquareOneDegree.survival(x, noncentrality: lambda)
            #expect(abs(ours - value) <= 1e-11 * value, "x \(x), λ \(lambda): \(ours) against \(value)")
        }
    }

    /// (κ₀, κ₁, π, n at 80%, n at 90%), α = 0.05, from the scipy script's grid.
    static let scipyGrid: [(Double, Double, Double, Int, Int)] = [
        (0.0, 0.4, 0.1, 50, 66), (0.0, 0.7, 0.5, 17, 22), (0.4, 0.5, 0.1, 1617, 2164), (0.4, 0.6, 0.3, 191, 255),
        (0.4, 0.6, 0.5, 165, 221), (0.4, 0.8, 0.1, 102, 136), (0.5, 0.7, 0.3, 173, 231), (0.5, 0.9, 0.5, 37, 50),
        (0.6, 0.7, 0.1, 1340, 1794), (0.6, 0.8, 0.3, 149, 199), (0.6, 0.9, 0.5, 56, 75), (0.7, 0.8, 0.5, 401, 536),
        (0.7, 0.9, 0.1, 273, 365), (0.7, 0.9, 0.3, 119, 159),
    ]

    @Test("the sample sizes equal the scipy implementation's on a grid of null and true kappas and shares")
    func againstScipy() {
        for (null, truth, share, eighty, ninety) in Self.scipyGrid {
            let n80 = KappaSampleSize.goodnessOfFitRows(nullKappa: null, trueKappa: truth, positiveShare: share, alpha: 0.05, power: 0.8)
            let n90 = KappaSampleSize.goodnessOfFitRows(nullKappa: null, trueKappa: truth, positiveShare: share, alpha: 0.05, power: 0.9)
            #expect(n80 == eighty, "κ₀ \(null), κ₁ \(truth), π \(share)")
            #expect(n90 == ninety, "κ₀ \(null), κ₁ \(truth), π \(share)")
            // The cells are symmetric in π ↔ 1 − π.
            #expect(
                KappaSampleSize.goodnessOfFitRows(nullKappa: null, trueKappa: truth, positiveShare: 1 - share, alpha: 0.05, power: 0.8)
                    == eighty)
        }
    }

    /// kappaSize 1.2 (Rotondi), the rule's R implementation, run here.
    ///
    /// `PowerBinary(kappa0, kappa1, props, raters = 2,
    /// alpha = 0.05, power)` through benchmarks/r/kappasize_power_binary.R (R 4.2.2). It printed the scipy grid's sizes
    /// for every row with κ₀ > 0 (it refuses κ₀ = 0), and these two more, N = 106.8948 and 143.1054 at π 0.2, 73.2566
    /// and 98.0722 at π 0.5 (73.26, so 74, is also the output quoted in a public jamovi module's documentation).
    @Test("the sample sizes equal kappaSize's PowerBinary, run here, on its grid: 107/144 at π 0.2 and 74/99 at π 0.5 too")
    func againstKappaSize() {
        for (null, truth, share, eighty, ninety) in Self.scipyGrid + [(0.4, 0.7, 0.2, 107, 144), (0.4, 0.7, 0.5, 74, 99)] where null > 0 {
            #expect(
                KappaSampleSize.goodnessOfFitRows(nullKappa: null, trueKappa: truth, positiveShare: share, alpha: 0.05, power: 0.8)
                    == eighty)
            #expect(
                KappaSampleSize.goodnessOfFitRows(nullKappa: null, trueKappa: truth, positiveShare: share, alpha: 0.05, power: 0.9)
                    == ninety)
        }
    }

    @Test("no sample size where the rule has none: κ₁ = κ₀, κ₀ = 1, π outside (0, 1), cells that would be negative")
    func edgeCases() {
        let rows = { (k0: Double, k1: Double, p: Double) in
            KappaSampleSize.goodnessOfFitRows(nullKappa: k0, trueKappa: k1, positiveShare: p, alpha: 0.05, power: 0.8)
        }
        #expect(rows(0.6, 0.6, 0.5) == nil)
        #expect(rows(1, 0.8, 0.5) == nil)
        #expect(rows(0.4, 0.6, 0) == nil && rows(0.4, 0.6, 1) == nil)
        // π = 0.1 allows κ ≥ −0.1/0.9 only.
        #expect(rows(-0.2, 0.4, 0.1) == nil)
        #expect(rows(-0.1, 0.4, 0.1) != nil)
        #expect(rows(0.4, 1.01, 0.5) == nil)
    }
}
