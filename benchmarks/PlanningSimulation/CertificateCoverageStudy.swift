import AgreementCoefficients
import CalibrationData
import Foundation
import RunInference
import StatisticsCore

/// How often a certificate's lower bound lies at or below the true agreement: the one-sided
/// coverage of the lower end of each interval `certify` could report on its sealed test rows, at
/// the test sizes a certificate is made on (issue #29: the sealed test is the last word, so its
/// lower bound must cover at 95% or more).
///
/// Design: the tables of ``StudyTables`` (the skewed and the harsh judge; true quadratic kappa 0.4,
/// 0.6 and, for the skewed judge, 0.8), test sizes 40–200; each cell draws `replications` test sets
/// and computes quadratic kappa's intervals as `align` and `certify` compute them, at each
/// `levels` (a two-sided 95% interval's lower end is a one-sided 97.5% bound nominally; a 90%
/// one's a 95% bound). Printed: per level and method, the share whose lower end is at or below the
/// truth, the lowest over the cells at each size.
struct CertificateCoverageStudy {
    let replications: Int
    let resamples: Int
    let seed: UInt64
    let sizes: [Int]
    let levels: [Double]

    func run() {
        print("One-sided coverage of the lower bound of quadratic kappa's intervals on sealed test rows:")
        print("\(replications) test sets per cell, \(resamples) resamples, seed \(seed)")
        print("")
        let statistic = AlignmentStatistic.quadraticKappa
        let cells: [(String, [Double], Double)] = [
            ("skewed", StudyTables.judge, 0.4), ("skewed", StudyTables.judge, 0.6), ("skewed", StudyTables.judge, 0.8),
            ("harsh", StudyTables.harshlySkewed, 0.4), ("harsh", StudyTables.harshlySkewed, 0.6),
        ]
        let names = VerdictCoverageStudy.methods.map { $0 == .bootstrap ? "percentile" : $0.rawValue }
        print("| level | judge's levels | true κ_q | n | " + names.joined(separator: " | ") + " |")
        print("|---|---|---|---|" + String(repeating: "---|", count: names.count))
        var lowest: [String: [Double?]] = [:]
        for level in levels {
            var request = statistic.agreementRequest(options: AlignmentSettings(), scale: StudyTables.scale)
            request.confidence = level
            guard let value = request.statistic.tableStatistic(for: request, scale: StudyTables.scale) else { continue }
            for (c, (name, judge, truth)) in cells.enumerated() {
                guard let design = try? StudyTables.design(kappa: truth, judge: judge),
                    let target = value(ContingencyTable(
                        scale: design.scale, counts: design.cells.map { Int(($0 * 1e9).rounded()) }, excludedPairs: 0))
                else { continue }
                for n in sizes {
                    let rates = VerdictCoverageStudy.rates(
                        request: request, value: value, design: design, rows: n, replications: replications, resamples: resamples,
                        seed: StudyTables.seed(seed, [UInt64(c), UInt64(n), UInt64(level * 1000), 43])
                    ) { $0.lower <= target }
                    let key = "\(level)|\(n)"
                    lowest[key] = zip(lowest[key] ?? rates.map { _ in nil }, rates).map { old, new in
                        guard let new else { return nil }
                        return min(old ?? new, new)
                    }
                    print("| \(Self.percent(level)) | \(name) | \(truth) | \(n) | "
                        + rates.map { $0.map(Self.percent) ?? "—" }.joined(separator: " | ") + " |")
                }
            }
        }
        print("")
        print("| level | n | lowest: " + names.joined(separator: " | ") + " |")
        print("|---|---|" + String(repeating: "---|", count: names.count))
        for level in levels {
            for n in sizes {
                let row = lowest["\(level)|\(n)"] ?? []
                print("| \(Self.percent(level)) | \(n) | " + row.map { $0.map(Self.percent) ?? "—" }.joined(separator: " | ") + " |")
            }
        }
    }

    static func percent(_ x: Double) -> String { String(format: "%.1f%%", 100 * x) }
}
