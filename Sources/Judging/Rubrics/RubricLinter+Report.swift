import DataFormats

extension RubricLinter {
    /// What `judgecal rubric lint` prints: each finding on a line as compilers write them
    /// (`file:line: warning: message`), or `RUBRIC: no problems found`; with `json`, the findings
    /// as a compact JSON array of ``Diagnostic/jsonValue``.
    public static func report(_ findings: [Diagnostic], rubric: String, json: Bool) -> String {
        if json { return JSONValue.array(findings.map(\.jsonValue)).compactJSON }
        return findings.isEmpty ? "\(rubric): no problems found" : findings.map(\.description).joined(separator: "\n")
    }

    /// Whether `findings` fail a lint: any error, or with `strict` any finding at all.
    public static func fails(_ findings: [Diagnostic], strict: Bool) -> Bool {
        strict ? !findings.isEmpty : findings.contains { $0.severity == .error }
    }
}
