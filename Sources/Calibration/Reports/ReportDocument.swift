import DataFormats
public import Foundation

/// A saved report of either kind — an alignment or a rubric comparison —
/// read from its JSON and written as JSON, HTML or Markdown by file extension.
public enum ReportDocument: Sendable {
    /// An alignment of a judge with experts.
    case alignment(AlignmentReport)
    /// A comparison of two rubrics.
    case comparison(RubricComparison)

    /// Reads a report from its JSON (docs/FORMATS.md); a comparison is told
    /// by its `controlName` key.
    ///
    /// The JSON goes through the depth-checked, locating parser first (so a
    /// bad byte is named by line and column, and deep nesting is refused
    /// rather than overflowing the stack), then is decoded, then checked with
    /// ``validate(file:lines:)`` so that no renderer draws a report that does
    /// not fit together.
    ///
    /// - Throws: ``InputError`` naming `file` when the JSON is not a report of
    ///   either kind, or names the JSON path of the value that cannot be drawn.
    public init(json data: Data, file: String) throws {
        let (value, lines) = try JSONValue.parseLocated(data, file: file)
        // An unknown schema is named as such, before its fields fail to decode.
        let current = value["controlName"] == nil ? AlignmentReport.currentSchemaVersion : RubricComparison.currentSchemaVersion
        if let version = value["schemaVersion"]?.double, version != Double(current) {
            throw InputError(
                file: file, line: lines.line(of: "schemaVersion"), column: "schemaVersion",
                message:
                    "cannot render this report: schema version \(version.plainText) is not one this judgecal reads (it reads \(current)); use the judgecal that wrote it"
            )
        }
        struct Kind: Decodable { var controlName: String? }
        do {
            let decoder = JSONDecoder()
            if try decoder.decode(Kind.self, from: data).controlName != nil {
                self = .comparison(try decoder.decode(RubricComparison.self, from: data))
            } else {
                self = .alignment(try decoder.decode(AlignmentReport.self, from: data))
            }
        } catch let error as DecodingError {
            throw InputError(
                file: file, message: "is not an alignment or comparison report (docs/FORMATS.md): \(error.readableDescription)")
        }
        try validate(file: file, lines: lines)
    }

    /// The report saved at `url` (the JSON that `align` or `compare` wrote), validated.
    public init(contentsOf url: URL) throws {
        try self.init(json: InputFile.read(url), file: InputFile.displayName(url))
    }

    /// The report as a file to write at `path`, in the form its extension
    /// names (``contents(for:)``), for ``StagedOutputs/writeAllOrNone(_:after:)``.
    public func file(at path: String) throws -> (data: Data, path: String, role: String) {
        (try contents(for: URL(fileURLWithPath: path)), path, "report")
    }

    /// The report as the file at `url` should hold it: a page for `.html` or
    /// `.htm`, Markdown for `.md` or `.markdown`, JSON otherwise.
    public func contents(for url: URL) throws -> Data {
        try ReportFileFormat(url).contents(html: { html }, markdown: { markdown }, json: json)
    }

    /// The report as JSON (keys sorted).
    public func json() throws -> Data {
        switch self {
        case .alignment(let r): try JSONEncoder.report.encode(r)
        case .comparison(let c): try JSONEncoder.report.encode(c)
        }
    }

    /// The report as a self-contained HTML page.
    public var html: String {
        switch self {
        case .alignment(let r): r.renderHTML()
        case .comparison(let c): c.renderHTML()
        }
    }

    /// The report as Markdown.
    public var markdown: String {
        switch self {
        case .alignment(let r): r.renderMarkdown()
        case .comparison(let c): c.renderMarkdown()
        }
    }
}
