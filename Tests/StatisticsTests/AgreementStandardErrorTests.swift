import AgreementCoefficients
import StatisticsCore
import Testing
import _TestSupport

/// Standard errors and intervals that R irrCAC prints for the reference
/// vectors' data sets (quoted in each case's `source`), which the vectors do not
/// list as separate statistics.
@Suite("Standard errors and intervals against irrCAC's printed output")
struct AgreementStandardErrorTests {
    static func reference(_ id: String) throws -> ReferenceCase {
        try #require(ReferenceVectors.all.first { $0.id == id }, "no case \(id)")
    }

    @Test("Gwet's two-rater SE: AC1 0.04321747 and AC2 (quadratic) 0.01792019 on cont3x3abstractors")
    func gwetTableStandardErrors() throws {
        let table = try Self.reference("gwet_ac1_cont3x3abstractors").contingencyTable()
        let ac1 = GwetAgreementCoefficient(table).coefficient
        let ac2 = GwetAgreementCoefficient(table, weights: .quadratic).coefficient
        #expect(abs((ac1.standardError ?? .nan) - 0.04321747) < 5e-9)
        #expect(abs((ac2.standardError ?? .nan) - 0.01792019) < 5e-9)
        // irrCAC's interval is t-based: AC1 (0.764, 0.935).
        let t = try #require(GwetAgreementCoefficient(table, quantile: .studentT).coefficient.interval)
        #expect(abs(t.lower - 0.764) < 5e-4 && abs(t.upper - 0.935) < 5e-4)
    }

    @Test("Multi-rater SEs: AC1 0.08418757 and Fleiss 0.08119291 on distrib.6raters; Fleiss 0.15302 on cac.raw4raters")
    func multiRaterStandardErrors() throws {
        let distrib = try Self.reference("fleiss_kappa_distrib6raters").unitCounts()
        let ac1 = GwetAgreementCoefficient(distrib)
        #expect(abs((ac1.coefficient.standardError ?? .nan) - 0.08418757) < 5e-9)
        #expect(abs((ac1.observedAgreement ?? .nan) - 0.5511111) < 5e-8)
        #expect(abs((ac1.chanceAgreement ?? .nan) - 0.1914815) < 5e-8)
        let fleiss = FleissKappa(distrib)
        #expect(abs((fleiss.coefficient.standardError ?? .nan) - 0.08119291) < 5e-9)
        #expect(abs((fleiss.chanceAgreement ?? .nan) - 0.2340741) < 5e-8)
        let raw = FleissKappa(try Self.reference("fleiss_kappa_raw4raters_missing_gwet").unitCounts())
        #expect(abs((raw.coefficient.standardError ?? .nan) - 0.15302) < 5e-6)
        #expect(abs((raw.chanceAgreement ?? .nan) - 0.2387153) < 5e-8)
        #expect(raw.z == nil && raw.perCategory.isEmpty)  // unequal raters per unit: no H0 test
        let diagnoses = FleissKappa(try Self.reference("fleiss_kappa_fleiss1971_diagnoses").unitCounts())
        #expect(abs((diagnoses.coefficient.standardError ?? .nan) - 0.0541989) < 5e-8)
        #expect(abs((diagnoses.nullStandardError ?? .nan) - 0.024373932101657315) < 1e-10)  // κ / z as R irr prints them
    }

    @Test("Kappa's t(n − 1) interval: linear 0.748–0.938 on cont3x3abstractors, unweighted 0.341–0.522 on cont4x4diagnosis")
    func kappaTIntervals() throws {
        let abstractors = try Self.reference("weighted_kappa_linear_gwet_cont3x3abstractors").contingencyTable()
        let linear = try #require(CohenKappa(abstractors, weights: .linear, quantile: .studentT).kappa.interval)
        #expect(abs(linear.lower - 0.748) < 5e-4 && abs(linear.upper - 0.938) < 5e-4)
        let diagnosis = try Self.reference("cohen_kappa_gwet_cont4x4diagnosis").contingencyTable()
        let kappa = CohenKappa(diagnosis, quantile: .studentT).kappa
        let interval = try #require(kappa.interval)
        #expect(abs((kappa.standardError ?? .nan) - 0.046) < 5e-4)
        #expect(abs(interval.lower - 0.341) < 5e-4 && abs(interval.upper - 0.522) < 5e-4)
    }

    @Test("Kappa's z test uses the H0 SE (0.1484 on the SAS table), never the interval's SE (0.1380)")
    func kappaNullStandardError() throws {
        let sas = try Self.reference("cohen_kappa_sas_table10_ase").contingencyTable()
        let kappa = CohenKappa(sas)
        #expect(abs((kappa.nullStandardError ?? .nan) - 0.1484) < 5e-5)
        #expect(abs((kappa.z ?? .nan) - (kappa.kappa.value ?? .nan) / (kappa.nullStandardError ?? .nan)) < 1e-15)
        #expect(abs((kappa.kappa.standardError ?? .nan) - 0.1380) < 5e-5)
    }
}
