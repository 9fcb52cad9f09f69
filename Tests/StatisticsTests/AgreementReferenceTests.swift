import AgreementCoefficients
import DataFormats
import StatisticsCore
import Testing
import _TestSupport

/// What a statistic gave on a reference case: numbers, or undefined with its reason.
enum Outcome {
    case values([Double])
    case undefined(UndefinedReason?)

    init(_ estimate: Estimate) {
        if let v = estimate.value { self = .values([v]) } else { self = .undefined(estimate.undefinedReason) }
    }

    init(_ value: Double?) {
        if let value { self = .values([value]) } else { self = .undefined(nil) }
    }
}

@Suite("Agreement statistics against the reference vectors")
struct AgreementReferenceTests {
    static let statistics = [
        "cohen_kappa", "weighted_kappa_linear", "weighted_kappa_quadratic", "cohen_kappa_ase", "cohen_kappa_ci95",
        "cohen_kappa_ci95_high", "cohen_kappa_p_two_sided", "weighted_kappa_linear_ase", "weighted_kappa_linear_ci95_low",
        "weighted_kappa_linear_ci95_high", "weighted_kappa_linear_ase_h0", "weighted_kappa_quadratic_se", "krippendorff_alpha",
        "gwet_ac1", "gwet_ac2_quadratic", "gwet_ac2_linear", "fleiss_kappa", "fleiss_kappa_z", "fleiss_kappa_exact",
        "fleiss_kappa_per_category", "randolph_kappa", "percent_agreement", "confusion_matrix", "bootstrap_se_of_mean",
        "bootstrap_se_of_cohen_kappa", "bootstrap_fraction_undefined_kappa",
    ]
    static let cases = ReferenceVectors.all.filter { statistics.contains($0.statistic) }

    @Test("The vectors hold cases for every statistic this suite covers")
    func coverage() {
        let present = Set(Self.cases.map(\.statistic))
        #expect(present == Set(Self.statistics))
        #expect(Self.cases.count >= 75)
    }

    @Test("Each case matches its expected value within its tolerance", arguments: cases)
    func referenceCase(_ c: ReferenceCase) throws {
        let outcome = try Self.compute(c)
        if c.expected.isNull {
            guard case .undefined(let reason) = outcome else {
                Issue.record("\(c.id): expected undefined (\(c.expectedSpecial ?? "")), got \(outcome)")
                return
            }
            #expect(reason != nil, "\(c.id): an undefined result must say why")
            return
        }
        let expected =
            c.expected.array?.map { row in row.array?.compactMap(\.double) ?? [row.double].compactMap { $0 } }.flatMap { $0 }
            ?? [c.expected.double].compactMap { $0 }
        guard case .values(let got) = outcome else {
            Issue.record("\(c.id): undefined (\(outcome)), expected \(expected)")
            return
        }
        try #require(!expected.isEmpty, "\(c.id): the case expects no number, so it would check nothing")
        try #require(got.count == expected.count, "\(c.id): \(got.count) values for \(expected.count)")
        for (g, e) in zip(got, expected) {
            #expect(abs(g - e) <= c.tolerance, "\(c.id): \(g) vs \(e) (tolerance \(c.tolerance))")
        }
    }

