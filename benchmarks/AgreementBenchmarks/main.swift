import AgreementCoefficients
import RatingsAgreement
import DataFormats
import Foundation
import StatisticsCore

/// What one size measured, for the table and for `--json`.
struct SizeReport: Codable {
    var rows: Int
    /// Building the 4 tables from in-memory `[Double?]` columns (one pass).
    var buildTables: Timing
    /// Point estimates and bootstrap intervals of the full set, from the tables.
    var alignmentSet: Timing
    /// The two together, per repeat: from in-memory columns to every interval.
    var total: Timing
    /// From in-memory columns to the point estimates alone (tables, then the seven statistics).
    var pointEstimates: Timing
    /// Reading the CSV file into columns, apart from the above.
    var readCSV: Timing?
    var dimensions: [AlignmentSet]
}

/// Kendall's τ-b and Spearman's ρ on continuous scores, O(N log N).
struct ContinuousReport: Codable {
    var rows: Int
    var kendallTauB: Timing
    var spearman: Timing
    var kendallValue: Double?
    var spearmanValue: Double?
}

struct BenchmarkReport: Codable {
    var stack = "swift"
    var resamples: Int
    var bootstrap = "multinomial over the k×k cells (Bootstrap.table), percentile interval"
    var processors = ProcessInfo.processInfo.activeProcessorCount
    var loadBefore: [Double]
    var loadAfter: [Double] = []
    var sizes: [SizeReport] = []
    var continuous: ContinuousReport?
}

func write(_ text: String, to directory: String?, name: String) throws -> URL? {
    guard let directory else { return nil }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
}

func measureSize(_ rows: Int, options: BenchmarkOptions) throws -> SizeReport {
    let data = SyntheticRatings(count: rows, seed: options.seed &+ UInt64(rows))
    let file = try write(data.csv(), to: options.dataDirectory, name: "ratings-\(rows).csv")
    let scale = SyntheticRatings.scale
    var build: [Double] = []
    var set: [Double] = []
    var dimensions: [AlignmentSet] = []
    func alignmentSets(resamples: Int) throws -> (tables: Duration, sets: Duration, [AlignmentSet]) {
        let start = ContinuousClock.now
        let tables = try data.expert.indices.map { try ContingencyTable(scale: scale, first: data.expert[$0], second: data.judge[$0]) }
        let built = ContinuousClock.now
        let sets = tables.enumerated().map { d, table in
            AlignmentSet(
                dimension: SyntheticRatings.dimensions[d], table: table, resamples: resamples, seed: options.seed &+ UInt64(10 * d))
        }
        return (built - start, ContinuousClock.now - built, sets)
    }
    for _ in 0..<options.repeats {
        let (tables, sets, result) = try alignmentSets(resamples: options.resamples)
        build.append(Timing.seconds(tables))
        set.append(Timing.seconds(sets))
        dimensions = result
    }
    let points = try (0..<options.repeats).map { _ in
        let (tables, sets, _) = try alignmentSets(resamples: 0)
        return Timing.seconds(tables + sets)
    }
    var readCSV: Timing?
    if let file {
        // The project's own CSV reader into a whole table, then one rating column read by `RatingCell`
        // (`judgecal agreement` streams instead: benchmarks/end-to-end.sh times that).
        let (timing, column) = try Timing.measure(repeats: options.repeats) { () throws -> [Double?] in
            let table = try CSVReader().read(try InputFile.read(file), file: file.path)
            let index = try table.requireColumn(named: "judge_usefulness")
            let cell = RatingCell(scale: nil)
            return try (0..<table.rowCount).map { try cell.value(table[$0, index]) }
        }
        guard column == data.judge[3] else { throw ReadBackMismatch(file: file.path) }
        readCSV = timing
    }
    return SizeReport(
        rows: rows, buildTables: Timing(build), alignmentSet: Timing(set), total: Timing(zip(build, set).map { $0 + $1 }),
        pointEstimates: Timing(points),
        readCSV: readCSV, dimensions: dimensions)
}

func measureContinuous(options: BenchmarkOptions) throws -> ContinuousReport {
    let rows = options.continuousSize
    let scores = ContinuousScores(count: rows, seed: options.seed &+ 7)
    _ = try write(scores.csv(), to: options.dataDirectory, name: "continuous-\(rows).csv")
    let (kendall, tau) = try Timing.measure(repeats: options.repeats) { try Correlation.kendallTauB(scores.expert, scores.judge) }
    let (spearman, rho) = try Timing.measure(repeats: options.repeats) { try Correlation.spearman(scores.expert, scores.judge) }
    return ContinuousReport(rows: rows, kendallTauB: kendall, spearman: spearman, kendallValue: tau.value, spearmanValue: rho.value)
}

/// The file read back does not hold the ratings that were written.
struct ReadBackMismatch: Error, CustomStringConvertible {
    var file: String
    var description: String { "\(file): the ratings read back differ from those written" }
}

func printTable(_ report: BenchmarkReport) {
    func ms(_ t: Timing?) -> String {
        guard let t else { return "—" }
        return String(format: "%10.2f ms (%.2f–%.2f)", t.median * 1000, t.minimum * 1000, t.maximum * 1000)
    }
    print("Swift agreement benchmark: \(report.resamples) resamples, \(report.processors) processors, load \(report.loadBefore)")
    for size in report.sizes {
        print("\n\(size.rows) rows × \(size.dimensions.count) dimensions (median of \(size.total.repeats), min–max)")
        print("  build tables from [Double?]   \(ms(size.buildTables))")
        print("  full set + bootstrap          \(ms(size.alignmentSet))")
        print("  total from in-memory columns  \(ms(size.total))")
        print("  point estimates alone         \(ms(size.pointEstimates))")
        print("  read the CSV file             \(ms(size.readCSV))")
        for d in size.dimensions {
            let values = d.statistics.map { s in
                s.estimate.map { String(format: "%@ %.4f [%.4f, %.4f]", s.name, $0, s.lower ?? .nan, s.upper ?? .nan) }
                    ?? "\(s.name) undefined"
            }
            print("  \(d.dimension) (n \(d.pairs), excluded \(d.excludedPairs)): " + values.joined(separator: "; "))
        }
    }
    if report.sizes.count >= 2, let first = report.sizes.first, let last = report.sizes.last {
        print(String(format: "\ntotal at %d rows / total at %d rows: %.2f×", last.rows, first.rows, last.total.median / first.total.median))
    }
    if let c = report.continuous {
        print("\ncontinuous scores, \(c.rows) pairs")
        print("  Kendall τ-b (O(N log N))      \(ms(c.kendallTauB))  τ = \(c.kendallValue.map { String($0) } ?? "undefined")")
        print("  Spearman ρ                    \(ms(c.spearman))  ρ = \(c.spearmanValue.map { String($0) } ?? "undefined")")
    }
    print("\nload after: \(report.loadAfter)")
}

do {
    let options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    var report = BenchmarkReport(resamples: options.resamples, loadBefore: loadAverages())
    for rows in options.sizes { report.sizes.append(try measureSize(rows, options: options)) }
    report.continuous = try measureContinuous(options: options)
    report.loadAfter = loadAverages()
    if options.json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    } else {
        printTable(report)
    }
} catch let error as BenchmarkOptions.UsageError {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("AgreementBenchmarks: \(error)\n".utf8))
    exit(1)
}
