import AgreementStatistics
import Foundation

/// How often each interval of quadratic kappa covers the true value on realistic skewed judge
/// tables: the analytic normal and t intervals (Fleiss–Cohen–Everitt SE) and the percentile and
/// BCa bootstraps of the table (multinomial over the cells, as `align --ci bootstrap` draws).
struct CoverageStudy {
    let replications: Int
    let resamples: Int
    let seed: UInt64

    func run() {
        print("Coverage of 95% intervals for quadratic kappa: \(replications) data sets per cell, \(resamples) resamples, seed \(seed)")
        print("")
        print("| judge's levels | true κ_q | n | analytic (normal) | t | percentile bootstrap | BCa bootstrap | no interval |")
        print("|---|---|---|---|---|---|---|---|")
        let families = [("skewed (3–4: 82%)", StudyTables.judge), ("harsh (3–4: 95%)", StudyTables.harshlySkewed)]
        let weights = AgreementWeights.quadratic.matrix(on: StudyTables.scale)
        for (f, (name, judge)) in families.enumerated() {
            for truth in [0.4, 0.6, 0.8] {
                guard let design = try? StudyTables.design(kappa: truth, judge: judge) else {
                    print("| \(name) | \(truth) | — | beyond the most agreement these margins allow | | | | |")
                    continue
                }
                for n in [50, 200] {
                    var generator = Xoshiro256StarStar(seed: StudyTables.seed(seed, [UInt64(f), UInt64(truth * 100), UInt64(n)]))
                    var covered = [0, 0, 0, 0]
                    var undefined = 0
                    for r in 0..<replications {
                        let table = StudyTables.draw(design, rows: n, generator: &generator)
                        let normal = CohenKappa(table, weights: .quadratic).kappa.interval
                        let t = CohenKappa(table, weights: .quadratic, interval: .studentT).kappa.interval
                        let boot = Bootstrap.table(table, resamples: resamples, seed: StudyTables.seed(seed, [UInt64(r), 7])) {
                            CohenKappa.value(of: $0, weights: weights)
                        }
                        let intervals = [normal, t, boot.percentileInterval, boot.bcaInterval]
                        if intervals.contains(where: { ci in ci.map { $0.upper <= $0.lower } ?? true }) { undefined += 1 }
                        for (i, ci) in intervals.enumerated() where ci.map({ $0.lower <= truth && truth <= $0.upper }) == true {
                            covered[i] += 1
                        }
                    }
                    let cells = covered.map { String(format: "%.1f%%", 100 * Double($0) / Double(replications)) }
                    print("| \(name) | \(truth) | \(n) | " + cells.joined(separator: " | ") + " | \(undefined) |")
                }
            }
        }
    }
}
