public import DataFormats
import EvaluationCore
public import Foundation
import Judging
public import StatisticsCore

/// Scores a judge produced elsewhere — another tool's output, a mean over
/// several sampled replies, a published benchmark's LLM column — read from a
/// file so `judgecal align` can measure them instead of judging.
///
/// Three layouts are read (the format is told by the content, not the name):
///
/// - **CSV** with a header: an `id` column, one numeric column per dimension,
///   and optionally `<dimension>_rationale` columns with the judge's reasoning
///   and `<dimension>_confidence` columns with its confidence in the score, in [0, 1].
/// - **JSON Lines**, one object per row: `id` (string or number), one number
///   per dimension, optionally `<dimension>_rationale` strings and
///   `<dimension>_confidence` numbers.
/// - This toolkit's own judgments (`*.judgments.jsonl`, written by
///   `judgecal judge`; its first line is `{"judgments": {…}}`), read with
///   ``JudgmentSet/load(from:)``; a failed row is a failure on every dimension.
///
/// A blank CSV cell, a JSON `null` or a missing field is **no score**: the row
/// is counted as a judge failure on that dimension ("no score"), never paired.
/// A value may be fractional (a mean of sampled replies) and is kept as it is.
/// A cell that is not a number (a JSON string) is a **word**: a level's label
/// (`pass`, `Excellent`, a pairwise `a`/`tie`/`b`), kept as written and read on
/// the dimension's scale when one is known (``judgeScores(dimension:scale:)``).
///
/// The readers throw ``InputError`` naming the file, the line and the column
/// for a cell that is a non-finite number, a blank or repeated id, a repeated
/// column, a missing `id` column, a file with no dimension columns or no rows, a confidence
/// outside [0, 1], a scored row without its confidence where the dimension has a confidence
/// column, and a confidence column without its dimension's;
/// a word that is not a level of the scale is named when the scale is applied.
public struct ExternalJudgeScores: Sendable, Hashable {
    /// The file, as named to the reader.
    public var file: String
    /// The model, when the file names it (a judgments file's header); `nil` otherwise.
    public var model: String?
    /// The dimensions, spelled as in the file: CSV columns in order; JSON
    /// fields in order of first appearance (a record's new fields sorted by name).
    public var dimensions: [String]
    /// The row ids in file order.
    public var ids: [String]
    /// The line each id is on (1-based), for messages.
    public var lines: [String: Int]
    /// The scores: dimension → row id → score.
    public var scores: [String: [String: JudgeScore]]
    /// The rows without a score: dimension → row id → why.
    public var failures: [String: [String: String]]
    /// The cells written as words, not numbers: dimension → row id → the word, trimmed.
    public var words: [String: [String: String]]
    /// The judge's confidence in each score, where the file gives one: dimension → row id → confidence in [0, 1].
    public var confidences: [String: [String: Double]]
    /// The judgment set itself when the file is one written by `judgecal judge`, with every raw reply; `nil` otherwise.
    public var judgmentSet: JudgmentSet?
    /// The rationales beside the words: dimension → row id → rationale.
    private var wordRationales: [String: [String: String]]

    private init(
        file: String, model: String?, dimensions: [String], ids: [String], lines: [String: Int], scores: [String: [String: JudgeScore]],
        failures: [String: [String: String]], words: [String: [String: String]], wordRationales: [String: [String: String]],
        confidences: [String: [String: Double]]
    ) {
        self.file = file
        self.model = model
        self.dimensions = dimensions
        self.ids = ids
        self.lines = lines
        self.scores = scores
        self.failures = failures
        self.words = words
        self.wordRationales = wordRationales
        self.confidences = confidences
    }

    /// Reads the judge-scores file at `url`.
    ///
    /// - Throws: ``InputError`` naming file, line and column; an unreadable file as ``InputFile/read(_:)`` throws.
    public static func load(from url: URL) throws -> ExternalJudgeScores {
        let file = InputFile.displayName(url)
        let source = ByteSource.file(url)
        guard let first = try source.firstNonBlankByte() else {
            throw InputError(file: file, message: "is empty; expected a header with id and one column per dimension, then one row per id")
        }
        guard first == UInt8(ascii: "{") else { return try readCSV(source, file: file) }
        guard let scores = try readJSONLines(source, file: file) else {
            return try ExternalJudgeScores(judgments: JudgmentSet.load(from: url), file: file)
        }
        return scores
    }

