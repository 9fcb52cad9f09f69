import DataFormats
import EvaluationCore
public import Foundation
import Judging

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
    /// then one ``Judgment`` per line.
    public func jsonLines() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var out = try encoder.encode(Header(judgments: HeaderFields(run: run, rubric: rubric, rubricVersion: rubricVersion, model: model)))
        out.append(UInt8(ascii: "\n"))
        for j in judgments {
            out.append(try encoder.encode(j))
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Reads a set written by ``jsonLines()``.
    ///
    /// - Throws: ``InputError`` naming the line (and, for JSON that does not
    ///   parse, the column) that does not decode.
    public static func load(from url: URL) throws -> JudgmentSet {
        let name = InputFile.displayName(url)
        let records = try JSONRecords.split(try InputFile.read(url), file: name)
        guard let first = records.first else { throw InputError(file: name, message: "is empty; expected judgments") }
        let decoder = JSONDecoder()
        func decode<T: Decodable>(_ type: T.Type, _ record: JSONRecords.Record) throws -> T {
            // The depth-checked, locating parser first: a bad byte is named by line and column,
            // and the decoder never sees nesting deep enough to exhaust the stack.
            _ = try JSONValue.parse(record.data, file: name, firstLine: record.line)
            do {
                return try decoder.decode(type, from: record.data)
            } catch let error as DecodingError {
                throw InputError(file: name, line: record.line, message: error.readableDescription)
            }
        }
        let header = try decode(Header.self, first).judgments
        let judgments = try records.dropFirst().map { try decode(Judgment.self, $0) }
        return JudgmentSet(
            run: header.run, rubric: header.rubric, rubricVersion: header.rubricVersion, model: header.model, judgments: judgments)
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
        let writer = CSVWriter()
        var lines = [["id", "dimension", "rater", "score", "label", "rationale", "failure"]]
        let rater = "judge:\(model)"
        for j in judgments {
            for d in dimensions {
                if let s = j.score(d) {
                    lines.append([j.id, d, rater, JSONValue.number(s.score).plainText, s.label, s.rationale, ""])
                } else {
                    lines.append([j.id, d, rater, "", "", "", j.failure?.code ?? "not-scored"])
                }
            }
        }
        return lines.map { writer.record($0.map(CSVWriter.spreadsheetSafe)) }.joined()
    }
}
