import DataFormats
import EvaluationCore
public import Foundation
public import Judging
import StatisticsCore

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
/// **Sampling.** `sample` rows (a batch) are drawn without replacement by a
/// ``Xoshiro256StarStar`` seeded with `seed` (the same seed and run give the
/// same sheet), by the ``Settings/strategy``: `uniform` over the run;
/// `stratified` by the values of `stratifyBy` (a dotted path into the row,
/// such as `metadata.genre`), allocated in proportion to each value's rows by
/// largest remainders (ties to the value seen first); `judge-stratified` by
/// the judge's level on a dimension (``SampleDraw``). With `earlier` sheets
/// of the same label set (a next batch) the batch is drawn from the rows
/// they did not draw. Every row's inclusion probability, strategy, batch,
/// stratum and a check over them fill the five last columns
/// (`inclusion_probability`, `sampling_strategy`, `sampling_batch`,
/// `sampling_stratum`, `sampling_check`; `docs/FORMATS.md`). The chosen rows
/// keep the run's order.
///
/// **Overlap.** With `overlap` K > 0 the `rater` column is pre-filled: every
/// sampled row once for the first rater, and the first K sampled rows (in the
/// generator's draw order, so also random) again for each other rater, at the
/// end of the sheet; the raters are ``Settings/raters``, or `expert-a` and
/// `expert-b`. ``sheet(forRater:)`` gives one rater's rows, the sheet that
/// rater is sent; ``ExpertLabels`` reads the sheets back together as several
/// raters. Without overlap or raters the `rater` column is blank.
///
/// **Reads back.** A sheet is refused when it is made, not after the experts
/// have filled it in, whenever ``ExpertLabels`` would not read it back as
/// written: a dimension named `id`, `rater` or `note`, or two differing only
/// in case (``InputError`` naming the rubric); a row id with spaces around
/// it, blank, or otherwise not read back identically (``InputError`` naming
/// the run); a sample of no rows, a context path given twice, or one whose
/// column would be named like the sheet's own or a dimension's column
/// without regard to case (``SettingsError``).
public struct LabelSheet: Sendable, Hashable {
    /// How rows are chosen and what context is shown.
    public struct Settings: Sendable, Hashable {
        /// How many rows to draw (in this batch); `nil` takes every row left.
        public var sample: Int?
        /// The generator's seed.
        public var seed: UInt64
        /// The dotted path of the field to stratify by; for `judge-stratified`, the dimension.
        public var stratifyBy: String?
        /// How many sampled rows the raters after the first label too.
        public var overlap: Int
        /// Dotted paths of the context columns; `nil` for the default.
        public var context: [String]?
        /// The strategy; `nil` for the earlier sheets' (a next batch), else `stratified`
        /// when ``stratifyBy`` is given, else `uniform`.
        public var strategy: SamplingStrategy?
        /// The raters, first the one who labels every row; empty for `expert-a`
        /// and `expert-b` with an overlap, else a blank rater column.
        public var raters: [String]
        /// θ, the threshold `align` will test quadratic kappa against: `judge-stratified` batches
        /// after the first are allocated for that test (``KappaNeymanAllocation``).
        public var threshold: Double
        /// For `escalation` sampling: which rows a trust certificate escalated, and the kept rows to audit.
        public var escalation: Escalation?

        /// Creates options; the defaults take every row with the default context.
        public init(
            sample: Int? = nil, seed: UInt64 = 0, stratifyBy: String? = nil, overlap: Int = 0, context: [String]? = nil,
            strategy: SamplingStrategy? = nil, raters: [String] = [], threshold: Double = AlignmentSettings.defaultThreshold,
            escalation: Escalation? = nil
        ) {
            self.escalation = escalation
            self.sample = sample
            self.seed = seed
            self.stratifyBy = stratifyBy
            self.overlap = overlap
            self.context = context
            self.strategy = strategy
            self.raters = raters
            self.threshold = threshold
        }
    }

    /// What `escalation` sampling draws from: the rows a trust certificate escalated (on any
    /// dimension; a run row without a decision counts as escalated, since the judge did not vouch
    /// for it) and how many of the kept rows to label as an audit.
    public struct Escalation: Sendable, Hashable {
        /// The ids of the escalated rows.
        public var escalated: Set<String>
        /// Kept rows to draw; `nil` for ``defaultAuditShare`` of them, rounded up.
        public var kept: Int?

