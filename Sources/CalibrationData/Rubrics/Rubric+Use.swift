import DataFormats
public import Foundation
public import Judging

extension Rubric {
    /// The rubric at `url` (Markdown, or JSON by extension), refused when lint
    /// finds an error in it.
    ///
    /// Every command that takes a rubric reads it here, so none uses one that
    /// cannot be scored or labelled as written — two dimensions whose names are
    /// equal without regard to case would read one judge member and one sheet
    /// column (`rubric lint` reports the same finding as a diagnostic).
    ///
    /// - Throws: ``InputError`` naming the file and the line of the first lint error.
    public static func loadForUse(from url: URL) throws -> Rubric {
        let rubric = try Rubric.load(from: url)
        if let error = RubricLinter.lint(rubric).first(where: { $0.severity == .error }) {
            throw InputError(file: error.file, line: error.line, message: error.message)
        }
        return rubric
    }
}
