import CalibrationData
import CalibrationReports
import CommandLineParsing
import DataFormats
import Foundation

/// `judgecal report REPORT.json --html FILE [--markdown FILE] [--text]`: the pages of a saved report.
enum ReportCommand {
    static let html = OptionKey<String?>("html", valueName: "file", help: "Write the HTML page here.")
    static let markdown = OptionKey<String?>("markdown", valueName: "file", help: "Write Markdown here.")
    static let text = Flag("text", help: "Print the report as its command prints it.")
    static let saved = PositionalKey<String>(
        "report", help: "The report (.json) that align, compare, estimate, disagreements or probe wrote.")

    static let command = Command(
        name: "report",
        abstract: "Render a saved report (JSON) as an HTML page, Markdown or text.",
        discussion: """
            Reads the JSON that `align --report FILE.json` or `compare --report FILE.json` wrote \
            (either kind; docs/FORMATS.md) and writes a self-contained HTML page (inline CSS and \
            SVG charts, no script, no network: per dimension the statistic with its interval \
            against the threshold and the verdict, the confusion heatmap, the judge's and the \
            expert's score distributions, the worst disagreements; for a comparison, control \
            against experimental with the paired interval) and/or Markdown. `align` and `compare` \
            write the same pages directly when --report names a .html or .md file. The JSON of \
            estimate, disagreements and probe (--json or --report FILE.json), and the table of align with \
            several --judge-scores files, renders alike; --text prints it.
            Exit codes: 0 written; 64 usage; 65 not a report; 66 a file missing; 73 output folder missing.
            """,
        options: [html, markdown],
        flags: [text],
        positionals: [saved],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        guard arguments.isGiven(html) || arguments.isGiven(markdown) || arguments[text] else {
            throw UsageError("give --html FILE, --markdown FILE, --text or several")
        }
        let report = try ReportDocument(contentsOf: InputFiles.existing(arguments[saved], role: "report"))
        let pages = try [(html, report.html), (markdown, report.markdown)].compactMap { option, page in
            try arguments[option].map { (data: Data(page.utf8), path: $0, role: "report") }
        }
        try StagedOutputs.writeAllOrNone(pages)
        if arguments[text] { console.print(report.text) }
        for page in pages { console.print("wrote \(page.path)") }
        return .success
    }
}
