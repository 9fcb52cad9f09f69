public import Calibration
public import CalibrationData
public import CalibrationReports
public import DataFormats
public import Foundation
public import Judging
import LanguageModels
import StatisticsCore

/// The outputs of an alignment, or of a trust measurement, besides the printed report: a report file,
/// if one is asked for, the history line, unless the history is turned off, and for a verdict the CI
/// reporters' files, where asked for.
public struct AlignmentOutputs: Sendable, Hashable {
    /// Where to write the report (HTML, Markdown or JSON by extension), if anywhere.
    public var report: String?
    /// The history file a line is appended to; `nil` for none.
    public var history: String?
    /// Whether ``history`` is the default path rather than one the user chose
    /// (the advice for a missing folder differs).
    public var historyIsDefault: Bool
    /// The JUnit file and job summary of the verdicts, written with the rest; `nil` for neither.
    public var reporters: VerdictReporters?

    /// Creates the outputs.
    public init(report: String? = nil, history: String? = nil, historyIsDefault: Bool = false, reporters: VerdictReporters? = nil) {
        self.report = report
        self.history = history
        self.historyIsDefault = historyIsDefault
        self.reporters = reporters
    }

    /// Checks every output location before any judging (``StagedOutputs/check(_:role:appending:advice:)``),
    /// so that a missing or unwritable folder is found at once rather than after every row is judged.
    ///
    /// - Throws: ``OutputError`` naming the path and why; for the history, another file or none as
    ///   the way out (``OutputError/Remedy/otherHistory(isDefault:)``).
    /// The default history's folder (`calibration/`) need not exist yet, when the folder it belongs in
    /// does: it is made when the line is written, so `align` works in a fresh project folder.
    public func check() throws(OutputError) {
        if let report { try StagedOutputs.check(report, role: "report") }
        try reporters?.check()
        guard let history else { return }
        if defaultHistoryFolderToMake != nil { return }
        try StagedOutputs.check(history, role: "history file", appending: true, remedy: .otherHistory(isDefault: historyIsDefault))
    }

    /// The default history's folder when it does not exist yet but the folder it belongs in does (the
    /// project's `calibration/`), else `nil`: a deeper missing path is a wrong current folder, not a fresh one.
    private var defaultHistoryFolderToMake: URL? {
        guard historyIsDefault, let history else { return nil }
        let folder = URL(fileURLWithPath: history).deletingLastPathComponent()
        let manager = FileManager.default
        return !manager.fileExists(atPath: folder.path) && manager.fileExists(atPath: folder.deletingLastPathComponent().path) ? folder : nil
    }

    /// Writes the report file (if one was asked for) and appends the history
    /// line (unless there is no history file), all or none: the report is
    /// put in place only after the line is on disk (``StagedOutputs``).
    ///
    /// - Parameters:
    ///   - rubricText: the rubric's text, whose hash the line keeps.
    ///   - labelRows: the labelled rows' ids, which a sequential look's line keeps (``AlignmentHistoryEntry/labelRows``).
    /// - Throws: ``OutputError`` naming what could not be written and what was held back.
    public func write(_ report: AlignmentReport, rubricText: String?, labelRows: Set<String>) throws {
        var entry = AlignmentHistoryEntry(report: report, rubricText: rubricText)
        if report.options.sequentialLooks != nil { entry.labelRows = labelRows.sorted() }
        try write(.alignment(report), entries: [entry])
    }

    /// Writes a pairwise alignment's report file and history line (``AlignmentHistoryEntry/init(preference:rubricText:time:)``),
    /// all or none, as an alignment's are written.
    public func write(_ report: PreferenceAlignment, rubricText: String?) throws {
        try write(.preference(report), entries: [AlignmentHistoryEntry(preference: report, rubricText: rubricText)])
    }

    /// Writes several judges' table (``JudgeTable``) as the report file, if one was asked for, and one
    /// history line per judge (each a look at that judge; panels are not recorded), all or none.
    ///
    /// - Parameter rubricText: the rubric's text, whose hash each line keeps.
    /// - Throws: ``OutputError`` naming what could not be written and what was held back.
    public func write(_ table: JudgeTable, rubricText: String?) throws {
        let entries = table.judges.filter { $0.panel == nil }.compactMap { table.reports[$0.name] }.map {
            AlignmentHistoryEntry(report: $0, rubricText: rubricText)
        }
        try write(.judgeTable(table), entries: entries)
    }

