import DataFormats
public import Judging

extension JudgmentSet {
    /// The failed rows' failure codes (`invalid-json`, `off-scale`, `transport`…) by row id.
    public var failureCodes: [String: String] {
        Dictionary(judgments.compactMap { j in j.failure.map { (j.id, $0.code) } }, uniquingKeysWith: { first, _ in first })
    }

    /// Checks that these judgments were made with `rubric` (same name and version), so that the
    /// rationales shown beside it answer its text.
    ///
    /// - Throws: ``InputError`` naming both rubrics when they differ.
    public func checkMade(with rubric: Rubric) throws {
        guard self.rubric != rubric.name || self.rubricVersion != rubric.version else { return }
        func title(_ name: String, _ version: String?) -> String { version.map { "\(name) v\($0)" } ?? name }
        throw InputError(
            file: rubric.file,
            message:
                "the judgments were made with the rubric \(title(self.rubric, rubricVersion)), not \(title(rubric.name, rubric.version)); judge the run with this rubric or give its judgments")
    }
}
