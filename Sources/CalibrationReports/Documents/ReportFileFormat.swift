public import Calibration
import DataFormats
public import Foundation

/// The form a report file takes, chosen by its extension: a page for `.html`
/// or `.htm`, Markdown for `.md` or `.markdown`, JSON otherwise.
///
/// Every report file a command writes chooses its form here.
public enum ReportFileFormat: Sendable, Hashable {
    /// A self-contained HTML page.
    case html
    /// Markdown.
    case markdown
    /// JSON (keys sorted).
    case json

    /// The form the file at `url` takes.
    public init(_ url: URL) {
        switch url.pathExtension.lowercased() {
        case "html", "htm": self = .html
        case "md", "markdown": self = .markdown
        default: self = .json
        }
    }

    /// The file's bytes: `html()`, `markdown()` or `json()`, whichever this form is.
    func contents(html: () -> String, markdown: () -> String, json: () throws -> Data) rethrows -> Data {
        switch self {
        case .html: Data(html().utf8)
        case .markdown: Data(markdown().utf8)
        case .json: try json()
        }
    }
}

extension DisagreementDigest {
    /// The digest as a file to write at `path`, in the form its extension names
    /// (``ReportFileFormat``), for ``StagedOutputs/writeAllOrNone(_:after:)``.
    public func file(at path: String) throws -> (data: Data, path: String, role: String) {
        let data = try ReportFileFormat(URL(fileURLWithPath: path)).contents(
            html: renderHTML, markdown: renderMarkdown, json: { try JSONEncoder.report.encode(self) })
        return (data, path, "report")
    }
}