    /// The scores of a judgment set written by `judgecal judge`.
    ///
    /// A failed row is a failure on every dimension with the judge's message; a
    /// scored row lacking one of the dimensions is a "no score" failure there.
    ///
    /// - Throws: ``InputError`` when an id appears twice.
    public init(judgments: JudgmentSet, file: String) throws {
        var dimensions: [String] = []
        for j in judgments.judgments {
            for s in j.scores where !dimensions.contains(where: { $0.lowercased() == s.dimension.lowercased() }) {
                dimensions.append(s.dimension)
            }
        }
        var builder = Builder(file: file, dimensions: dimensions)
        for (i, j) in judgments.judgments.enumerated() {
            try builder.add(id: j.id, line: i + 2, column: "id")
            for d in dimensions {
                if let failure = j.failure {
                    builder.failures[d, default: [:]][j.id] = failure.message
                } else if let s = j.score(d) {
                    builder.scores[d, default: [:]][j.id] = JudgeScore(
                        s.score, rationale: s.rationale.isEmpty ? nil : s.rationale, confidence: s.confidence)
                } else {
                    builder.failures[d, default: [:]][j.id] = j.unscoredReason(d) ?? Builder.noScore
                }
            }
        }
        self = builder.result(model: judgments.model)
        judgmentSet = judgments
    }

    /// The file's spelling of `name`, matched without regard to case; `nil` when the file has no such dimension.
    public func dimension(matching name: String) -> String? {
        dimensions.first { $0.lowercased() == name.lowercased() }
    }

    /// Checks that every row these scores name is a row of `run`.
    ///
    /// - Throws: ``InputError`` naming the first stranger's line and the `id` column.
    public func checkRows(of run: FrozenRun) throws(InputError) {
        let rows = Set(run.rows.map(\.id))
        if let stranger = ids.first(where: { !rows.contains($0) }) {
            throw InputError(file: file, line: lines[stranger], column: "id", message: "\(stranger) is not a row of the run \(run.info.name)")
        }
    }

    /// One dimension's scores and failures for the alignment engine.
    ///
    /// With a declared `scale`, a value beyond its lowest or highest category
    /// (HANNA's failure codes −1…0.67 on a 1–5 scale) is not a rating: it is
    /// recorded as a failure "off-scale value X", counted and never scored. A
    /// value between two categories is kept; the engine rounds it for the
    /// category statistics and says so. Without a scale every value is kept as it is.
    /// A word is the value of the scale's level whose label it is, matched without
    /// regard to case (``CategoryScale/labels``). A score the file gives a confidence for
    /// carries it (``Judging/JudgeConfidence/Method/given``, about the score's own value).
    ///
    /// - Parameter dimension: the dimension as spelled in the file (see ``dimension(matching:)``).
    /// - Throws: ``InputError`` naming the line and column of a word that is no level's label, or
    ///   of any word when no scale is known.
    public func judgeScores(dimension: String, scale: CategoryScale?) throws(InputError) -> JudgeScores {
        var kept = try levels(ofWordsIn: dimension, scale: scale).merging(scores[dimension] ?? [:]) { word, _ in word }
        var failed = failures[dimension] ?? [:]
        if let scale, let low = scale.values.min(), let high = scale.values.max() {
            for (id, score) in kept where score.value < low || score.value > high {
                kept[id] = nil
                failed[id] = "off-scale value \(JSONValue.number(score.value).plainText) (the scale is \(scale))"
            }
        }
        for (id, confidence) in confidences[dimension] ?? [:] {
            guard let score = kept[id] else { continue }
            kept[id]?.confidence = JudgeConfidence(method: .given, level: score.value, value: confidence)
        }
        return JudgeScores(scores: kept, failures: failed)
    }

