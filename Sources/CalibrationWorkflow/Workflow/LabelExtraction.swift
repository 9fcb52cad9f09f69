import Calibration
public import CalibrationData
import CalibrationReports
import DataFormats
public import Foundation
public import Judging

/// What `judgecal extract` writes: the label sheet (and its page), or one
/// sheet and page per named rater, checked and drawn before anything is written.
///
/// With ``LabelSheet/Options/raters`` the sheet is split by rater
/// (``LabelSheet/sheet(forRater:)``): `out.labels.csv` becomes
/// `out.alice.labels.csv`, `out.bob.labels.csv`, … (the rater before
/// `.labels.csv`, or before the extension), and `page.html` becomes
/// `page.alice.html`, …; each shows only that rater's rows, and the sheets
/// read together (given together as label sheets) merge their raters.
/// A drawn batch (``LabelSheet/Options/sample``) also writes the run's
/// ``SamplingFrame`` beside the sheet, `out.frame.csv` (one for all raters),
/// which `judgecal estimate` finds there.
public struct LabelExtraction: Sendable {
    /// The files to write, all or none (``StagedOutputs/writeAllOrNone(_:)``).
    public let files: [(data: Data, path: String, role: String)]
    /// The line the command prints.
    public let summary: String

    /// Draws the sheet and renders its files.
    ///
    /// - Parameters:
    ///   - runFile: the run's path, named in errors.
    ///   - earlier: the label set's earlier sheets, whose rows the batch does not draw again (a next batch).
    ///   - earlierValues: whether the earlier sheets' scores are levels or means of several experts.
    ///   - output: the sheet's path; `html` the page's, if one is wanted.
    ///   - labelStudio: the folder to write the sheet's rows into as a Label Studio project
    ///     (``CalibrationReports/LabelStudioProject``: one task per row, whoever is to label it), if one is wanted.
    ///   - planned: the rows planned for the label set, shown on the page.
    ///   - alignment: the latest alignment report (JSON), whose verdicts the page shows.
    /// - Throws: ``OutputError`` for an output that cannot be written (checked
    ///   first); ``InputError`` and ``LabelSheet/SettingsError`` as
    ///   ``LabelSheet/init(run:dimensions:options:judgments:earlier:file:rubricFile:)`` throws.
    public init(
        run: FrozenRun, runFile: String, rubric: Rubric, options: LabelSheet.Settings, judgments: JudgmentSet?, earlier: [URL],
        earlierValues: ExpertLabels.ValueMode = .levels, output: String, html: String?, labelStudio: String? = nil,
        planned: Int? = nil, alignment: URL? = nil
    ) throws {
        let raters = options.raters
        let targets: [(rater: String?, sheet: String, page: String?)] =
            raters.isEmpty
            ? [(nil, output, html)] : raters.map { r in (r, Self.path(output, rater: r), html.map { Self.path($0, rater: r) }) }
        // A frame whenever rows are sampled: a sample's size, or a draw by escalation, which samples the kept rows.
        let framePath = options.sample != nil || options.escalation != nil ? SamplingFrame.path(besideSheet: output) : nil
        if let framePath { try StagedOutputs.check(framePath, role: "sampling frame") }
        for target in targets {
            try StagedOutputs.check(target.sheet, role: "label sheet")
            if let page = target.page { try StagedOutputs.check(page, role: "label page") }
        }
        for path in labelStudio.map(LabelStudioProject.paths(in:)) ?? [] { try StagedOutputs.check(path, role: "Label Studio file") }
        let labels =
            try earlier.isEmpty
            ? nil
            : ExpertLabels.load(from: earlier, dimensions: rubric.dimensions, runIDs: Set(run.rows.map(\.id)), values: earlierValues)
        let whole = try LabelSheet(
            run: run, dimensions: rubric.dimensions, options: options, judgments: judgments, earlier: labels, file: runFile,
            rubricFile: rubric.file)
        var report: AlignmentReport?
        if let alignment {
            guard case .alignment(let r) = try ReportDocument(contentsOf: alignment) else {
                throw InputError(file: InputFile.displayName(alignment), message: "is not an alignment report; give the JSON align wrote")
            }
            report = r
        }
        let budget = LabelPageBudget(earlier: labels, planned: planned, alignment: report)
        var files: [(data: Data, path: String, role: String)] = []
        for target in targets {
            let sheet = target.rater.map(whole.sheet(forRater:)) ?? whole
            files.append((Data(sheet.csv.utf8), target.sheet, "label sheet"))
            if let page = target.page {
                let text = try sheet.renderHTML(
                    dimensions: rubric.dimensions, instructions: rubric.instructions, runName: run.info.name,
                    sheetName: URL(fileURLWithPath: target.sheet).lastPathComponent, budget: budget)
                files.append((Data(text.utf8), page, "label page"))
            }
        }
        if let framePath, let frame = whole.frame { files.append((Data(frame.csv.utf8), framePath, "sampling frame")) }
        let project = try labelStudio.map { folder in (folder, try whole.labelStudioProject(run: run, rubric: rubric)) }
        if let (folder, project) = project { files += project.files(in: folder) }
        self.files = files
        let each = targets.count > 1 ? " in \(targets.count) sheets, one per rater" : ""
        summary =
            "wrote \(whole.rows.count) rows for \(rubric.dimensions.count) dimensions\(each) to \(targets.map(\.sheet).joined(separator: ", "))"
            + (framePath.map { ", every run row's inclusion probability to \($0)" } ?? "")
            + (project.map { folder, p in
                ", \(p.taskCount) Label Studio tasks with their configuration to \(folder) (\(LabelStudioProject.fileNames.joined(separator: ", ")))"
            } ?? "")
            + (whole.escalationCounts.map { c in
                "; drawn: \(c.escalated.drawn) of the \(c.escalated.rows) escalated rows and \(c.kept.drawn) of the \(c.kept.rows) kept rows, "
                    + "an audit that keeps a corrected estimate of the whole run unbiased (each labelled row weighted by 1/π)"
            } ?? "")
    }

    /// `path` with `rater` before `.labels.csv`, or else before its extension.
    static func path(_ path: String, rater: String) -> String {
        let lowered = path.lowercased()
        for suffix in [".labels.csv", ".html", ".csv"] where lowered.hasSuffix(suffix) {
            return String(path.dropLast(suffix.count)) + "." + rater + String(path.suffix(suffix.count))
        }
        return path + "." + rater
    }
}
