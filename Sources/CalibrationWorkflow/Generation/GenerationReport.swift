internal import DataFormats
internal import Foundation
public import SampleGeneration

/// What `judgecal generate` reports: the generated run, the summary and every row set aside.
public struct GenerationReport: Sendable, Codable {
    /// A row, or a reply, set aside.
    public struct Invalid: Sendable, Codable, Hashable {
        /// Why, in one word.
        public var kind: InvalidSampleKind
        /// Why, in a sentence.
        public var reason: String
        /// The request whose reply held it.
        public var request: Int
        /// The row's JSON, or the reply's text when it did not read.
        public var text: String

        /// The entry for an invalid sample.
        public init(_ invalid: InvalidSample<GeneratedRow>) {
            kind = invalid.kind
            reason = invalid.reason
            request = invalid.request
            text = invalid.sample.map { $0.json.description } ?? invalid.text ?? ""
        }
    }

    /// The generated run's file, or `nil` when no row was kept (and no file written).
    public var output: String?
    /// Rows written.
    public var rows: Int
    /// Where the generation ended.
    public var summary: GenerationSummary
    /// Every row and reply set aside, in order.
    public var invalid: [Invalid]

    /// Creates the value from its parts.
    package init(output: String? = nil, rows: Int, summary: GenerationSummary, invalid: [Invalid]) {
        self.output = output
        self.rows = rows
        self.summary = summary
        self.invalid = invalid
    }

    /// The report as text: the summary line, the file, then one line per row set aside (its reason
    /// made visible through ``TerminalText``: a model's or a validator's words reach the terminal).
    public func renderText() -> String {
        var lines = ["generated: \(summary.renderLine())"]
        lines.append(output.map { "wrote \(rows) rows to \($0)" } ?? "no row kept; no file written")
        for entry in invalid {
            lines.append("set aside (request \(entry.request), \(entry.kind.rawValue)): \(TerminalText.visible(entry.reason))")
        }
        return lines.joined(separator: "\n")
    }

    /// The report as pretty-printed JSON with sorted keys.
    public func renderJSON() throws -> String { String(decoding: try JSONEncoder.report.encode(self), as: UTF8.self) }
}