    /// These scores with every word read as its level's value on the scale `scale(dimension)` gives
    /// (`nil`: none is known), so that a reader of ``scores`` sees every score.
    ///
    /// - Throws: ``InputError`` as ``judgeScores(dimension:scale:)``.
    public func readingWords(on scale: (String) -> CategoryScale?) throws(InputError) -> ExternalJudgeScores {
        var read = self
        for dimension in dimensions where !(words[dimension] ?? [:]).isEmpty {
            read.scores[dimension, default: [:]].merge(try levels(ofWordsIn: dimension, scale: scale(dimension))) { word, _ in word }
            read.words[dimension] = nil
        }
        return read
    }

    /// The dimension's words as the values of the levels they name; the first word in file order that names none is the error.
    private func levels(ofWordsIn dimension: String, scale: CategoryScale?) throws(InputError) -> [String: JudgeScore] {
        var out: [String: JudgeScore] = [:]
        for (id, word) in (words[dimension] ?? [:]).sorted(by: { (lines[$0.key] ?? 0, $0.key) < (lines[$1.key] ?? 0, $1.key) }) {
            guard let scale else {
                throw InputError(
                    file: file, line: lines[id], column: dimension,
                    message: "'\(word)' is not a number, and no scale names it; give the rubric whose scale has this label, or write the level's value")
            }
            guard let index = scale.labels.firstIndex(where: { $0.lowercased() == word.lowercased() }) else {
                throw InputError(
                    file: file, line: lines[id], column: dimension,
                    message: "'\(word)' is not a level of the scale \(scale) (its labels: \(scale.labels.joined(separator: ", "))); a judge score is a number, a level's label, or blank for none")
            }
            out[id] = JudgeScore(scale.values[index], rationale: wordRationales[dimension]?[id])
        }
        return out
    }

    /// How many of the dimension's values lie beyond the ends of `scale`.
    public func offScaleCount(dimension: String, scale: CategoryScale) -> Int {
        guard let low = scale.values.min(), let high = scale.values.max() else { return 0 }
        return (scores[dimension] ?? [:]).values.count { $0.value < low || $0.value > high }
    }

    // MARK: Readers

    private static let rationaleSuffix = "_rationale"
    private static let confidenceSuffix = "_confidence"

    /// Whether a column or field named `name` is a companion of a dimension's, not a dimension.
    private static func isCompanion(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(rationaleSuffix) || lowered.hasSuffix(confidenceSuffix)
    }

    /// Reads the CSV layout as it streams (``CSVReader/forEachRow(in:file:header:row:)``): a `String`
    /// for each id and rationale, a score parsed from its cell's bytes.
    private static func readCSV(_ source: ByteSource, file: String) throws(InputError) -> ExternalJudgeScores {
        var columns: ScoreColumns?
        var builder: Builder?
        var rows = 0
        try CSVReader().forEachRow(in: source, file: file) { header throws(InputError) in
            let found = try ScoreColumns(header, file: file)
            columns = found
            builder = Builder(file: file, dimensions: found.dimensions.map { found.names[$0] })
            try builder?.requireContent(rows: 1)
        } row: { record throws(InputError) in
            guard let columns, builder != nil else { preconditionFailure("forEachRow hands over the header before any row") }
            rows += 1
            let id = String(whitespaceTrimmed: record.bytes(columns.id))
            try builder?.add(id: id, line: record.line, column: columns.header[columns.id])
            for c in columns.dimensions {
                let cell = String(whitespaceTrimmed: record.bytes(c))
                let rationale = columns.rationales[c].map { record.text($0) }
                try builder?.record(
                    cell.isEmpty ? nil : cell, text: cell, dimension: columns.names[c], id: id, rationale: rationale,
                    line: record.line, column: columns.header[c])
                if let k = columns.confidences[c] {
                    let text = String(whitespaceTrimmed: record.bytes(k))
                    try builder?.record(
                        confidence: text.isEmpty ? nil : Double(text), text: text, scored: !cell.isEmpty, dimension: columns.names[c],
                        id: id, line: record.line, column: columns.header[k])
                }
            }
        }
        guard let builder else { preconditionFailure("forEachRow returns only after a header") }
        try builder.requireContent(rows: rows)
        try builder.checkConfidences()
        return builder.result(model: nil)
    }

