import DataFormats

extension RunImporter {
    /// What `judgecal import` prints once `run` is written to `output`: a line of text
    /// (`imported 42 rows (jsonl) from export.jsonl into book-tags.run.jsonl`), or with `json`
    /// the object `{"format", "name", "output", "rows"}` as compact JSON.
    public static func summary(of run: FrozenRun, format: RunFormat, from source: String, into output: String, json: Bool) -> String {
        guard json else { return "imported \(run.rows.count) rows (\(format.name)) from \(source) into \(output)" }
        let summary: JSONValue = .object([
            "output": .string(output), "format": .string(format.name), "rows": .number(Double(run.rows.count)), "name": .string(run.info.name),
        ])
        return summary.compactJSON
    }
}