    /// Computes the case's statistic the way the toolkit does by default.
    static func compute(_ c: ReferenceCase) throws -> Outcome {
        let observedIndex = ReferenceCase.observedIndexConvention.contains(c.id)
        switch c.statistic {
        case "cohen_kappa", "weighted_kappa_linear", "weighted_kappa_quadratic":
            return Outcome(CohenKappa(try c.contingencyTable(observedIndex: observedIndex), weights: c.weights).kappa)
        case "cohen_kappa_ase", "weighted_kappa_linear_ase", "weighted_kappa_quadratic_se":
            return Outcome(CohenKappa(try c.contingencyTable(), weights: c.weights).kappa.standardError)
        case "cohen_kappa_ci95_high", "weighted_kappa_linear_ci95_high":
            return Outcome(CohenKappa(try c.contingencyTable(), weights: c.weights).kappa.interval?.upper)
        case "weighted_kappa_linear_ci95_low":
            return Outcome(CohenKappa(try c.contingencyTable(), weights: c.weights).kappa.interval?.lower)
        case "cohen_kappa_ci95":
            let interval = CohenKappa(try c.contingencyTable(), weights: c.weights, quantile: .studentT).kappa.interval
            return interval.map { .values([$0.lower, $0.upper]) } ?? .undefined(nil)
        case "cohen_kappa_p_two_sided":
            return Outcome(CohenKappa(try c.contingencyTable(), weights: c.weights).pValue)
        case "weighted_kappa_linear_ase_h0":
            return Outcome(CohenKappa(try c.contingencyTable(), weights: c.weights).nullStandardError)
        case "krippendorff_alpha":
            let scale = try c.scale()
            return Outcome(
                try KrippendorffAlpha(unitsByRaters: c.unitsByRaters(on: scale), scale: scale, metric: Self.metric(c, scale: scale)).alpha)
        case "gwet_ac1", "gwet_ac2_quadratic", "gwet_ac2_linear":
            if c.data["table"] != nil || c.data["rater1"] != nil {
                return Outcome(GwetAgreementCoefficient(try c.contingencyTable(), weights: c.weights).coefficient)
            }
            return Outcome(GwetAgreementCoefficient(try c.unitCounts(), weights: c.weights).coefficient)
        case "fleiss_kappa":
            return Outcome(FleissKappa(try c.unitCounts()).coefficient)
        case "fleiss_kappa_z":
            return Outcome(FleissKappa(try c.unitCounts()).z)
        case "fleiss_kappa_exact":
            let scale = try c.scale()
            return Outcome(try FleissKappa.congerExact(unitsByRaters: c.unitsByRaters(on: scale), scale: scale))
        case "fleiss_kappa_per_category":
            let perCategory = FleissKappa(try c.unitCounts()).perCategory
            return .values(perCategory.compactMap(\.value))
        case "randolph_kappa":
            return Outcome(RandolphKappa.estimate(try c.unitCounts()))
        case "percent_agreement":
            if c.data["table"] != nil { return Outcome(PercentAgreement.exact(try c.contingencyTable())) }
            return Outcome(PercentAgreement.pairwise(try c.unitCounts()))
        case "confusion_matrix":
            return .values(try c.contingencyTable().rows.flatMap { $0.map(Double.init) })
        case "bootstrap_se_of_mean":
            let values = try #require(c.data["values"]?.doubles)
            let result = Bootstrap.items(count: values.count, resamples: 20_000, seed: 20_240_601, bca: false) { indices in
                indices.reduce(0) { $0 + values[$1] } / Double(indices.count)
            }
            return Outcome(result.standardError)
        case "bootstrap_se_of_cohen_kappa":
            let table = try c.contingencyTable()
            let w = AgreementWeights.unweighted.matrix(on: table.scale)
            return Outcome(Bootstrap.table(table, resamples: 20_000, seed: 7) { CohenKappa.value(of: $0, weights: w) }.standardError)
        case "bootstrap_fraction_undefined_kappa":
            let table = try c.contingencyTable()
            let w = AgreementWeights.unweighted.matrix(on: table.scale)
            return .values([Bootstrap.table(table, resamples: 20_000, seed: 11) { CohenKappa.value(of: $0, weights: w) }.undefinedFraction])
        default:
            Issue.record("no computation for \(c.statistic)")
            return .undefined(nil)
        }
    }

    /// The level of measurement a Krippendorff case names; irrCAC's "ordinal"
    /// weights are Gwet's weighted alpha with w_kl = 1 − C(|k−l|+1, 2)/C(q, 2).
    static func metric(_ c: ReferenceCase, scale: CategoryScale) -> KrippendorffAlpha.Metric {
        let level = c.params["level_of_measurement"]?.string ?? ""
        if level.hasPrefix("irrCAC") {
            let q = scale.count
            let binomial = { (m: Int) in Double(m * (m - 1) / 2) }
            let top = binomial(q)
            return .weighted(.custom((0..<q).map { k in (0..<q).map { l in 1 - binomial(abs(k - l) + 1) / top } }))
        }
        switch level {
        case "ordinal": return .ordinal
        case "interval": return .interval
        case "ratio": return .ratio
        default: return .nominal
        }
    }
}