    /// Where a CSV judge-scores file's id, dimension and rationale columns are.
    private struct ScoreColumns {
        /// The header as written.
        let header: [String]
        /// The header trimmed.
        let names: [String]
        let id: Int
        /// The dimension columns in order.
        let dimensions: [Int]
        /// Dimension column → its `<dimension>_rationale` column.
        let rationales: [Int: Int]
        /// Dimension column → its `<dimension>_confidence` column.
        let confidences: [Int: Int]

        init(_ header: [String], file: String) throws(InputError) {
            self.header = header
            names = header.map(\.whitespaceTrimmed)
            guard let idColumn = names.firstIndex(where: { $0.lowercased() == "id" }) else {
                throw InputError(
                    file: file, line: 1,
                    message: "has no id column; a judge-scores file starts with id, then one numeric column per dimension")
            }
            var seen: Set<String> = []
            if let repeated = names.first(where: { !seen.insert($0.lowercased()).inserted }) {
                throw InputError(
                    file: file, line: 1, column: repeated, message: "the column \(repeated) appears twice; give each dimension once")
            }
            let names = names
            id = idColumn
            let dimensions = names.indices.filter { $0 != idColumn && !ExternalJudgeScores.isCompanion(names[$0]) }
            self.dimensions = dimensions
            let companions = { (suffix: String) -> [String: Int] in
                Dictionary(
                    uniqueKeysWithValues: names.indices.filter { names[$0].lowercased().hasSuffix(suffix) }.map {
                        (String(names[$0].lowercased().dropLast(suffix.count)), $0)
                    })
            }
            let rationaleColumns = companions(ExternalJudgeScores.rationaleSuffix)
            rationales = Dictionary(
                uniqueKeysWithValues: dimensions.compactMap { c in rationaleColumns[names[c].lowercased()].map { (c, $0) } })
            let confidenceColumns = companions(ExternalJudgeScores.confidenceSuffix)
            let dimensionNames = Set(dimensions.map { names[$0].lowercased() })
            if let (stray, column) = confidenceColumns.first(where: { !dimensionNames.contains($0.key) }) {
                throw InputError(
                    file: file, line: 1, column: header[column],
                    message: "is a confidence column, but there is no dimension column \(stray) for it to go with")
            }
            confidences = Dictionary(
                uniqueKeysWithValues: dimensions.compactMap { c in confidenceColumns[names[c].lowercased()].map { (c, $0) } })
        }
    }

    /// Reads the JSON Lines layout as it streams (``JSONLinesReader/forEachLine(in:file:_:)``), one
    /// record parsed at a time; `nil` when the first record has `judgments`, the header of a judgments file.
    ///
    /// The errors are those of a reading that parses every record before it looks at one: a record
    /// that is not JSON, or not an object, comes first wherever it is; then a file without dimensions;
    /// then the first bad id or score in file order, which is kept while the rest is parsed. A
    /// dimension that first appears on a later record is "no score" on the records before.
    private static func readJSONLines(_ source: ByteSource, file: String) throws -> ExternalJudgeScores? {
        let reading = JSONLinesReading(file: file)
        do {
            _ = try JSONLinesReader.forEachLine(in: source, file: file) { bytes, line throws(InputError) in
                try reading.read(bytes, line: line)
            }
        } catch {
            guard reading.isJudgments else { throw error }
            return nil
        }
        try reading.builder.requireContent(rows: reading.rows)
        if let problem = reading.firstProblem { throw problem }
        try reading.builder.checkConfidences()
        return reading.builder.result(model: nil)
    }

    /// A JSON Lines judge-scores file read so far.
    private final class JSONLinesReading {
        var builder: Builder
        /// The first bad id or score.
        var firstProblem: InputError?
        var rows = 0
        /// Whether the first record is a judgments file's header.
        var isJudgments = false

        init(file: String) {
            builder = Builder(file: file, dimensions: [])
        }

