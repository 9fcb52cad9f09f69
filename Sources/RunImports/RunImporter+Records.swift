import CalibrationData
import DataFormats
import Foundation

extension RunImporter {
    /// The run of a generic export (JSON Lines, a JSON array, CSV) made record by record as
    /// the file streams by, each record mapped to its row (``FieldMapping``) when it is read,
    /// so that no record is kept beside the rows.
    ///
    /// Errors come as from a reading that parses every record first: a record that is not
    /// JSON (thrown by the reader, wherever it is) before a mapping that cannot be applied,
    /// then a label field mapped to the row, then the first record that does not map, in
    /// file order. So the first problem is kept (``add(_:line:)``) and thrown by ``finish()``,
    /// the records after it only parsed.
    struct RecordsImport {
        private let file: String
        private var mapping: FieldMapping
        private let labels: [LabelColumn]
        /// The paths mapped to the row.
        private var mapped: [String]
        private var run: FrozenRun
        private var ratings: ImportedRatings
        /// The first problem met, of the mapping or of a record.
        private var problem: (any Error)?

        /// An import with no rows yet.
        init(file: String, name: String, mapping: FieldMapping, labels: [LabelColumn]) throws {
            self.file = file
            self.mapping = mapping
            self.labels = labels
            mapped = mapping.mappedPaths
            ratings = ImportedRatings(dimensions: labels.map(\.dimension))
            run = try FrozenRun(info: RunInfo(name: name, source: file), rows: [], file: file)
            if let problem = mapping.problem {
                self.problem = InputError(file: file, message: "cannot map the records: \(problem)")
            } else if let label = labels.first(where: { mapped.contains($0.path) }) {
                problem = LabelSheet.SettingsError(.labelColumnMapped(label.path))
            }
        }

        /// Maps the record `value`, which starts on `line`, to its row and ratings, unless a problem was met before.
        mutating func add(_ value: JSONValue, line: Int) {
            guard problem == nil else { return }
            do {
                try addRow(value, line: line)
            } catch {
                problem = error
            }
        }

        /// The run and its ratings.
        ///
        /// - Throws: the first problem met; ``RunImporter/ImportError`` when no record has a label value;
        ///   ``InputError`` when there are no rows.
        func finish() throws -> ImportedRun {
            if let problem { throw problem }
            if !labels.isEmpty, ratings.ratings.isEmpty {
                let paths = labels.map(\.path)
                throw ImportError(
                    InputError(
                        file: file,
                        message: "no record has a value in \(paths.joined(separator: ", ")); check the label columns' names"),
                    .noLabelValues(paths))
            }
            return ImportedRun(run: try RunImporter.nonEmpty(run, file: file), ratings: labels.isEmpty ? nil : ratings)
        }

        private mutating func addRow(_ value: JSONValue, line: Int) throws {
            let file = file
            func field(_ path: String) throws -> JSONValue {
                guard let v = value.value(atPath: path), v != .null else {
                    throw ImportError(
                        InputError(
                            file: file, line: line, column: path,
                            message: "field `\(path)` is missing; map the matching field (id, input, response) to one the records have"),
                        .missingField(path))
                }
                return v
            }
            let input: JSONValue
            if mapping.input.count == 1 {
                input = try field(mapping.input[0])
            } else {
                input = RunImporter.nested(try mapping.input.map { ($0, try field($0)) })
            }
            // A pairwise export's two responses as top-level a and b, read so when the first record has no response field.
            if run.rows.isEmpty, mapping.pairedResponses == nil, mapping.response == FieldMapping().response,
                value.value(atPath: mapping.response) == nil, value["a"] != nil, value["b"] != nil
            {
                mapping.pairedResponses = .init(a: "a", b: "b")
                mapped = mapping.mappedPaths
            }
            let response: JSONValue =
                if let pair = mapping.pairedResponses { .object(["a": try field(pair.a), "b": try field(pair.b)]) } else {
                    try field(mapping.response)
                }
            let expected = mapping.expected.flatMap { value.value(atPath: $0) }.flatMap { $0 == .null ? nil : $0 }
            // The content hash (a fifth of an import's time) only when there is no id to map.
            let id: String
            if let idPath = mapping.id {
                let idValue = try field(idPath)
                guard let text = idValue.identifierText else {
                    throw InputError(file: file, line: line, column: idPath, message: idValue.identifierProblem)
                }
                id = text
            } else {
                id = RunImporter.contentID(input, response)
            }
            // Every field not mapped to the row (nor a label) is metadata; a mapped nested field leaves its siblings.
            let unmapped = (mapped + labels.map(\.path)).reduce(Optional(value)) { rest, path in
                rest.flatMap { RunImporter.removing(path, from: $0) }
            }
            var metadata: [String: JSONValue] = [:]
            if case .object(let o)? = unmapped { metadata = o }
            if case .object(let m)? = unmapped?["metadata"] {
                metadata.removeValue(forKey: "metadata")
                metadata.merge(m) { a, _ in a }
            }
            let row = FrozenRow(id: id, input: input, expected: expected, response: response, metadata: metadata)
            if mapping.id == nil {
                try RunImporter.appendContentIdentified(
                    row, to: &run, file: file, line: line, column: nil, remedy: .mapIDField)
            } else {
                try run.append(row, file: file, line: line)
            }
            for label in labels {
                guard let text = try RunImporter.ratingText(value.value(atPath: label.path), file: file, line: line, column: label.path)
                else { continue }
                ratings.ratings.append(.init(id: id, rater: "", dimension: label.dimension, value: text))
            }
        }
    }
}