        /// The share of kept rows drawn when no count is given: 10%. Without any kept row labelled the
        /// kept stratum has π = 0 and no label corrects it, so a corrected estimate is refused there.
        public static let defaultAuditShare = 0.1

        /// Creates the escalation's draw.
        public init(escalated: Set<String>, kept: Int? = nil) {
            self.escalated = escalated
            self.kept = kept
        }
    }

    /// For a sheet drawn by `escalation` sampling: the escalated and kept rows this batch drew, and
    /// how many rows each stratum holds; `nil` for another sheet.
    public var escalationCounts: (escalated: (drawn: Int, rows: Int), kept: (drawn: Int, rows: Int))? {
        guard let frame, frame.strategy == .escalation else { return nil }
        func counts(_ name: String) -> (drawn: Int, rows: Int) {
            let key = LabelSheetColumns.stratumKey(name)
            let rows = frame.rows.filter { $0.stratum == key }
            return (rows.count { $0.batch == frame.batches }, rows.count)
        }
        return (counts(Strata.escalatedKey), counts(Strata.keptKey))
    }

    /// The first and second rater's names when rows overlap.
    public static let raters = ("expert-a", "expert-b")

    /// The header.
    public let columns: [String]
    /// The rows (one text per cell of ``columns``), before ``csv`` makes them
    /// inert for a spreadsheet.
    public let rows: [[String]]
    /// The dotted path each context column was drawn from (`input.review`,
    /// `response`), so the label page can tell the input from the output judged.
    public let contextPaths: [String]
    /// Every run row's inclusion probability after this batch, which `extract` writes beside the sheet;
    /// `nil` for a sheet not drawn from a run (the human ratings `import` found in an export).
    public let frame: SamplingFrame?

    /// Draws the sheet for `run` under `rubric`'s dimensions.
    ///
    /// - Parameters:
    ///   - judgments: the judge's scores, which `judge-stratified` stratifies by.
    ///   - earlier: the label set's earlier sheets (a next batch): their rows are
    ///     not drawn again, and the strata's probabilities count them.
    ///   - file: The run's file, named in errors about its rows.
    ///   - rubricFile: The rubric's file, named in errors about its dimensions.
    /// - Throws: ``DrawError`` when the sample is larger than the rows left, the
    ///   overlap larger than the sample, or the earlier sheets were drawn by
    ///   another design; ``InputError`` when a row lacks the stratification field,
    ///   a dimension cannot have a column of its own, or a row id would not read
    ///   back as written; ``SettingsError`` for a sample of no rows, a strategy
    ///   without what it needs, raters named twice or unfit for a file name, a
    ///   context path that cannot head a column of its own, or a threshold outside −1 to 1.
    public init(
        run: FrozenRun, dimensions: [ScoreDimension], options: Settings = Settings(), judgments: JudgmentSet? = nil,
        earlier: ExpertLabels? = nil, file: String = "<run>", rubricFile: String = "<rubric>"
    ) throws {
        if let problem = LabelSheetColumns.problem(dimensionNames: dimensions.map(\.name)) {
            throw InputError(file: rubricFile, message: problem)
        }
        if let sample = options.sample, sample < 1 {
            throw SettingsError(.sampleOfNoRows(sample))
        }
        guard options.threshold.isFinite, (-1...1).contains(options.threshold) else {
            throw SettingsError(.thresholdOutOfRange(options.threshold))
        }
        let raters = try Self.raters(options)
        let paths = options.context ?? Self.defaultContext(run)
        let fixed = ["id"] + dimensions.map { $0.name.lowercased() } + ["rater", "note"]
        columns = fixed + (try Self.contextHeaders(paths, fixed: fixed)) + LabelSheetColumns.sampling
        contextPaths = paths
        let standard: SamplingStrategy = options.escalation != nil ? .escalation : options.stratifyBy == nil ? .uniform : .stratified
        let draw = try SampleDraw(
            run: run, size: options.sample, strategy: options.strategy ?? earlier?.sampling?.strategy ?? standard,
            field: options.stratifyBy, dimensions: dimensions, judge: judgments, escalation: options.escalation, earlier: earlier,
            seed: options.seed, threshold: options.threshold, file: file)
        guard options.overlap >= 0, options.overlap <= draw.drawOrder.count else {
            throw DrawError(
                InputError(file: file, message: "an overlap of \(options.overlap) is more than the \(draw.drawOrder.count) rows sampled"),
                .overlapBeyondSample(overlap: options.overlap, sampled: draw.drawOrder.count))
        }
        for position in draw.inRunOrder {
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
        func line(_ position: Int, rater: String) -> [String] {
            let row = run.rows[position]
            let json = row.json
            return [row.id] + blanks + [rater, ""] + paths.map { json.value(atPath: $0).map(Self.cellText) ?? "" }
                + Self.samplingCells(id: row.id, draw: draw, position: position)
        }
        var rows = draw.inRunOrder.map { line($0, rater: raters.first ?? "") }
        let second = draw.drawOrder.prefix(options.overlap).sorted()
        for rater in raters.dropFirst() { rows += second.map { line($0, rater: rater) } }
        self.rows = rows
        frame = SamplingFrame(run: run.info.name, strategy: draw.strategy, batches: draw.batch, rows: draw.frame)
        try checkReadsBack(file: file)
    }

    package init(columns: [String], rows: [[String]], contextPaths: [String], frame: SamplingFrame? = nil) {
        self.columns = columns
        self.rows = rows
        self.contextPaths = contextPaths
        self.frame = frame
    }

    /// The raters the rows are written for: the named ones, or `expert-a` and
    /// `expert-b` with an overlap, or one blank.
    private static func raters(_ options: Settings) throws -> [String] {
        guard !options.raters.isEmpty else { return options.overlap > 0 ? [Self.raters.0, Self.raters.1] : [""] }
        var seen: Set<String> = []
        for rater in options.raters {
            guard !rater.isEmpty, rater.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw SettingsError(.raterNotAFileName(rater))
            }
            guard seen.insert(rater.lowercased()).inserted else {
                throw SettingsError(.raterTwice(rater))
            }
        }
        if options.raters.count > 1, options.overlap == 0 {
            throw SettingsError(.ratersWithoutOverlap(options.raters))
        }
        return options.raters
    }