        /// Reads one record: its new dimensions, then, until a problem is met, its id and scores.
        ///
        /// - Throws: ``InputError`` for a record that is not a JSON object, or ``judgmentsFound``.
        func read(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(InputError) {
            let file = builder.file
            // A numeric id of 2^53 or more keeps its digits as written, as the run importer keeps it.
            guard case .object(let fields) = try JSONValue.parse(bytes, file: file, firstLine: line, exactLargeNumbers: true) else {
                throw InputError(
                    file: file, line: line, message: "is not a JSON object; expected {\"id\": …, \"<dimension>\": <number>, …}")
            }
            if rows == 0, fields["judgments"] != nil {
                isJudgments = true
                throw ExternalJudgeScores.judgmentsFound
            }
            rows += 1
            for key in fields.keys.sorted()
            where key.lowercased() != "id" && !ExternalJudgeScores.isCompanion(key) && !builder.dimensions.contains(key)
            {
                builder.addDimension(key)
            }
            if firstProblem == nil { firstProblem = ExternalJudgeScores.record(fields, line: line, into: &builder) }
        }
    }

    /// Thrown to stop reading once the file is known to be a judgments file.
    private static let judgmentsFound = InputError(file: "", message: "a judgments file")

    /// One JSON Lines record's id, and its score or "no score" on every dimension known so far; the
    /// first bad id or score, `nil` when there is none.
    private static func record(_ fields: [String: JSONValue], line: Int, into builder: inout Builder) -> InputError? {
        do throws(InputError) {
            try add(fields, line: line, into: &builder)
            return nil
        } catch {
            return error
        }
    }

    private static func add(_ fields: [String: JSONValue], line: Int, into builder: inout Builder) throws(InputError) {
        let file = builder.file
        let id: String
        switch fields["id"] {
        case .string(let s): id = s.whitespaceTrimmed
        case nil, .null?: id = ""
        case let value?:
            guard let text = value.identifierText else {
                throw InputError(file: file, line: line, column: "id", message: value.identifierProblem)
            }
            id = text
        }
        try builder.add(id: id, line: line, column: "id")
        for key in fields.keys where key.lowercased().hasSuffix(confidenceSuffix) {
            let dimension = String(key.dropLast(confidenceSuffix.count))
            guard fields[dimension] != nil || builder.dimensions.contains(dimension) else {
                throw InputError(
                    file: file, line: line, column: key,
                    message: "is a confidence, but the record has no dimension \(dimension) for it to go with")
            }
        }
        for d in builder.dimensions {
            let value = fields[d] ?? .null
            switch fields[d + confidenceSuffix] {
            case nil, .null?:
                try builder.record(confidence: nil, text: "", scored: value != .null, dimension: d, id: id, line: line, column: d + confidenceSuffix)
            case .number(let n)?:
                try builder.record(confidence: n, text: "\(n)", scored: value != .null, dimension: d, id: id, line: line, column: d + confidenceSuffix)
            case let other?:
                try builder.record(
                    confidence: nil, text: other.compactJSON, scored: value != .null, dimension: d, id: id, line: line,
                    column: d + confidenceSuffix)
            }
            let rationale = fields[d + rationaleSuffix]?.string
            switch value {
            case .null: try builder.record(nil, text: "", dimension: d, id: id, rationale: nil, line: line, column: d)
            case .number(let n): builder.record(n, dimension: d, id: id, rationale: rationale)
            case .string(let word) where Double(word) == nil && !word.whitespaceTrimmed.isEmpty:
                builder.record(word: word.whitespaceTrimmed, dimension: d, id: id, rationale: rationale)
            case .string(let digits) where Double(digits) != nil:
                // Numbers of 2^53 or more are kept as their digits (exactLargeNumbers), so they arrive as text.
                throw InputError(
                    file: file, line: line, column: d,
                    message:
                        "\(digits) is not a usable score: it is 2^53 or more, or a number written as a JSON string; "
                        + "a judge score is a JSON number below 2^53, or null for none")
            default:
                try builder.record(
                    value.compactJSON, text: value.compactJSON, dimension: d, id: id, rationale: nil, line: line, column: d)
            }
        }
    }

    /// Collects rows, checking ids.
    private struct Builder {
        static let noScore = "no score"
        let file: String
        private(set) var dimensions: [String]
        var ids: [String] = []
        var lines: [String: Int] = [:]
        var scores: [String: [String: JudgeScore]] = [:]
        var failures: [String: [String: String]] = [:]
        var words: [String: [String: String]] = [:]
        var wordRationales: [String: [String: String]] = [:]
        var confidences: [String: [String: Double]] = [:]
        /// Per dimension, the first scored row without a confidence: its line and the confidence's column.
        private var unconfident: [String: (line: Int, column: String)] = [:]

