import DataFormats
public import Foundation

extension RunImporter {
    /// What `import` wrote: the run, and the dimensions of the judge-scores file when one was asked for.
    public struct Imported: Sendable {
        /// The frozen run.
        public var run: FrozenRun
        /// The judge-scores file written, if one was asked for.
        public var scores: String?
        /// The score dimensions written to the judge-scores file (empty when none was written).
        public var scoreDimensions: [String]
    }

    /// Imports the export at `url` and writes the run to `output` and, for an
    /// Inspect log with `scores`, the scorers' scores as a judge-scores file
    /// (``InspectLog/judgeScoresJSONLines()``): both files or neither.
    ///
    /// - Throws: ``InputError`` for a malformed export, or `scores` asked of a
    ///   format other than Inspect's; ``OutputError`` when a file cannot be written.
    public static func importAndSave(from url: URL, format: RunFormat, name: String?, output: String, scores: String?) throws -> Imported {
        guard let scores else {
            let run = try importRun(from: url, format: format, name: name)
            try run.save(to: URL(fileURLWithPath: output))
            return Imported(run: run, scores: nil, scoreDimensions: [])
        }
        try StagedOutputs.check(scores, role: "judge-scores file")
        guard format == .inspect else {
            throw InputError(
                file: InputFile.displayName(url), message: "is not an Inspect log; only an Inspect log has scorer scores to write")
        }
        let log = try InspectLog.load(from: url)
        let run = try log.frozenRun(name: name ?? url.deletingPathExtension().lastPathComponent)
        var outputs = StagedOutputs()
        try outputs.stage(try run.jsonLines(), at: output, role: "run file")
        try outputs.stage(log.judgeScoresJSONLines(), at: scores, role: "judge-scores file")
        try outputs.commit()
        return Imported(run: run, scores: scores, scoreDimensions: log.scoreDimensions)
    }

    /// What `judgecal import` prints once the run is written to `output`: a line of text
    /// (`imported 42 rows (jsonl) from export.jsonl into book-tags.run.jsonl`, then for an
    /// Inspect log's scores `; scores of includes into S`), or with `json` the object
    /// `{"format", "name", "output", "rows"}` (and `scores`, `scoreDimensions`) as compact JSON.
    public static func summary(
        of imported: Imported, format: RunFormat, from source: String, into output: String, json: Bool
    ) -> String {
        let run = imported.run
        let scores = imported.scores
        guard json else {
            let line = "imported \(run.rows.count) rows (\(format.name)) from \(source) into \(output)"
            guard let scores else { return line }
            return line + "; scores of \(imported.scoreDimensions.joined(separator: ", ")) into \(scores)"
        }
        var summary: [String: JSONValue] = [
            "output": .string(output), "format": .string(format.name), "rows": .number(Double(run.rows.count)),
            "name": .string(run.info.name),
        ]
        if let scores {
            summary["scores"] = .string(scores)
            summary["scoreDimensions"] = .array(imported.scoreDimensions.map(JSONValue.string))
        }
        return JSONValue.object(summary).compactJSON
    }
}
