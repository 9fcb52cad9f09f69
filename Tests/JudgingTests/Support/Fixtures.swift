import DataFormats
import EvaluationCore
import Foundation
import Judging
import _TestSupport

/// Files and rows the judging tests read.
enum Fixtures {
    /// A file under `Tests/JudgingTests/Resources`.
    static func resource(_ path: String) -> URL {
        SharedData.projectURL("Tests/JudgingTests/Resources/\(path)")
    }

    /// The text of a resource file.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: resource(path), encoding: .utf8)
    }

    /// A sample rubric under `rubrics/`.
    static func rubric(_ name: String) throws -> Rubric {
        try Rubric.load(from: SharedData.projectURL("rubrics/\(name)"))
    }

    /// The 42 rows of the repository's sample run
    /// `notebooks-data/book-tags.run.jsonl`, without its header line.
    static func bookRows() throws -> [JSONValue] {
        try rows(in: Data(contentsOf: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))).filter { $0["id"] != nil }
    }

    /// The sample run's row `id`.
    static func bookRow(_ id: String) throws -> JSONValue {
        guard let row = try bookRows().first(where: { $0["id"]?.string == id }) else {
            throw InputError(file: "notebooks-data/book-tags.run.jsonl", message: "there is no row \(id)")
        }
        return row
    }

    /// Expert-a's scores per row id, from `calibration/book-tags.labels.csv`,
    /// read by the toolkit's CSV reader.
    static func expertALabels() throws -> [String: [String: LevelLabel]] {
        let table = try SharedData.projectCSV("calibration/book-tags.labels.csv")
        let id = try table.requireColumn(named: "id")
        let relevance = try table.requireColumn(named: "relevance")
        let usefulness = try table.requireColumn(named: "usefulness")
        var labels: [String: [String: LevelLabel]] = [:]
        for row in 0..<table.rowCount {
            labels[table[row, id]] = ["Relevance": LevelLabel(table[row, relevance]), "Usefulness": LevelLabel(table[row, usefulness])]
        }
        return labels
    }

    /// The first SummEval summary, with its source article as `input` and its
    /// first reference summary as `expected`, read from the shared data.
    static func summEvalRow() throws -> JSONValue {
        let summary = try firstLine(of: "data/summeval/summeval_expert_means.jsonl")
        let id = summary["doc_id"]?.string ?? ""
        let source = try rows(in: Data(contentsOf: SharedData.url("data/summeval/summeval_sources_refs.jsonl")))
            .first { $0["doc_id"]?.string == id }
        return .object([
            "id": .string("\(id):\(summary["system_id"]?.string ?? "")"),
            "input": source?["src"] ?? .null,
            "expected": summary["ref_summ"] ?? .null,
            "response": summary["summary"] ?? .null,
        ])
    }

    /// One SummEval summary for each of the first `documents` documents, in file order: document
    /// d's (d mod 16)-th summary, so that the systems vary; shaped as ``summEvalRow()``.
    static func summEvalRows(documents: Int) throws -> [JSONValue] {
        let summaries = try rows(in: Data(contentsOf: SharedData.url("data/summeval/summeval_expert_means.jsonl")))
        let sources = try rows(in: Data(contentsOf: SharedData.url("data/summeval/summeval_sources_refs.jsonl")))
        var byDocument: [(id: String, summaries: [JSONValue])] = []
        for summary in summaries {
            let id = summary["doc_id"]?.string ?? ""
            if byDocument.last?.id == id {
                byDocument[byDocument.count - 1].summaries.append(summary)
            } else {
                byDocument.append((id, [summary]))
            }
        }
        return byDocument.prefix(documents).enumerated().map { d, document in
            let summary = document.summaries[d % document.summaries.count]
            return .object([
                "id": .string("\(document.id):\(summary["system_id"]?.string ?? "")"),
                "input": sources.first { $0["doc_id"]?.string == document.id }?["src"] ?? .null,
                "expected": summary["ref_summ"] ?? .null,
                "response": summary["summary"] ?? .null,
            ])
        }
    }

    /// The 12 HANNA stories of `Resources/hanna/beluga-13b-stories.jsonl` (its README says where
    /// they come from).
    static func hannaRows() throws -> [JSONValue] {
        try rows(in: Data(contentsOf: resource("hanna/beluga-13b-stories.jsonl")))
    }

    /// The rubric over the HANNA stories, `Resources/hanna/hanna-stories.md`.
    static func hannaRubric() throws -> Rubric {
        try Rubric.load(from: resource("hanna/hanna-stories.md"))
    }

    /// The first Newsroom instance, split into its summary and article.
    static func newsroomRow() throws -> JSONValue {
        let data = try Data(contentsOf: SharedData.url("data/judge-bench/newsroom__newsroom.json"))
        let file = try JSONDecoder().decode(JSONValue.self, from: data)
        let instance = file["instances"]?.array?.first
        let text = instance?["instance"]?.string ?? ""
        let parts = text.components(separatedBy: "### Source Article")
        let summary = parts[0].replacingOccurrences(of: "### Generated Summary", with: "")
        return .object([
            "id": .string("newsroom-\(instance?["id"].map(\.description) ?? "?")"),
            "input": .string(parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespacesAndNewlines) : ""),
            "response": .string(summary.trimmingCharacters(in: .whitespacesAndNewlines)),
        ])
    }

    private static func firstLine(of path: String) throws -> JSONValue {
        let data = try Data(contentsOf: SharedData.url(path))
        let end = data.firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
        return try JSONDecoder().decode(JSONValue.self, from: data[data.startIndex..<end])
    }

    private static func rows(in data: Data) throws -> [JSONValue] {
        try JSONRecords.split(data, file: "rows").map { try JSONDecoder().decode(JSONValue.self, from: $0.data) }
    }

    /// Compares `text` with the golden file `goldens/<name>`; with
    /// `JUDGECAL_RECORD_GOLDENS=1` in the environment, writes it instead.
    static func matchesGolden(_ text: String, _ name: String) throws -> Bool {
        let url = resource("goldens/\(name)")
        if ProcessInfo.processInfo.environment["JUDGECAL_RECORD_GOLDENS"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return try String(contentsOf: url, encoding: .utf8) == text
    }
}