        init(file: String, dimensions: [String]) {
            self.file = file
            self.dimensions = dimensions
        }

        /// A dimension first met after `ids`: "no score" for each of them.
        mutating func addDimension(_ dimension: String) {
            dimensions.append(dimension)
            for id in ids { failures[dimension, default: [:]][id] = Self.noScore }
        }

        func requireContent(rows: Int) throws(InputError) {
            guard !dimensions.isEmpty else {
                throw InputError(
                    file: file, line: 1, message: "has no dimension columns; expected id, then one numeric column per dimension")
            }
            guard rows > 0 else { throw InputError(file: file, message: "has no scores; expected one row per id after the header") }
        }

        mutating func add(id: String, line: Int, column: String) throws(InputError) {
            guard !id.isEmpty else { throw InputError(file: file, line: line, column: column, message: "the id is blank") }
            if let first = lines[id] {
                throw InputError(
                    file: file, line: line, column: column, message: "\(id) already has scores on line \(first); give each id once")
            }
            lines[id] = line
            ids.append(id)
        }

        /// A cell's text: blank is no score; a number must be finite; any other text is a word.
        mutating func record(
            _ cell: String?, text: String, dimension: String, id: String, rationale: String?, line: Int, column: String
        ) throws(InputError) {
            guard let cell else {
                failures[dimension, default: [:]][id] = Self.noScore
                return
            }
            guard let number = Double(cell) else {
                guard cell.first != "{", cell.first != "[", cell != "true", cell != "false" else {
                    throw InputError(
                        file: file, line: line, column: column,
                        message: "'\(text)' is not a number or a level's label; a judge score is a finite number, a label, or blank for none")
                }
                record(word: cell, dimension: dimension, id: id, rationale: rationale)
                return
            }
            guard number.isFinite else {
                throw InputError(
                    file: file, line: line, column: column,
                    message: "'\(text)' is not a finite number; a judge score is a finite number, a label, or blank for none")
            }
            record(number, dimension: dimension, id: id, rationale: rationale)
        }

        /// A score written as a word: a level's label, read when the scale is known.
        mutating func record(word: String, dimension: String, id: String, rationale: String?) {
            words[dimension, default: [:]][id] = word
            if let rationale, !rationale.isEmpty { wordRationales[dimension, default: [:]][id] = rationale }
        }

        mutating func record(_ value: Double, dimension: String, id: String, rationale: String?) {
            scores[dimension, default: [:]][id] = JudgeScore(value, rationale: rationale.flatMap { $0.isEmpty ? nil : $0 })
        }

        /// A confidence cell: blank (`nil` with empty `text`) is none, which a scored row may not have
        /// where other rows give one (``checkConfidences()``); else a number in [0, 1].
        mutating func record(
            confidence: Double?, text: String, scored: Bool, dimension: String, id: String, line: Int, column: String
        ) throws(InputError) {
            guard !text.isEmpty else {
                if scored, unconfident[dimension] == nil { unconfident[dimension] = (line, column) }
                return
            }
            guard let confidence, confidence.isFinite, confidence >= 0, confidence <= 1 else {
                throw InputError(
                    file: file, line: line, column: column, message: "'\(text)' is not a confidence; a confidence is a number from 0 to 1")
            }
            confidences[dimension, default: [:]][id] = confidence
        }

        /// Where some row of a dimension gives a confidence, every scored row must.
        ///
        /// - Throws: ``InputError`` at the first scored row without one.
        func checkConfidences() throws(InputError) {
            for d in dimensions where confidences[d] != nil {
                guard let (line, column) = unconfident[d] else { continue }
                throw InputError(
                    file: file, line: line, column: column,
                    message: "has no confidence beside a score, where other rows give one; give every scored row its confidence, a number from 0 to 1")
            }
        }

        func result(model: String?) -> ExternalJudgeScores {
            ExternalJudgeScores(
                file: file, model: model, dimensions: dimensions, ids: ids, lines: lines, scores: scores, failures: failures,
                words: words, wordRationales: wordRationales, confidences: confidences)
        }
    }
}
