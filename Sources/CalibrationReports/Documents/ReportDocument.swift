public import Calibration
import DataFormats
public import Foundation
public import JudgeProbes

/// A saved report of any kind `judgecal` writes as JSON, read back and written again.
///
/// An alignment (of scores, or of preferences), a rubric comparison, run estimates, a disagreement digest or a
/// probe report, read from its JSON and written as JSON, HTML, Markdown or text
/// (`judgecal report`). Each kind renders itself where it lives; this type only
/// tells them apart.
public enum ReportDocument: Sendable {
    /// An alignment of a judge with experts.
    case alignment(AlignmentReport)
    /// A comparison of two rubrics.
    case comparison(RubricComparison)
    /// Corrected run estimates (the estimate's JSON).
    case estimate(EstimationReport)
    /// A disagreement digest (the digest's JSON).
    case digest(DisagreementDigest)
    /// A probe report (the probe's JSON).
    case probe(ProbeReport)
    /// A pairwise judge's preferences against human preferences (a pairwise alignment).
    case preference(PreferenceAlignment)
    /// Several judges side by side (`align` with several judge-score files).
    case judgeTable(JudgeTable)

    /// The kinds, told apart by a key only that kind's JSON has at the top level.
    private enum Kind: String {
        case alignment, comparison, estimate = "run estimates", digest = "disagreement digest", probe = "probe report"
        case preference = "preference alignment"
        case judgeTable = "several judges' table"

        init(_ value: JSONValue) {
            self =
                if value["controlName"] != nil { .comparison } else if value["probes"] != nil && value["placebo"] != nil {
                    .probe
                } else if value["rowsInRun"] != nil { .digest } else if value["sampling"] != nil && value["level"] != nil {
                    .estimate
                } else if value["inconsistentAsTies"] != nil { .preference } else if value["reports"] != nil && value["judges"] != nil {
                    .judgeTable
                } else { .alignment }
        }

        /// The schema version this build reads, for the kinds that carry one.
        var schemaVersion: Int? {
            switch self {
            case .alignment: AlignmentReport.currentSchemaVersion
            case .comparison: RubricComparison.currentSchemaVersion
            case .estimate, .preference: nil
            case .digest: DisagreementDigest.currentSchemaVersion
            case .probe: ProbeReport.currentSchemaVersion
            case .judgeTable: JudgeTable.currentSchemaVersion
            }
        }
    }

    /// Reads a report from its JSON (docs/FORMATS.md), its kind told by a key only
    /// that kind has: `controlName` (comparison), `probes` and `placebo` (probe report),
    /// `rowsInRun` (digest), `sampling` and `level` (estimates), `inconsistentAsTies` (preference
    /// alignment), `reports` and `judges` (several judges' table), else an alignment.
    ///
    /// The JSON goes through the depth-checked, locating parser first (so a
    /// bad byte is named by line and column, and deep nesting is refused
    /// rather than overflowing the stack), then is decoded, then checked with
    /// ``validate(file:lines:)`` so that no renderer draws a report that does
    /// not fit together.
    ///
    /// - Throws: ``InputError`` naming `file` when the JSON is not a report of
    ///   any kind, or names the JSON path of the value that cannot be drawn.
    public init(json data: Data, file: String) throws {
        let (value, lines) = try JSONValue.parseLocated(data, file: file)
        // An unknown schema is named as such, before its fields fail to decode.
        let kind = Kind(value)
        if let current = kind.schemaVersion, let version = value["schemaVersion"]?.double, version != Double(current) {
            throw InputError(
                file: file, line: lines.line(of: "schemaVersion"), column: "schemaVersion",
                message:
                    "cannot render this report: schema version \(version.plainText) is not one this judgecal reads (it reads \(current)); use the judgecal that wrote it"
            )
        }
        do {
            let decoder = JSONDecoder()
            switch kind {
            case .alignment: self = .alignment(try decoder.decode(AlignmentReport.self, from: data))
            case .comparison: self = .comparison(try decoder.decode(RubricComparison.self, from: data))
            case .estimate: self = .estimate(try decoder.decode(EstimationReport.self, from: data))
            case .digest: self = .digest(try decoder.decode(DisagreementDigest.self, from: data))
            case .probe: self = .probe(try decoder.decode(ProbeReport.self, from: data))
            case .preference: self = .preference(try decoder.decode(PreferenceAlignment.self, from: data))
            case .judgeTable: self = .judgeTable(try decoder.decode(JudgeTable.self, from: data))
            }
        } catch let error as DecodingError {
            throw InputError(
                file: file,
                message:
                    "is not a report judgecal renders (an alignment, preference alignment or comparison report, several judges' table, run estimates, a disagreement digest or a probe report; docs/FORMATS.md): read as \(kind.rawValue), \(error.readableDescription)"
            )
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
        case .estimate(let e): try JSONEncoder.report.encode(e)
        case .digest(let d): try JSONEncoder.report.encode(d)
        case .probe(let p): try JSONEncoder.report.encode(p)
        case .preference(let p): try JSONEncoder.report.encode(p)
        case .judgeTable(let t): try JSONEncoder.report.encode(t)
        }
    }

    /// The report as a self-contained HTML page.
    public var html: String {
        switch self {
        case .alignment(let r): r.renderHTML()
        case .comparison(let c): c.renderHTML()
        case .estimate(let e): e.renderHTML()
        case .digest(let d): d.renderHTML()
        case .probe(let p): p.renderHTML()
        case .preference(let p): p.renderHTML()
        case .judgeTable(let t): t.renderHTML()
        }
    }

    /// The report as Markdown.
    public var markdown: String {
        switch self {
        case .alignment(let r): r.renderMarkdown()
        case .comparison(let c): c.renderMarkdown()
        case .estimate(let e): e.renderMarkdown()
        case .digest(let d): d.renderMarkdown()
        case .probe(let p): p.renderMarkdown()
        case .preference(let p): p.renderMarkdown()
        case .judgeTable(let t): t.renderMarkdown()
        }
    }

    /// The report's verdicts as test cases for a CI reporter, in a suite named for `command`; `nil` for
    /// a kind without verdicts (estimates, a digest).
    public func verdictSuite(command: String) -> VerdictSuite? {
        switch self {
        case .alignment(let r): r.verdictSuite(command: command)
        case .comparison(let c): c.verdictSuite(command: command)
        case .probe(let p): p.verdictSuite(command: command)
        case .preference(let p): p.verdictSuite(command: command)
        case .judgeTable(let t): t.verdictSuite(command: command)
        case .estimate, .digest: nil
        }
    }

    /// The report as the text its command prints.
    public var text: String {
        switch self {
        case .alignment(let r): r.renderText()
        case .comparison(let c): c.renderText()
        case .estimate(let e): e.renderText()
        case .digest(let d): d.renderText()
        case .probe(let p): p.renderText()
        case .preference(let p): p.renderText()
        case .judgeTable(let t): t.renderText()
        }
    }
}