    /// A row's five sampling cells (``LabelSheetColumns/sampling``), the last its check.
    private static func samplingCells(id: String, draw: SampleDraw, position: Int) -> [String] {
        let cells = [
            (draw.probability[position] ?? 1).plainText, draw.strategy.rawValue, String(draw.batch), draw.stratum[position] ?? "",
        ]
        return cells + [
            LabelSheetColumns.samplingCheck(id: id, probability: cells[0], strategy: cells[1], batch: cells[2], stratum: cells[3])
        ]
    }

    /// The rows of one rater, for the sheet (and page) that rater is sent:
    /// the same columns, only the rows whose `rater` cell is `rater`.
    public func sheet(forRater rater: String) -> LabelSheet {
        let column = columns.firstIndex(of: "rater") ?? 0
        return LabelSheet(columns: columns, rows: rows.filter { $0[column] == rater }, contextPaths: contextPaths, frame: frame)
    }

    /// The raters named in the sheet's `rater` column, in order of first appearance.
    public var raterNames: [String] {
        let column = columns.firstIndex(of: "rater") ?? 0
        var seen: Set<String> = []
        return rows.map { $0[column] }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The context columns' headers: each path's last component unless
    /// another path shares it or it names one of `fixed` (without regard to
    /// case), then the whole path.
    ///
    /// - Throws: ``SettingsError`` for a path given twice, or one whose whole
    ///   path is still named like a column already in the sheet.
    private static func contextHeaders(_ paths: [String], fixed: [String]) throws -> [String] {
        var taken: [String: String] = [:]
        for (k, name) in fixed.enumerated() {
            let role = k == 0 || k >= fixed.count - 2 ? "the sheet's own \(name) column" : "the dimension column \(name)"
            taken[LabelSheetColumns.columnKey(name)] = role
        }
        for name in LabelSheetColumns.sampling { taken[LabelSheetColumns.columnKey(name)] = "the sheet's own \(name) column" }
        var counts: [String: Int] = [:]
        for path in paths { counts[LabelSheetColumns.columnKey(shortName(path)), default: 0] += 1 }
        var seen: Set<String> = []
        var headers: [String] = []
        for path in paths {
            guard seen.insert(path).inserted else {
                throw SettingsError(.contextTwice(path))
            }
            let short = shortName(path)
            let shortKey = LabelSheetColumns.columnKey(short)
            let name = counts[shortKey] == 1 && taken[shortKey] == nil ? short : path
            if let role = taken[LabelSheetColumns.columnKey(name)] {
                throw SettingsError(.contextClash(path: path, role: role, short: short))
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
}
