import AgreementCoefficients
import CalibrationData
import Foundation
import RunInference
import StatisticsCore

/// How often each interval a verdict statistic offers covers its true value on the skewed judge
/// tables of ``StudyTables``: every statistic `align --statistic` takes, each interval computed as
/// `align` computes it (the catalogue's request for the statistic; the bootstrap over the cells of
/// the table). The true value is the statistic of the population table (its proportions counted
/// as 10⁹ rows). The table printed is the one docs/PLANNING.md publishes with each statistic's
/// default interval (``AlignmentStatistic/defaultInterval``).
struct VerdictCoverageStudy {
    let replications: Int
    let resamples: Int
    let seed: UInt64
    /// The label-set sizes and the statistics studied (all by default), so that a run can be split.
    let sizes: [Int]
    let statistics: [AlignmentStatistic]
    static let methods: [IntervalMethod] = [.analytic, .t, .bootstrap, .bca]

    func run() {
        print("Coverage of 95% intervals per verdict statistic: \(replications) data sets per cell, \(resamples) resamples, seed \(seed)")
        print("")
        print("| statistic | judge's levels | true κ_q | true value | n | analytic | t | percentile bootstrap | BCa bootstrap |")
        print("|---|---|---|---|---|---|---|---|---|")
        let families = [("skewed", StudyTables.judge), ("harsh", StudyTables.harshlySkewed)]
        for statistic in statistics {
            let request = statistic.agreementRequest(options: AlignmentSettings(), scale: StudyTables.scale)
            guard let value = request.statistic.tableStatistic(for: request, scale: StudyTables.scale) else { continue }
            var worstAtFifty = [Double?](repeating: nil, count: Self.methods.count)
            for (f, (name, judge)) in families.enumerated() {
                for truth in [0.4, 0.6, 0.8] {
                    guard let design = try? StudyTables.design(kappa: truth, judge: judge),
                        let target = value(ContingencyTable(
                            scale: design.scale, counts: design.cells.map { Int(($0 * 1e9).rounded()) }, excludedPairs: 0))
                    else { continue }
                    for n in sizes {
                        let rates = coverage(statistic, request: request, value: value, design: design, target: target, rows: n,
                            seed: StudyTables.seed(seed, [UInt64(f), UInt64(truth * 100), UInt64(n), 41]))
                        if n == 50 { for i in rates.indices { if let r = rates[i] { worstAtFifty[i] = min(worstAtFifty[i] ?? r, r) } } }
                        let cells = rates.map { $0.map { String(format: "%.1f%%", 100 * $0) } ?? "—" }
                        print("| \(statistic.rawValue) | \(name) | \(truth) | \(String(format: "%.3f", target)) | \(n) | "
                            + cells.joined(separator: " | ") + " |")
                    }
                }
            }
            guard sizes.contains(50) else { continue }
            let worst = zip(Self.methods, worstAtFifty).map { "\($0.rawValue) \($1.map { String(format: "%.1f%%", 100 * $0) } ?? "—")" }
            print("| \(statistic.rawValue) | lowest coverage at n = 50 | | | | " + worst.joined(separator: ", ") + " | | | |")
        }
    }

    /// The coverage of each of ``methods`` (nil where the statistic does not offer it).
    func coverage(
        _ statistic: AlignmentStatistic, request: AgreementRequest, value: @escaping @Sendable (ContingencyTable) -> Double?,
        design: AgreementDesign, target: Double, rows: Int, seed: UInt64
    ) -> [Double?] {
        Self.rates(
            request: request, value: value, design: design, rows: rows, replications: replications, resamples: resamples, seed: seed
        ) { $0.lower <= target && target <= $0.upper }
    }

    /// The share of `replications` label sets of `rows` rows drawn from `design` whose interval by each of
    /// ``methods`` (computed as `align` computes it) satisfies `counts`; nil where the statistic does not offer it.
    static func rates(
        request: AgreementRequest, value: @escaping @Sendable (ContingencyTable) -> Double?, design: AgreementDesign, rows: Int,
        replications: Int, resamples: Int, seed: UInt64, counts: (ConfidenceInterval) -> Bool
    ) -> [Double?] {
        var generator = Xoshiro256StarStar(seed: seed)
        let offered = methods.map { request.statistic.intervals.contains($0) }
        var counted = [Int](repeating: 0, count: methods.count)
        let k = design.scale.count
        for r in 0..<replications {
            let table = StudyTables.draw(design, rows: rows, generator: &generator)
            var first: [Double?] = []
            var second: [Double?] = []
            for (c, count) in table.counts.enumerated() where count > 0 {
                first += Array(repeating: Double(c / k + 1), count: count)
                second += Array(repeating: Double(c % k + 1), count: count)
            }
            var intervals = [ConfidenceInterval?](repeating: nil, count: methods.count)
            for (i, method) in methods.enumerated().prefix(2) where offered[i] {
                var asked = request
                asked.interval = method
                let ratings = try? RaterRatings(raters: ["expert", "judge"], ratings: [first, second])
                intervals[i] = ratings.flatMap { try? request.statistic.measurements(of: $0, request: asked).first?.estimate.interval }
            }
            if offered[2] {
                let boot = Bootstrap.table(
                    table, resamples: resamples, level: request.confidence, seed: StudyTables.seed(seed, [UInt64(r), 7]), statistic: value)
                (intervals[2], intervals[3]) = (boot.percentileInterval, boot.bcaInterval)
            }
            for (i, ci) in intervals.enumerated() where ci.map(counts) == true { counted[i] += 1 }
        }
        return counted.indices.map { offered[$0] ? Double(counted[$0]) / Double(replications) : nil }
    }
}
