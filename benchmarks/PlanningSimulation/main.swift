import CalibrationData
import Foundation

// The planning studies of issue #14; design and results in docs/PLANNING.md. Seeded: the same
// arguments print the same tables.
//
//   PlanningSimulation verdict-coverage [--replications R] [--resamples B] [--seed S] [--sizes 50,200]
//                                       [--statistics quadratic-kappa,…]
//   PlanningSimulation sequential [--replications R] [--seed S]
//   PlanningSimulation certificate-coverage [--replications R] [--resamples B] [--seed S] [--sizes 40,50,80,100,150,200]

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String, default value: Int) -> Int {
    guard let i = arguments.firstIndex(of: "--\(name)"), i + 1 < arguments.count, let v = Int(arguments[i + 1]) else { return value }
    return v
}

func text(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: "--\(name)"), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

let seed = UInt64(option("seed", default: 14))
switch arguments.first {
case "verdict-coverage":
    let sizes = text("sizes").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [50, 200]
    let statistics = text("statistics").map { $0.split(separator: ",").compactMap { AlignmentStatistic(rawValue: String($0)) } }
    VerdictCoverageStudy(
        replications: option("replications", default: 500), resamples: option("resamples", default: 1000), seed: seed, sizes: sizes,
        statistics: statistics ?? AlignmentStatistic.allCases
    ).run()
case "certificate-coverage":
    let sizes = text("sizes").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [40, 50, 80, 100, 150, 200]
    CertificateCoverageStudy(
        replications: option("replications", default: 500), resamples: option("resamples", default: 1000), seed: seed, sizes: sizes,
        levels: [0.95, 0.99]
    ).run()
case "sequential":
    SequentialStudy(replications: option("replications", default: 500), seed: seed).run()
default:
    FileHandle.standardError.write(
        Data("usage: PlanningSimulation verdict-coverage|sequential|certificate-coverage [--replications R] [--resamples B] [--seed S]\n".utf8))
    exit(2)
}
