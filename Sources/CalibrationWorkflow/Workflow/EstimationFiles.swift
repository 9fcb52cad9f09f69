public import Calibration
public import CalibrationData
public import CalibrationMaps
import CalibrationReports
import DataFormats
public import Foundation
import Judging
import RunInference
import StatisticsCore

/// The files `judgecal estimate` reads: the judge's scores of every row (or the
/// judgments just made of the run), the expert label sheets, optionally the run and
/// the rubric, and for A − B a second run's scores and sheets.
public struct EstimationFiles: Sendable, Hashable {
    /// Run A's judge scores: a `.judgments.jsonl` from `judgecal judge`, or a CSV or JSON Lines scores file;
    /// `nil` when ``judgments`` holds them.
    public var judgeScores: URL?
    /// Run A judged just now with the rubric (`judgecal estimate` given the run and a rubric, through the response cache),
    /// instead of ``judgeScores``.
    public var judgments: JudgmentSet?
    /// Run A's frozen run; without it the rows are the judge-scores file's.
    public var run: URL?
    /// The rubric, which declares the dimensions and scales.
    public var rubric: URL?
    /// Without a rubric, every dimension's integer levels, as declared; empty for none.
    public var categories: [Int]
    /// Run A's label sheets.
    public var labels: [URL]
    /// Run B's judge scores, for A − B.
    public var versus: URL?
    /// Run B's label sheets.
    public var versusLabels: [URL]
    /// Whether labels are levels or means of several experts' levels.
    public var values: ExpertLabels.ValueMode
    /// Run A's sampling frame, when one is named.
    ///
    /// `nil` to look for one beside its sheets (``SamplingFrame/discovered(besideSheets:)``);
    /// run B's is always looked for beside its sheets.
    public var frame: URL?
    /// A saved calibration to read run A's judge scores through, its labels taken as fresh ones (``CalibrationMaps/CalibrationFile``).
    public var calibration: CalibrationFile?
    /// Where ``calibration`` stands by the history: when its last audit passed on these very labels, the
    /// calibrated mean they correct is also read given that pass (``CalibrationMaps/CalibrationStanding/readingGivenPass(_:)``).
    public var standing: CalibrationStanding?

    /// Names the files.
    public init(
        judgeScores: URL?, judgments: JudgmentSet? = nil, run: URL? = nil, rubric: URL? = nil, categories: [Int] = [], labels: [URL], versus: URL? = nil,
        versusLabels: [URL] = [], means: Bool = false, frame: URL? = nil, calibration: CalibrationFile? = nil,
        standing: CalibrationStanding? = nil
    ) {
        self.frame = frame
        self.calibration = calibration
        self.standing = standing
        self.judgeScores = judgeScores
        self.judgments = judgments
        self.run = run
        self.rubric = rubric
        self.categories = categories
        self.labels = labels
        self.versus = versus
        self.versusLabels = versusLabels
        self.values = means ? .means : .levels
    }
}

extension EstimationReport {
    /// The estimates of the runs named by `files`.
    ///
    /// With a sampling frame (given, or found beside the sheets) every row is weighted
    /// by its inclusion probability from it; without one, `settings` must declare how
    /// the labelled rows were drawn (``EstimationSettings/declaredSampling``), since the
    /// sheets give no probability for the rows they do not hold.
    ///
    /// - Throws: ``InputError`` for a file that does not read or does not match
    ///   (a label of a row outside the run, sheets with no label, a frame of another
    ///   run or batch, with rows missing or edited); ``EstimationSettingsError``
    ///   for options that cannot go together (declared levels with a rubric, run B's scores without its sheets, both or
    ///   neither of judge scores and judgments).
    public init(files: EstimationFiles, settings: EstimationSettings) throws {
        let rubric = try files.rubric.map(Rubric.loadForUse(from:))
        let levels: ScoringScale?
        do {
            levels = try ScoringScale.alignmentLevels(files.categories, rubric: rubric)
        } catch {
            throw EstimationSettingsError(.levels(error))
        }
        func run(_ scores: ExternalJudgeScores, _ run: FrozenRun?, _ labels: [URL], frame: URL?) throws -> EstimationRun {
            try EstimationRun(
                scores: scores, run: run, rubric: rubric, levels: levels, labelSheets: labels, values: files.values,
                frame: try frame.map(SamplingFrame.load(from:)) ?? SamplingFrame.discovered(besideSheets: labels))
        }
        guard (files.versus == nil) == files.versusLabels.isEmpty else {
            throw EstimationSettingsError(.versusIncomplete)
        }
        let scores: ExternalJudgeScores
        switch (files.judgeScores, files.judgments) {
        case (let url?, nil): scores = try ExternalJudgeScores.load(from: url)
        case (nil, let judgments?):
            scores = try ExternalJudgeScores(judgments: judgments, file: "the judgments of \(judgments.run) by \(judgments.model)")
        default: throw EstimationSettingsError(.scoresOrJudgments)
        }
        let frozen = try files.run.map(FrozenRun.load(from:))
        var a = try run(scores, frozen, files.labels, frame: files.frame)
        if let calibration = files.calibration {
            guard files.versus == nil else { throw EstimationSettingsError(.calibratedVersus) }
            let labelled = Set(a.input.dimensions.flatMap { $0.expertLabels.map(\.rowID) })
            try calibration.checkFresh(fingerprint: a.labelFingerprint ?? "", rows: labelled, run: a.input.info.run)
            a.maps = try Dictionary(uniqueKeysWithValues: calibration.dimensions.map { d in
                var maps = d.maps
                maps.covariates = try calibration.covariateValues(d, of: frozen)
                return (d.name, maps)
            })
        }
        try self.init(
            a, versus: try files.versus.map { try run(ExternalJudgeScores.load(from: $0), nil, files.versusLabels, frame: nil) },
            settings: settings)
        calibratedWith = files.calibration?.origin
        freshLabelFingerprint = files.calibration == nil ? nil : a.labelFingerprint
        if files.calibration != nil, let standing = files.standing { self = standing.readingGivenPass(self) }
    }

    /// The estimates of the runs named by `files`, `gates` read on them (``read(_:)``), with the report file (if
    /// `reportPath` names one) and the reporters' files checked before any work and written after it, all or none
    /// (``VerdictReporters/write(_:reporters:verdicts:markdown:after:)``): what `judgecal estimate` does between
    /// reading its options and printing.
    ///
    /// - Throws: as ``init(files:settings:)``; ``EstimationGateError`` for a gate that cannot be read;
    ///   ``OutputError`` when a file cannot be written.
    public static func estimate(
        files: EstimationFiles, settings: EstimationSettings, gates: [EstimationGate] = [], writingReportTo reportPath: String?,
        reporters: VerdictReporters? = nil
    ) throws -> EstimationReport {
        if let reportPath { try StagedOutputs.check(reportPath, role: "report") }
        try reporters?.check()
        var report = try EstimationReport(files: files, settings: settings)
        if !gates.isEmpty { try report.read(gates) }
        try VerdictReporters.write(
            try reportPath.map { [try report.file(at: $0)] } ?? [], reporters: reporters, verdicts: report.verdictSuite(command:),
            markdown: report.renderMarkdown)
        return report
    }
}
