import Foundation
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// The cases `benchmarks/python/transport_audit_fixtures.py` wrote (`Resources/transport-audit-fixtures.json`)
/// from cje-eval 0.9.3's transport audit and audit planner, and SciPy.
enum TransportAuditFixtures {
    struct Audit: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var calibrated: [Double]
        var expert: [Double]
        var weights: [Double]?
        var margin: Double?
        var alpha: Double
        var familySize: Int
        var status: String
        var meanResidual: Double
        var standardError: Double
        var lower: Double
        var upper: Double
        var effectiveRows: Double
        var smallestMarginPassed: Double
        var detectableBias: Double
        var binMeans: [Double?]
        var binCounts: [Int]
        var testDescription: String { name }
    }

    struct Probability: Decodable, Sendable {
        var rows: Int
        var residualSD: Double
        var bias: Double
        var margin: Double
        var alpha: Double
        var pass: Double?
        var fail: Double
        var simulated: Double?
    }

    struct Plan: Decodable, Sendable, CustomTestStringConvertible {
        var residualSD: Double
        var bias: Double
        var margin: Double
        var power: Double
        var alpha: Double
        var rowsNeeded: Int?
        var testDescription: String { "σ \(residualSD), bias \(bias), margin \(margin), power \(power)" }
    }

    struct ChiSquare: Decodable, Sendable {
        var x: Double
        var degrees: Double
        var cdf: Double
    }

    struct File: Decodable {
        var audits: [Audit]
        var probabilities: [Probability]
        var simulated: [Probability]
        var plans: [Plan]
        var chiSquare: [ChiSquare]
    }

    static let file: File = {
        let url = SharedData.projectURL("Tests/StatisticsTests/Resources/transport-audit-fixtures.json")
        do {
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            return try decoder.decode(File.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

@Suite("The transport audit and its planner against cje-eval")
struct TransportAuditReferenceTests {
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-10) -> Bool {
        a == b || abs(a - b) <= tolerance * max(1, abs(b))
    }

    static let outcomes: [String: TransportAudit.Outcome] = ["PASS": .pass, "FAIL": .fail, "INCONCLUSIVE": .notEnough, "NOT_GRADED": .notGraded]

    @Test("40 audits: the mean residual, its interval, the effective rows, the outcome and the bins equal CJE's", arguments: TransportAuditFixtures.file.audits)
    func audit(_ c: TransportAuditFixtures.Audit) throws {
        let rows = c.calibrated.indices.map { TransportAudit.Row(calibrated: c.calibrated[$0], expert: c.expert[$0], weight: c.weights?[$0] ?? 1) }
        let audit = try TransportAudit(rows: rows, margin: c.margin, alpha: c.alpha, familySize: c.familySize)
        #expect(audit.outcome == Self.outcomes[c.status])
        #expect(Self.close(audit.meanResidual, c.meanResidual) && Self.close(audit.effectiveRows, c.effectiveRows))
        #expect(Self.close(audit.standardError, c.standardError), "SE \(audit.standardError) against \(c.standardError)")
        #expect(Self.close(audit.lower, c.lower) && Self.close(audit.upper, c.upper), "[\(audit.lower), \(audit.upper)] against [\(c.lower), \(c.upper)]")
        #expect(Self.close(audit.smallestMarginPassed, c.smallestMarginPassed) && Self.close(audit.detectableBias, c.detectableBias))
        #expect(audit.bins.map(\.rows) == c.binCounts)
        #expect(zip(audit.bins.map(\.meanResidual), c.binMeans).allSatisfy { a, b in a == nil ? b == nil : b.map { Self.close(a!, $0) } ?? false })
    }

    @Test("Every outcome is among the cases")
    func outcomesCovered() {
        #expect(Set(TransportAuditFixtures.file.audits.map(\.status)) == Set(Self.outcomes.keys))
    }

    @Test("The chance of a pass equals CJE's planner, and of a fail SciPy's quadrature of the same model, within 1e-7")
    func probabilities() {
        for p in TransportAuditFixtures.file.probabilities {
            let pass = TransportAuditPlan.probability(of: .pass, rows: p.rows, residualSD: p.residualSD, bias: p.bias, margin: p.margin, alpha: p.alpha)
            let fail = TransportAuditPlan.probability(of: .fail, rows: p.rows, residualSD: p.residualSD, bias: p.bias, margin: p.margin, alpha: p.alpha)
            #expect(abs(pass - (p.pass ?? .nan)) <= 1e-7, "pass at \(p): \(pass)")
            #expect(abs(fail - p.fail) <= 1e-7, "fail at \(p): \(fail)")
        }
    }

    @Test("The chance of a fail agrees with 200,000 simulated audits (within 4 standard errors)")
    func simulated() throws {
        for p in TransportAuditFixtures.file.simulated {
            let fail = TransportAuditPlan.probability(of: .fail, rows: p.rows, residualSD: p.residualSD, bias: p.bias, margin: p.margin, alpha: p.alpha)
            let simulated = try #require(p.simulated)
            #expect(abs(fail - simulated) <= 4 * (simulated * (1 - simulated) / 200_000).squareRoot(), "\(fail) against \(simulated)")
        }
    }

    @Test("The rows a pass needs equal CJE's plan, none when the bias is at or past the margin", arguments: TransportAuditFixtures.file.plans)
    func plan(_ c: TransportAuditFixtures.Plan) {
        #expect(
            TransportAuditPlan.rowsNeeded(for: .pass, power: c.power, residualSD: c.residualSD, bias: c.bias, margin: c.margin, alpha: c.alpha)
                == c.rowsNeeded)
    }

    @Test("The rows a fail needs: the chance reaches the power there and not one row before")
    func failPlan() throws {
        let n = try #require(TransportAuditPlan.rowsNeeded(for: .fail, power: 0.9, residualSD: 0.8, bias: 0.6, margin: 0.3, alpha: 0.05))
        let chance = { TransportAuditPlan.probability(of: .fail, rows: $0, residualSD: 0.8, bias: 0.6, margin: 0.3, alpha: 0.05) }
        #expect(chance(n) >= 0.9 && chance(n - 1) < 0.9, "\(n): \(chance(n)), \(chance(n - 1))")
        #expect(TransportAuditPlan.rowsNeeded(for: .fail, power: 0.9, residualSD: 0.8, bias: 0.3, margin: 0.3, alpha: 0.05) == nil)
    }

    @Test("With the map's own error τ, the chance equals 20,000 simulated audits of maps whose bias is drawn about b; unreachable powers plan nothing")
    func mapError() throws {
        let (sigma, tau, margin, n) = (0.8, 0.1, 0.3, 60)
        for (goal, bias) in [(TransportAuditPlan.Goal.pass, 0.0), (.fail, 0.55)] {
            var rng = Xoshiro256StarStar(seed: 31)
            var reached = 0
            let replications = 20_000
            for _ in 0..<replications {
                let shift = bias + tau * rng.nextNormal()
                let rows = (0..<n).map { _ in TransportAudit.Row(calibrated: 0, expert: shift + sigma * rng.nextNormal()) }
                let outcome = try TransportAudit(rows: rows, margin: margin, alpha: 0.05, minimumEffectiveRows: 2).outcome
                if outcome.rawValue == goal.rawValue { reached += 1 }
            }
            let simulated = Double(reached) / Double(replications)
            let planned = TransportAuditPlan.probability(
                of: goal, rows: n, residualSD: sigma, bias: bias, mapSD: tau, margin: margin, alpha: 0.05)
            let plain = TransportAuditPlan.probability(of: goal, rows: n, residualSD: sigma, bias: bias, margin: margin, alpha: 0.05)
            #expect(abs(planned - simulated) <= 4 * (simulated * (1 - simulated) / Double(replications)).squareRoot(), "\(goal): \(planned) against \(simulated)")
            #expect(planned < plain, "the map's error lowers the chance: \(planned) against \(plain)")
            #expect(TransportAuditPlan.probability(of: goal, rows: n, residualSD: sigma, bias: bias, mapSD: 0, margin: margin, alpha: 0.05) == plain)
        }
        let withError = try #require(TransportAuditPlan.rowsNeeded(for: .pass, power: 0.8, residualSD: 0.8, bias: 0, mapSD: 0.06, margin: 0.3, alpha: 0.05))
        let without = try #require(TransportAuditPlan.rowsNeeded(for: .pass, power: 0.8, residualSD: 0.8, bias: 0, margin: 0.3, alpha: 0.05))
        #expect(withError > without)
        // With unlimited rows a pass happens when |b + τu| ≤ δ: Φ(1) − Φ(−1) ≈ 0.683 at τ = δ, short of 0.8.
        #expect(TransportAuditPlan.rowsNeeded(for: .pass, power: 0.8, residualSD: 0.8, bias: 0, mapSD: 0.3, margin: 0.3, alpha: 0.05) == nil)
    }

    @Test("τ = σ/√n is the spread of a fitted map's mean error over fits on fresh draws of n rows (within 10%)")
    func mapErrorOfAFit() throws {
        // Experts Y = Q + N(0, 0.5²) on a latent Q ~ U(1, 5); the judge S = round(Q + N(0, 0.6²)) clipped to 1…5. Each
        // draw of 300 rows fits a map; its error is the mean of its values over 100,000 rows of the population minus
        // their experts' mean (the same 100,000 rows for every fit).
        var rng = Xoshiro256StarStar(seed: 41)
        func row() -> CrossFittedMap.Row {
            let q = 1 + 4 * rng.nextUniform()
            return CrossFittedMap.Row(id: "", score: min(5, max(1, (q + 0.6 * rng.nextNormal()).rounded())), target: q + 0.5 * rng.nextNormal())
        }
        let population = (0..<100_000).map { _ in row() }
        let levels = Dictionary(grouping: population, by: \.score).mapValues(\.count)
        let truth = population.reduce(0) { $0 + $1.target } / Double(population.count)
        let (fits, n) = (400, 300)
        var errors: [Double] = [], planned: [Double] = []
        for _ in 0..<fits {
            let rows = (0..<n).map { i in var r = row(); r.id = "r\(i)"; return r }
            let map = try CrossFittedMap(rows: rows, folds: 5, seed: 0, bounds: 1...5)
            let mean = try levels.reduce(0.0) { $0 + Double($1.value) * (try map.predict($1.key)) } / Double(population.count)
            errors.append(mean - truth)
            let oof = rows.map { $0.target - (map.outOfFold[$0.id] ?? .nan) }
            planned.append(TransportAuditPlan.mapSD(residualSD: (oof.reduce(0) { $0 + $1 * $1 } / Double(n)).squareRoot(), rows: n))
        }
        let average = errors.reduce(0, +) / Double(fits)
        let spread = (errors.reduce(0) { $0 + ($1 - average) * ($1 - average) } / Double(fits - 1)).squareRoot()
        let tau = planned.reduce(0, +) / Double(fits)
        // The SD of 400 errors is itself off by about 1/√800 ≈ 3.5%.
        #expect(abs(tau / spread - 1) < 0.10, "τ \(tau) against the spread \(spread)")
        #expect(TransportAuditPlan.mapSD(residualSD: 0.8, rows: 400) == 0.04)
    }

    @Test("σ′ for a shift on a share of the rows is the spread of residuals so moved")
    func shiftOnAShare() {
        var rng = Xoshiro256StarStar(seed: 43)
        let (sigma, shift, share, count) = (0.7, 0.3, 0.25, 400_000)
        // A mean shift of 0.3 on a quarter of the rows: those rows move by 1.2.
        let residuals = (0..<count).map { _ in sigma * rng.nextNormal() + (rng.nextUniform() < share ? shift / share : 0) }
        let mean = residuals.reduce(0, +) / Double(count)
        let spread = (residuals.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(count - 1)).squareRoot()
        let planned = TransportAuditPlan.residualSD(sigma, shift: shift, share: share)
        #expect(abs(mean - shift) < 0.01 && abs(planned - spread) < 0.005, "σ′ \(planned) against \(spread), mean \(mean)")
        #expect(TransportAuditPlan.residualSD(sigma, shift: shift, share: 1) == sigma)
        // It asks more rows to fail than the same shift on every row.
        let wide = TransportAuditPlan.rowsNeeded(for: .fail, power: 0.9, residualSD: planned, bias: shift, margin: 0.1, alpha: 0.05, minimumRows: 2)
        let even = TransportAuditPlan.rowsNeeded(for: .fail, power: 0.9, residualSD: sigma, bias: shift, margin: 0.1, alpha: 0.05, minimumRows: 2)
        #expect((wide ?? 0) > (even ?? .max), "\(String(describing: wide)) against \(String(describing: even))")
    }

    @Test("χ² distribution function against SciPy's chi2.cdf within 1e-13")
    func chiSquare() {
        for c in TransportAuditFixtures.file.chiSquare {
            let value = ChiSquareDistribution.cdf(c.x, degreesOfFreedom: c.degrees)
            #expect(abs(value - c.cdf) <= 1e-13 * max(1e-3, c.cdf) || abs(value - c.cdf) <= 1e-15, "χ²(\(c.degrees)) at \(c.x): \(value) against \(c.cdf)")
        }
    }

    @Test("No rows, a value not finite, a weight not positive, a margin not positive: refused, named")
    func refused() {
        #expect(throws: TransportAudit.Failure.noRows) { try TransportAudit(rows: [], margin: 0.2) }
        #expect(throws: TransportAudit.Failure.notFinite(row: 2)) {
            try TransportAudit(rows: [.init(calibrated: 1, expert: 1), .init(calibrated: .nan, expert: 1)], margin: 0.2)
        }
        #expect(throws: TransportAudit.Failure.weight(row: 1)) { try TransportAudit(rows: [.init(calibrated: 1, expert: 1, weight: 0)], margin: 0.2) }
        #expect(throws: TransportAudit.Failure.level("the margin", -1)) { try TransportAudit(rows: [.init(calibrated: 1, expert: 1)], margin: -1) }
    }
}
