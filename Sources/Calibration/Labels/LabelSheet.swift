import AgreementStatistics
public import DataFormats
import EvaluationCore
public import Foundation
public import Judging

/// A blank label sheet for experts, drawn from a run: what `judgecal extract` writes.
///
/// The columns are `id`, one empty column per rubric dimension (its name in
/// lower case), `rater`, `note`, then the context columns the expert reads.
/// The sheet is **blinded**: it never carries a judge's score. By default the
/// context is every top-level field of the row's `input` and `response`
/// (`input` and `response` themselves when they are not objects), as
/// ``JSONValue/plainText``, except that a list of plain values reads as
/// `fantasy, cartography, lyrical`; `metadata`, where a judge's scores live, is never
/// included unless asked for by path. A context column is headed by the last
/// component of its path (`input.review` → `review`) unless that name is
/// taken, then by the whole path.
///
/// **Sampling.** `sample` rows are drawn without replacement by a
/// ``Xoshiro256StarStar`` seeded with `seed` (the same seed and run give the
/// same sheet). With `stratifyBy` (a dotted path into the row, such as
/// `metadata.genre` or `input.language`) the sample is allocated across that
/// field's values in proportion to their share of the run, by largest
/// remainders (ties to the value seen first), and drawn within each stratum
/// from the same generator. The chosen rows keep the run's order.
///
/// **Overlap.** With `overlap` K > 0 the `rater` column is pre-filled: every
/// sampled row once for `expert-a`, and the first K sampled rows (in the
/// generator's draw order, so also random) a second time for `expert-b`, at
/// the end of the sheet. One file serves both experts (each filters on their
/// name) and ``ExpertLabels`` reads it back as two raters. Without overlap
/// the `rater` column is blank.
public struct LabelSheet: Sendable, Hashable {
    /// How rows are chosen and what context is shown.
    public struct Options: Sendable, Hashable {
        /// How many rows to draw; `nil` takes every row.
        public var sample: Int?
        /// The generator's seed.
        public var seed: UInt64
        /// The dotted path of the field to stratify by.
        public var stratifyBy: String?
        /// How many sampled rows a second rater labels.
        public var overlap: Int
        /// Dotted paths of the context columns; `nil` for the default.
        public var context: [String]?

        /// Creates options; the defaults take every row with the default context.
        public init(sample: Int? = nil, seed: UInt64 = 0, stratifyBy: String? = nil, overlap: Int = 0, context: [String]? = nil) {
            self.sample = sample
            self.seed = seed
            self.stratifyBy = stratifyBy
            self.overlap = overlap
            self.context = context
        }
    }

    /// The first and second rater's names when rows overlap.
    public static let raters = ("expert-a", "expert-b")

    /// The header.
    public let columns: [String]
    /// The rows, as written (one per cell of ``columns``).
    public let rows: [[String]]

    /// Draws the sheet for `run` under `rubric`'s dimensions.
    ///
    /// - Throws: ``InputError`` when the sample is larger than the run, the
    ///   overlap larger than the sample, or a row lacks the stratification field.
    public init(run: FrozenRun, dimensions: [ScoreDimension], options: Options = Options(), file: String = "<run>") throws(InputError) {
        let chosen = try Self.choose(run: run, options: options, file: file)
        let paths = options.context ?? Self.defaultContext(run)
        let fixed = ["id"] + dimensions.map { $0.name.lowercased() } + ["rater", "note"]
        var taken = Set(fixed)
        var counts: [String: Int] = [:]
        for path in paths { counts[Self.shortName(path), default: 0] += 1 }
        let headers = paths.map { path -> String in
            let short = Self.shortName(path)
            let name = counts[short] == 1 && !taken.contains(short) ? short : path
            taken.insert(name)
            return name
        }
        columns = fixed + headers
        let blanks = Array(repeating: "", count: dimensions.count)
        func line(_ row: FrozenRow, rater: String) -> [String] {
            let json = row.json
            return [row.id] + blanks + [rater, ""] + paths.map { json.value(atPath: $0).map(Self.cellText) ?? "" }
        }
        let overlapping = options.overlap > 0
        var rows = chosen.inRunOrder.map { line(run.rows[$0], rater: overlapping ? Self.raters.0 : "") }
        let second = chosen.drawOrder.prefix(options.overlap).sorted()
        rows += second.map { line(run.rows[$0], rater: Self.raters.1) }
        self.rows = rows
    }