    /// Writes `document` as the report file, if one was asked for, with `entries` and the verdicts' reporters.
    private func write(_ document: ReportDocument, entries: [any HistoryRecord]) throws {
        try write(
            try report.map { [try document.file(at: $0)] } ?? [], entries: entries, verdicts: document.verdictSuite(command:),
            markdown: { document.markdown })
    }

    /// Writes `files` and appends `entries` to the history (unless there is none), all or none: the
    /// files are put in place only after the lines are on disk (``StagedOutputs``). The default
    /// history's folder is made when missing (``check()``). With ``reporters``, the JUnit file of `verdicts`
    /// is written with the files and `markdown` appended to the job summary after the lines
    /// (``VerdictReporters/write(_:reporters:verdicts:markdown:after:)``).
    ///
    /// - Throws: ``OutputError`` naming what could not be written and what was held back.
    public func write(
        _ files: [(data: Data, path: String, role: String)], entries: [any HistoryRecord],
        verdicts: (_ command: String) -> VerdictSuite? = { _ in nil }, markdown: () -> String = { "" }
    ) throws {
        try VerdictReporters.write(files, reporters: reporters, verdicts: verdicts, markdown: markdown) { try append(entries) }
    }

    /// Appends `entries` to the history, unless there is none, making the default history's folder when missing.
    private func append(_ entries: [any HistoryRecord]) throws {
        guard let history else { return }
        if let folder = defaultHistoryFolderToMake {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw OutputError(
                    path: folder.path, doing: "cannot make the history's folder", reason: error.localizedDescription,
                    remedy: .otherHistory(isDefault: true))
            }
        }
        for entry in entries { try entry.append(to: URL(fileURLWithPath: history)) }
    }
}

extension AlignmentReport {
    /// The alignment of a run judged with `rubric` (`judgecal align` judging a run), its
    /// info carrying the SHA-256 of the rubric's text.
    ///
    /// - Throws: as ``AlignmentInput/init(run:rubric:rubricText:judgments:labels:groupBy:)`` and ``init(_:options:)``.
    public init(
        run: FrozenRun, rubric: Rubric, rubricText: String, judgments: JudgmentSet, labels: ExpertLabels,
        groupBy: String?, settings: AlignmentSettings
    ) throws {
        try self.init(
            try AlignmentInput(run: run, rubric: rubric, rubricText: rubricText, judgments: judgments, labels: labels, groupBy: groupBy),
            options: settings)
    }
}

/// Scores a judge produced elsewhere aligned with expert label sheets
/// (`judgecal align` on a judge-scores file): the report, and the notes to show
/// beside it.
public struct JudgeScoresAlignment: Sendable {
    /// The alignment.
    public let report: AlignmentReport
    /// Sentences for the reader: that no scale is known, when none is (in the bound
    /// ``AlignmentWording``); how many judge values went beyond a dimension's scale.
    public let notes: [String]
    /// The ids of the rows the experts labelled: what a sequence of looks is identified by.
    public let labelledRows: Set<String>

    /// Reads the scores at `scores` and the label sheets, and aligns them.
    ///
    /// - Parameters:
    ///   - run: the run the scores are of, when known; its rows are then the rows aligned.
    ///   - rubric: the rubric, which declares the dimensions and their scales, when known.
    ///   - levels: without a rubric, the scale of every dimension (``ScoringScale/alignmentLevels(_:rubric:)``).
    ///   - groupBy: a dotted path into each run row, for per-group correlations; needs `run`.
    /// - Throws: ``InputError`` for a file that does not read or does not match;
    ///   ``AlignmentError`` when the alignment cannot be computed.
    public init(
        scores: URL, run: FrozenRun?, rubric: Rubric?, levels: ScoringScale?, labelSheets: [URL],
        values: ExpertLabels.ValueMode, groupBy: String?, settings: AlignmentSettings
    ) throws {
        let read = try Self.input(
            scores: scores, run: run, rubric: rubric, levels: levels, labelSheets: labelSheets, values: values, groupBy: groupBy)
        report = try AlignmentReport(read.input, options: settings)
        notes = read.noScaleNote + read.judgeScores.offScaleNotes(for: report)
        labelledRows = read.labelledRows
    }

