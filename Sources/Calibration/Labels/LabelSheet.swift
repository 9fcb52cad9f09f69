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
///
/// **Reads back.** A sheet is refused when it is made, not after the experts
/// have filled it in, whenever ``ExpertLabels`` would not read it back as
/// written: a dimension named `id`, `rater` or `note`, or two differing only
/// in case (``InputError`` naming the rubric); a row id with spaces around
/// it, blank, or otherwise not read back identically (``InputError`` naming
/// the run); a sample of no rows, a context path given twice, or one whose
/// column would be named like the sheet's own or a dimension's column
/// without regard to case (``OptionsError``).
public struct LabelSheet: Sendable, Hashable {
    /// An option the sheet cannot be made with, and what to ask for instead:
    /// a sample of no rows, a context path given twice, or a context column
    /// that would be named like one of the sheet's own columns.
    ///
    /// The command line reports it as a usage error (exit 64); problems in the
    /// run or the rubric are ``InputError``s.
    public struct OptionsError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong and what to ask for instead.
        public let message: String

        init(_ message: String) {
            self.message = message
        }

        public var description: String { message }
    }

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
    /// The rows (one text per cell of ``columns``), before ``csv`` makes them
    /// inert for a spreadsheet.
    public let rows: [[String]]

    /// Draws the sheet for `run` under `rubric`'s dimensions.
    ///
    /// - Parameters:
    ///   - file: The run's file, named in errors about its rows.
    ///   - rubricFile: The rubric's file, named in errors about its dimensions.
    /// - Throws: ``InputError`` when the sample is larger than the run, the
    ///   overlap larger than the sample, a row lacks the stratification field,
    ///   a dimension cannot have a column of its own, or a row id would not read
    ///   back as written; ``OptionsError`` for a sample of no rows or a context
    ///   path that cannot head a column of its own.
    public init(
        run: FrozenRun, dimensions: [ScoreDimension], options: Options = Options(), file: String = "<run>",
        rubricFile: String = "<rubric>"
    ) throws {
        if let problem = LabelSheetColumns.problem(dimensionNames: dimensions.map(\.name)) {
            throw InputError(file: rubricFile, message: problem)
        }
        if let sample = options.sample, sample < 1 {
            throw OptionsError(
                "--sample \(sample) draws no rows, and the importer refuses a sheet without rows; ask for at least 1 (or leave --sample out for every row)"
            )
        }
        let paths = options.context ?? Self.defaultContext(run)
        let fixed = ["id"] + dimensions.map { $0.name.lowercased() } + ["rater", "note"]
        columns = fixed + (try Self.contextHeaders(paths, fixed: fixed))
        let chosen = try Self.choose(run: run, options: options, file: file)
        for position in chosen.inRunOrder {
            let id = run.rows[position].id
            guard !id.isEmpty, LabelSheetColumns.id(LabelSheetColumns.written(id)) == id else {
                throw InputError(
                    file: file,
                    message:
                        "the row id '\(id)' \(id.isEmpty ? "is blank" : "starts or ends with white space or an invisible character, which the label importer trims"), so labels for it would not match the row; import the run again with ids that have none"
                )
            }
        }
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
        try checkReadsBack(file: file)
    }

    /// The context columns' headers: each path's last component unless
    /// another path shares it or it names one of `fixed` (without regard to
    /// case), then the whole path.
    ///
    /// - Throws: ``OptionsError`` for a path given twice, or one whose whole
    ///   path is still named like a column already in the sheet.
    private static func contextHeaders(_ paths: [String], fixed: [String]) throws -> [String] {
        var taken: [String: String] = [:]
        for (k, name) in fixed.enumerated() {
            let role = k == 0 || k >= fixed.count - 2 ? "the sheet's own \(name) column" : "the dimension column \(name)"
            taken[LabelSheetColumns.columnKey(name)] = role
        }
        var counts: [String: Int] = [:]
        for path in paths { counts[LabelSheetColumns.columnKey(shortName(path)), default: 0] += 1 }
        var seen: Set<String> = []
        var headers: [String] = []
        for path in paths {
            guard seen.insert(path).inserted else {
                throw OptionsError("--context names \(path) twice; give each context path once")
            }
            let short = shortName(path)
            let shortKey = LabelSheetColumns.columnKey(short)
            let name = counts[shortKey] == 1 && taken[shortKey] == nil ? short : path
            if let role = taken[LabelSheetColumns.columnKey(name)] {
                throw OptionsError(
                    "--context \(path) would head a column named like \(role), and the importer would read the wrong column; name a field inside the row instead (input.\(short) or response.\(short))"
                )
            }
            taken[LabelSheetColumns.columnKey(name)] = "the context column \(name)"
            headers.append(name)
        }
        return headers
    }

    /// Reads the sheet's text back as ``ExpertLabels`` would and checks that
    /// the header and every id come back as written.
    ///
    /// - Throws: ``InputError`` naming the run and the first id (or header) that would not.
    private func checkReadsBack(file: String) throws {
        let table = try CSVReader().read(Data(csv.utf8), file: file)
        guard table.columns.map(LabelSheetColumns.key) == columns.map(LabelSheetColumns.columnKey) else {
            throw InputError(
                file: file,
                message:
                    "the sheet's header \(columns.joined(separator: ", ")) would read back as \(table.columns.joined(separator: ", ")); choose other context paths"
            )
        }
        for (r, row) in rows.enumerated() where r >= table.rowCount || LabelSheetColumns.id(table[r, 0]) != row[0] {
            let read = r < table.rowCount ? "'\(LabelSheetColumns.id(table[r, 0]))'" : "nothing"
            throw InputError(
                file: file,
                message:
                    "the row id '\(row[0])' would read back from the sheet as \(read), so labels for it would not match the row; import the run again with plain ids"
            )
        }
    }

    /// The sheet as CSV, every cell made inert for a spreadsheet
    /// (``DataFormats/CSVWriter/spreadsheetSafe(_:)``: `=1+1` is written
    /// `'=1+1`, a number such as `-2` as it is); ``ExpertLabels`` undoes it.
    public var csv: String {
        let writer = CSVWriter()
        let written = { (cells: [String]) in writer.record(cells.map(LabelSheetColumns.written)) }
        return written(columns) + rows.map(written).joined()
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
        guard size <= n else {
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