    /// The sheet as CSV.
    public var csv: String {
        let writer = CSVWriter()
        return writer.record(columns) + rows.map { writer.record($0) }.joined()
    }

    /// Writes the sheet to `url` atomically: to a temporary file beside it, then renamed, so no half-written sheet is left.
    public func write(to url: URL) throws {
        try Data(csv.utf8).write(to: url, options: .atomic)
    }

    /// The default context paths: the top-level fields of `input` and `response`, sorted by name.
    static func defaultContext(_ run: FrozenRun) -> [String] {
        ["input", "response"].flatMap { part -> [String] in
            var keys: Set<String> = []
            var isObject = true
            for row in run.rows {
                guard case .object(let fields)? = row.json[part] else {
                    isObject = false
                    continue
                }
                keys.formUnion(fields.keys)
            }
            return isObject && !keys.isEmpty ? keys.sorted().map { "\(part).\($0)" } : [part]
        }
    }

    /// A context value as the expert reads it: a list of strings, numbers or
    /// booleans joined by ", ", anything else as ``JSONValue/plainText``.
    private static func cellText(_ value: JSONValue) -> String {
        guard let items = value.array,
            items.allSatisfy({ if case .array = $0 { false } else if case .object = $0 { false } else { true } })
        else { return value.plainText }
        return items.map(\.plainText).joined(separator: ", ")
    }

    private static func shortName(_ path: String) -> String {
        path.split(separator: ".").last.map(String.init) ?? path
    }

    /// Row positions chosen, both in the generator's order and in the run's.
    private static func choose(run: FrozenRun, options: Options, file: String) throws(InputError) -> (drawOrder: [Int], inRunOrder: [Int]) {
        let n = run.rows.count
        let size = options.sample ?? n
        guard size >= 0, size <= n else {
            throw InputError(file: file, message: "--sample \(size) asks for more rows than the run has (\(n))")
        }
        guard options.overlap >= 0, options.overlap <= size else {
            throw InputError(file: file, message: "--overlap \(options.overlap) is more than the \(size) rows sampled")
        }
        var generator = Xoshiro256StarStar(seed: options.seed)
        var drawn: [Int]
        if options.sample == nil {
            drawn = Array(0..<n)
            shuffle(&drawn, count: n, generator: &generator)
        } else if let field = options.stratifyBy {
            drawn = []
            for (members, quota) in try strata(run: run, field: field, size: size, file: file) {
                var pool = members
                shuffle(&pool, count: quota, generator: &generator)
                drawn += pool.prefix(quota)
            }
        } else {
            var pool = Array(0..<n)
            shuffle(&pool, count: size, generator: &generator)
            drawn = Array(pool.prefix(size))
        }
        return (drawn, drawn.sorted())
    }

    /// The first `count` places of a Fisher–Yates shuffle: a uniform draw without replacement.
    private static func shuffle(_ items: inout [Int], count: Int, generator: inout Xoshiro256StarStar) {
        for i in 0..<min(count, items.count) {
            let j = i + generator.nextIndex(below: items.count - i)
            items.swapAt(i, j)
        }
    }

    /// The strata in order of first appearance, each with its quota: proportional, by largest remainders.
    private static func strata(run: FrozenRun, field: String, size: Int, file: String) throws(InputError) -> [([Int], Int)] {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for (i, row) in run.rows.enumerated() {
            guard let value = row.json.value(atPath: field), value != .null else {
                throw InputError(file: file, column: field, message: "row \(row.id) has no value for \(field), so it cannot be stratified")
            }
            let key = value.plainText
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(i)
        }
        let n = Double(run.rows.count)
        let exact = order.map { Double(members[$0]?.count ?? 0) * Double(size) / n }
        var quotas = exact.map { Int($0.rounded(.down)) }
        let byRemainder = order.indices.sorted { (exact[$0] - Double(quotas[$0]), -$0) > (exact[$1] - Double(quotas[$1]), -$1) }
        for s in byRemainder.prefix(size - quotas.reduce(0, +)) { quotas[s] += 1 }
        return order.indices.map { (members[order[$0]] ?? [], quotas[$0]) }
    }
}