    /// What one judge-scores file aligns: its scores, the input with the label sheets' labels, and
    /// the note that no scale is known, when none is.
    static func input(
        scores: URL, run: FrozenRun?, rubric: Rubric?, levels: ScoringScale?, labelSheets: [URL],
        values: ExpertLabels.ValueMode, groupBy: String?
    ) throws -> (judgeScores: ExternalJudgeScores, input: AlignmentInput, noScaleNote: [String], labelledRows: Set<String>) {
        let judgeScores = try ExternalJudgeScores.load(from: scores)
        let labels = try judgeScores.labels(
            from: labelSheets, rubric: rubric, levels: levels, runIDs: run.map { Set($0.rows.map(\.id)) }, values: values)
        let scale = levels?.categoryScale
        var input = try AlignmentInput(
            run: run, rubric: rubric, judgeScores: judgeScores, scale: scale, labels: labels, groupBy: groupBy)
        // The judge is the file's, as its judgments name it (`JudgmentSet/load(judgeScoresAt:rubric:run:)`): the
        // history then knows whose figures a line holds.
        if input.info.model == nil { input.info.model = judgeScores.model ?? JudgmentSet.judgeName(of: scores) }
        return (
            judgeScores, input, rubric == nil && scale == nil ? [AlignmentWording.noScale.text] : [], Set(labels.labels.map(\.id))
        )
    }
}

/// Several judges' scores made elsewhere aligned with the same expert label sheets and set side by side
/// (`judgecal align` with several judge-score files): the ``JudgeTable`` and the notes to show beside it.
///
/// Each judge is named by its file's name without the extension (and without `.judgments` for a
/// judgments file of `judgecal judge`): the formats have no name column, and the file name is what
/// the user typed. Each file is read and aligned as one judge is (``JudgeScoresAlignment``), on its
/// own rows.
public struct JudgeTableAlignment: Sendable {
    /// The table: each judge's report, the panels, the per-dimension tables and rankings.
    public let table: JudgeTable
    /// The notes of every judge, each prefixed with its name; the no-scale note once.
    public let notes: [String]

    /// Reads every file in `scores` and the label sheets, aligns each judge, and sets them side by side,
    /// each judge with its tokens per row (``JudgeTokens``) where its file and the response cache say.
    ///
    /// - Parameter responseCache: the response cache a judgments file's rows were judged through, for
    ///   their token counts; read only, never created.
    /// - Throws: as ``JudgeScoresAlignment/init(scores:run:rubric:levels:labelSheets:values:groupBy:settings:)``
    ///   for each file; ``JudgeTableError`` for two files of one name or no dimension in common;
    ///   ``LanguageModelError`` for a response cache that cannot be read.
    public init(
        scores: [URL], run: FrozenRun?, rubric: Rubric?, levels: ScoringScale?, labelSheets: [URL],
        values: ExpertLabels.ValueMode, groupBy: String?, settings: AlignmentSettings, responseCache: URL? = nil
    ) throws {
        let reads = try scores.map {
            try JudgeScoresAlignment.input(
                scores: $0, run: run, rubric: rubric, levels: levels, labelSheets: labelSheets, values: values, groupBy: groupBy)
        }
        var table = try JudgeTable(
            zip(scores, reads).map { url, read in
                (name: JudgmentSet.judgeName(of: url), file: read.judgeScores.file, input: read.input)
            },
            options: settings)
        let tokens = try JudgeTokens.of(zip(scores, reads).map { ($0, $1.judgeScores) }, cache: responseCache)
        for (i, judge) in zip(table.judges.indices, tokens) { table.judges[i].tokens = judge }
        self.table = table
        notes =
            (reads.first?.noScaleNote ?? [])
            + zip(scores, reads).flatMap { url, read in
                table.reports[JudgmentSet.judgeName(of: url)].map { report in
                    read.judgeScores.offScaleNotes(for: report).map { "\(JudgmentSet.judgeName(of: url)): \($0)" }
                } ?? []
            }
    }

}
