/// The simulation's command line.
struct SimulationOptions {
    var replications = 1000
    var resamples = 1000
    var rows = 5000
    var labelled = [50, 200, 800]
    var seed: UInt64 = 2026
    var distribution = true
    /// The scales to simulate, by name ("binary", "1-4"); all when empty.
    var scales: [String] = []
    /// The package root whose `notebooks-data` holds HANNA, for the real-data check instead of the simulation.
    var hannaRoot: String?
    var seeds = 200

    static let usage = """
        usage: CorrectionSimulation [--replications 1000] [--resamples 1000] [--rows 5000]
                                    [--labelled 50,200,800] [--seed 2026] [--no-distribution]
                                    [--scales binary,1-4]
               CorrectionSimulation --hanna PACKAGE_ROOT [--seeds 200] [--labelled 100] [--seed 2026]

        The coverage study of issue #13 (docs/ESTIMATION.md): for judges of three qualities on a
        binary and a 1–4 scale, draws a run of --rows rows, labels the first n of them, and records
        how often each method's 95% interval covers the truth, its bias, its median width and the
        width ratio to the experts-only interval. --resamples is the number of posterior draws of the
        corrected level distribution (by judge level, and the matrix correction on request);
        --no-distribution leaves the level distribution out (it costs most of the time).
        --scales picks the scales to run (binary, 1-4; both by default), so a long study can be run
        in parts; every cell's seed depends only on its scale, judge, size and replication.
        Prints a Markdown table. With --hanna, runs the real-data check on HANNA instead: for each
        of five LLM judges and six criteria, --seeds random draws of --labelled stories (default 100)
        as labelled rows, against the crowd mean over all 960 stories.
        """

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let v = rest.popFirst() else {
                throw UsageError(description: "\(flag) needs a value\n\n\(Self.usage)")
            }
            return v
        }
        func integer(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let v = Int(text), v > 0 else {
                throw UsageError(description: "\(flag) takes a positive integer, not \(text)")
            }
            return v
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--replications": replications = try integer(flag)
            case "--resamples": resamples = try integer(flag)
            case "--rows": rows = try integer(flag)
            case "--seed":
                let text = try value(flag)
                guard let v = UInt64(text) else {
                    throw UsageError(description: "--seed takes a non-negative integer, not \(text)")
                }
                seed = v
            case "--labelled":
                let text = try value(flag)
                let sizes = text.split(separator: ",").compactMap { Int($0) }
                guard !sizes.isEmpty, sizes.count == text.split(separator: ",").count, sizes.allSatisfy({ $0 >= 10 })
                else {
                    throw UsageError(
                        description: "--labelled takes sizes of at least 10 separated by commas, not \(text)")
                }
                labelled = sizes
            case "--no-distribution": distribution = false
            case "--scales":
                let text = try value(flag)
                let names = text.split(separator: ",").map(String.init)
                guard !names.isEmpty, names.allSatisfy({ ["binary", "1-4"].contains($0) }) else {
                    throw UsageError(description: "--scales takes binary and/or 1-4 separated by commas, not \(text)")
                }
                scales = names
            case "--hanna": hannaRoot = try value(flag)
            case "--seeds": seeds = try integer(flag)
            case "--help", "-h": throw UsageError(description: Self.usage)
            default: throw UsageError(description: "unknown option \(flag)\n\n\(Self.usage)")
            }
        }
        if hannaRoot != nil, !arguments.contains("--labelled") { labelled = [100] }
        guard let largest = labelled.max(), largest < rows else {
            throw UsageError(description: "every labelled size must be below --rows (\(rows))")
        }
    }
}
