import Foundation

/// The benchmark's command line.
struct BenchmarkOptions {
    var sizes = [10_000, 1_000_000]
    var continuousSize = 1_000_000
    var repeats = 5
    var resamples = 2000
    var seed: UInt64 = 2026
    var dataDirectory: String?
    var json = false

    static let usage = """
        usage: AgreementBenchmarks [--sizes 10000,1000000] [--continuous 1000000] [--repeats 5]
                                   [--resamples 2000] [--seed 2026] [--data-dir DIR] [--json]

        Times the full alignment set (kappa ×3, ordinal alpha, AC2, Spearman, Kendall τ-b, each
        with a multinomial bootstrap interval) for 4 dimensions of 1–4 ratings at each size,
        reading the ratings from a CSV file, and Kendall's τ-b and Spearman's ρ on continuous
        scores. With --data-dir the generated data are written there as ratings-<rows>.csv and
        continuous-<rows>.csv, for the Python baseline to read the same numbers.
        """

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let v = rest.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return v
        }
        func integer(_ flag: String, _ text: String) throws -> Int {
            guard let n = Int(text.replacingOccurrences(of: "_", with: "")), n > 0 else {
                throw UsageError(description: "\(flag): \(text) is not a positive whole number")
            }
            return n
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--sizes": sizes = try value(flag).split(separator: ",").map { try integer(flag, String($0)) }
            case "--continuous": continuousSize = try integer(flag, try value(flag))
            case "--repeats": repeats = try integer(flag, try value(flag))
            case "--resamples": resamples = try integer(flag, try value(flag))
            case "--seed": seed = UInt64(try integer(flag, try value(flag)))
            case "--data-dir": dataDirectory = try value(flag)
            case "--json": json = true
            case "--help", "-h": throw UsageError(description: Self.usage)
            default: throw UsageError(description: "unknown option \(flag)\n\(Self.usage)")
            }
        }
    }
}
