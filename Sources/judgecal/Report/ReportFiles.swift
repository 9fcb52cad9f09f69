import Calibration
import CommandLineParsing
import DataFormats
import EvaluationCore
import Foundation

/// Writes a report in the format its file name asks for: `.html`/`.htm` a
/// self-contained page, `.md`/`.markdown` Markdown, anything else the JSON of
/// docs/FORMATS.md (what `--report` wrote before the pages existed).
enum ReportFiles {
    /// A report kind that renders in every format.
    enum Report {
        case alignment(AlignmentReport)
        case comparison(RubricComparison)

        func json() throws -> Data {
            switch self {
            case .alignment(let r): try JSONEncoder.sorted.encode(r)
            case .comparison(let c): try JSONEncoder.sorted.encode(c)
            }
        }

        var html: String {
            switch self {
            case .alignment(let r): r.renderHTML()
            case .comparison(let c): c.renderHTML()
            }
        }

        var markdown: String {
            switch self {
            case .alignment(let r): r.renderMarkdown()
            case .comparison(let c): c.renderMarkdown()
            }
        }
    }

    /// Writes `report` to `path` (whose folder must exist), atomically, in the format its extension names.
    static func write(_ report: Report, to path: String) throws {
        let url = try InputFiles.output(path)
        let data: Data
        switch url.pathExtension.lowercased() {
        case "html", "htm": data = Data(report.html.utf8)
        case "md", "markdown": data = Data(report.markdown.utf8)
        default: data = try report.json()
        }
        try data.write(to: url, options: .atomic)
    }

    /// Reads a JSON report written by `align` or `compare` (a comparison has `controlName`).
    static func read(_ path: String) throws -> Report {
        let url = try InputFiles.existing(path, role: "report")
        let data = try InputFile.read(url)
        struct Kind: Decodable { var controlName: String? }
        do {
            let decoder = JSONDecoder()
            if try decoder.decode(Kind.self, from: data).controlName != nil {
                return .comparison(try decoder.decode(RubricComparison.self, from: data))
            }
            return .alignment(try decoder.decode(AlignmentReport.self, from: data))
        } catch let error as DecodingError {
            throw InputError(
                file: InputFile.displayName(url),
                message: "is not an alignment or comparison report (docs/FORMATS.md): \(error.readableDescription)")
        }
    }
}
