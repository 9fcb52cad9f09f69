import DataFormats
import EvaluationCore
public import Foundation
public import Judging

extension JudgmentSet {
    private struct Header: Codable {
        var judgments: HeaderFields
    }

    private struct HeaderFields: Codable {
        var run: String
        var rubric: String
        var rubricVersion: String?
        var model: String
    }

    /// The set as JSON Lines: a header `{"judgments": {run, rubric, rubricVersion, model}}`,
    /// then one ``Judgment`` per line (``FileLines``).
    public func jsonLines() throws -> Data {
        let lines = FileLines(run: run, rubric: rubric, rubricVersion: rubricVersion, model: model, dimensions: [])
        var out = try lines.jsonHeader()
        for j in judgments { out.append(try lines.json(j)) }
        return out
    }

    /// The lines of a judgments file and of its tidy CSV, a judgment at a time: what ``jsonLines()``
    /// and ``tidyCSV(dimensions:)`` write, for a writer that writes judgments as they come.
    public struct FileLines {
        private let header: Header
        private let dimensions: [String]
        private let encoder = JSONEncoder()
        private let csv = CSVWriter()

        /// The lines of the judgments of `run` with `rubric` by `model`, the CSV's over `dimensions`.
        public init(run: String, rubric: String, rubricVersion: String?, model: String, dimensions: [String]) {
            header = Header(judgments: HeaderFields(run: run, rubric: rubric, rubricVersion: rubricVersion, model: model))
            self.dimensions = dimensions
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        }

        /// The judgments file's first line, `{"judgments": {run, rubric, rubricVersion, model}}`, and its newline.
        public func jsonHeader() throws -> Data {
            try line(header)
        }

        /// `judgment`'s line of the judgments file, with its newline: the JSON with sorted keys, slashes unescaped.
        public func json(_ judgment: Judgment) throws -> Data {
            try line(judgment)
        }

        private func line(_ value: some Encodable) throws -> Data {
            var out = try encoder.encode(value)
            out.append(UInt8(ascii: "\n"))
            return out
        }

        /// The tidy CSV's header record: `id, dimension, rater, score, label, rationale, failure, confidence`
        /// (the judge's confidence in the level, blank where it gave none).
        public var csvHeader: String {
            csv.record(["id", "dimension", "rater", "score", "label", "rationale", "failure", "confidence"])
        }

        /// `judgment`'s records of the tidy CSV, one per dimension (``JudgmentSet/tidyCSV(dimensions:)``).
        public func csv(_ judgment: Judgment) -> String {
            let rater = "judge:\(header.judgments.model)"
            var out = ""
            for d in dimensions {
                let cells =
                    if let s = judgment.score(d) {
                        [
                            judgment.id, d, rater, JSONValue.number(s.score).plainText, s.label, s.rationale, "",
                            s.confidence.map { JSONValue.number($0.value).plainText } ?? "",
                        ]
                    } else {
                        [judgment.id, d, rater, "", "", "", judgment.failure?.code ?? "not-scored", ""]
                    }
                out += csv.record(cells.map(CSVWriter.spreadsheetSafe))
            }
            return out
        }
    }

    /// Reads a set written by ``jsonLines()``: ``forEachJudgment(inFileAt:_:)`` with every judgment kept.
    ///
    /// - Throws: ``InputError`` naming the line (and, for JSON that does not
    ///   parse, the column) that does not decode.
    public static func load(from url: URL) throws -> JudgmentSet {
        var judgments: [Judgment] = []
        var set = try forEachJudgment(inFileAt: url) { judgments.append($0) }
        set.judgments = judgments
        return set
    }

    /// Reads a set written by ``jsonLines()`` a judgment at a time, handing each to `body` in file order
    /// and keeping none: memory holds a window of the file and one judgment, raw replies and all, not the
    /// file (``DataFormats/JSONLinesReader/forEachLine(in:file:_:)``). A file written as one JSON array is
    /// read whole first, as ``load(from:)`` reads it.
    ///
    /// The first record is the header; every other non-blank line is one ``Judgment``. Each record is
    /// parsed by ``DataFormats/JSONValue``'s locating parser before it is decoded, so a bad byte is named
    /// by line and column and the decoder never sees nesting deep enough to exhaust the stack. `body`
    /// has had the judgments before a line that does not decode when the error is thrown.
    ///
    /// - Returns: the set's run, rubric, rubric version and model, with no judgments.
    /// - Throws: ``InputError`` naming the file when it cannot be read or is empty, and the line (and,
    ///   for JSON that does not parse, the column) that does not decode; what `body` throws.
    @discardableResult
    public static func forEachJudgment(inFileAt url: URL, _ body: (Judgment) throws -> Void) throws -> JudgmentSet {
        let name = InputFile.displayName(url)
        let decoder = JSONDecoder()
        var header: HeaderFields?
        func take(_ data: Data, line: Int) throws {
            // The depth-checked, locating parser first: a bad byte is named by line and column,
            // and the decoder never sees nesting deep enough to exhaust the stack.
            _ = try JSONValue.parse(data, file: name, firstLine: line)
            let judgment: Judgment
            do {
                guard header != nil else {
                    header = try decoder.decode(Header.self, from: data).judgments
                    return
                }
                judgment = try decoder.decode(Judgment.self, from: data)
            } catch let error as DecodingError {
                throw InputError(file: name, line: line, message: error.readableDescription)
            }
            try body(judgment)
        }
        var thrown: (any Error)?
        let isLines: Bool
        do {
            isLines = try JSONLinesReader.forEachLine(in: .file(url), file: name) { bytes, line throws(InputError) in
                do {
                    try take(Data(buffer: bytes), line: line)
                } catch let error as InputError {
                    throw error
                } catch {
                    // Carried out of the reader, whose errors are input errors, and thrown as it is below.
                    thrown = error
                    throw InputError(file: name, line: line, message: "stopped by \(error)")
                }
            }
        } catch {
            throw thrown ?? error
        }
        if !isLines {
            for record in try JSONRecords.split(try InputFile.read(url), file: name) { try take(record.data, line: record.line) }
        }
        guard let header else { throw InputError(file: name, message: "is empty; expected judgments") }
        return JudgmentSet(
            run: header.run, rubric: header.rubric, rubricVersion: header.rubricVersion, model: header.model, judgments: [])
    }

    /// The judgments in long ("tidy") form for notebooks: one CSV row per row × dimension,
    /// with columns `id, dimension, rater, score, label, rationale, failure`.
    ///
    /// A failed row has one line per dimension with an empty score and the failure code.
    /// Every cell is written through ``DataFormats/CSVWriter/spreadsheetSafe(_:)``, so a
    /// rationale or id beginning with `=`, `+`, `-` or `@` opens in a spreadsheet as text
    /// after a `'` (undone by ``DataFormats/CSVWriter/spreadsheetOriginal(_:)``), never as a
    /// formula; a number, such as a score of `-2`, is written as it is.
    public func tidyCSV(dimensions: [String]) -> String {
        let lines = FileLines(run: run, rubric: rubric, rubricVersion: rubricVersion, model: model, dimensions: dimensions)
        return judgments.reduce(into: lines.csvHeader) { $0 += lines.csv($1) }
    }
}
