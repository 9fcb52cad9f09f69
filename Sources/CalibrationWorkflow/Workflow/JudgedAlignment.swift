public import Calibration
public import CalibrationData
public import Foundation
import DataFormats
import JudgeProbes
public import Judging

/// `judgecal align` judging a run with a rubric, and `judgecal certify`, from the files read to the report: the
/// certificate a look may require, the split's rows and checks (``SplitStep``), the labelled rows (or a
/// selection of them, ``AlignmentRows``) judged through the response cache, the alignment, and the
/// split's use recorded on the report.
public struct JudgedAlignment: Sendable {
    /// What the alignment is for.
    public enum Purpose: Sendable, Hashable {
        /// An ordinary look; with a history path, refused unless the rubric, model and scoring mode match the
        /// lineage's certificate there (``Certificate/require(_:text:judge:history:)``).
        case look(requiringCertificateIn: String?)
        /// The sealed test rows judged once (`certify`); `force` certifies a lineage again, marking the test rows reused.
        case certification(force: Bool)
    }

    /// The run, every row of it; the split step narrows it.
    public var run: FrozenRun
    /// The rubric the judge scores with.
    public var rubric: Rubric
    /// The rubric's text, whose SHA-256 the report and certificate keep.
    public var rubricText: String
    /// The expert labels on the run's rows.
    public var labels: ExpertLabels
    /// A dotted path into each row for per-group correlations, if any.
    public var groupBy: String?
    /// The statistic, threshold and intervals.
    public var settings: AlignmentSettings
    /// The split to align on (one chosen to align on, or the test split for `certify`), if any.
    public var split: SplitStep?
    /// Part of the labelled rows to judge (ids from a file, or a seeded sample), if not all of them.
    public var selection: RowSelection?
    /// The history whose newest probe battery of the judge with this rubric (``JudgeProbes/ProbeHistoryEntry``)
    /// marks the verdicts with the severe degradations it found the judge blind to
    /// (``Calibration/AlignmentReport/markBlindSpots(_:)``), which a certificate then carries; `nil` reads none.
    public var probeHistory: URL?

    /// The ids of the rows the experts labelled (on the split, when there is one): what a sequence of
    /// looks is identified by (``AlignmentOutputs/withLooks(_:labelSheets:labelRows:)``).
    public var labelledRows: Set<String> { Set((split?.labels ?? labels).labels.map(\.id)) }

    /// Creates the alignment's inputs.
    public init(
        run: FrozenRun, rubric: Rubric, rubricText: String, labels: ExpertLabels, groupBy: String?, settings: AlignmentSettings,
        split: SplitStep?, selection: RowSelection? = nil, probeHistory: URL? = nil
    ) {
        self.selection = selection
        self.probeHistory = probeHistory
        self.run = run
        self.rubric = rubric
        self.rubricText = rubricText
        self.labels = labels
        self.groupBy = groupBy
        self.settings = settings
        self.split = split
    }

    /// Judges the rows (the split's, when there is one) with `judge` and aligns them with the labels.
    /// A certification's intervals are the certificate's (``Certificate/intervalMethod`` unless the
    /// settings name one, at ``Certificate/confidence``), so that its lower bound covers as measured.
    ///
    /// Order: the certificate check (a look that requires one) comes before anything else; then the split's
    /// checks (examples cite development rows only; on test, one certificate per lineage unless forced), its
    /// notes going to `note`; then the judging of the rows with a label (or the selection's), showing
    /// progress as `display` says.
    ///
    /// - Throws: ``CertificationError`` for a missing or mismatched certificate, or a second one without force;
    ///   as ``SplitStep/run(_:checking:force:note:)``, ``JudgeSession/judgments(run:rubric:display:)`` and
    ///   ``AlignmentReport/init(run:rubric:rubricText:judgments:labels:groupBy:settings:)``.
    public mutating func report(
        judge: JudgeSession, purpose: Purpose, display: JudgeSession.ProgressDisplay = .none, note: (String) -> Void = { _ in }
    ) async throws -> AlignmentReport {
        let (rows, settings) = try prepare(purpose, judge: judge.identity, note: note)
        let judgments = try await judge.judgments(run: rows.judged, rubric: rubric, display: display)
        return try report(rows, judgments: judgments, settings: settings, judge: judge.identity)
    }

    /// Aligns the judgments of a judge scored elsewhere (``JudgmentSet/init(scores:rubric:run:)``), known as `judge`
    /// (``JudgeIdentity/init(scoresFileAt:model:)``), on the rows a judge would be asked about: the
    /// same certificate check, split and selection as ``report(judge:purpose:display:note:)``, with the
    /// judgments of the other rows set aside instead of judging.
    ///
    /// - Throws: as ``report(judge:purpose:display:note:)``.
    public mutating func report(
        frozen judgments: JudgmentSet, judge: JudgeIdentity, purpose: Purpose, note: (String) -> Void = { _ in }
    ) throws -> AlignmentReport {
        let (rows, settings) = try prepare(purpose, judge: judge, note: note)
        return try report(rows, judgments: judgments.restricted(to: rows.judged), settings: settings, judge: judge)
    }

    /// The certificate check, the split's checks and rows, and the settings for `purpose`.
    private mutating func prepare(_ purpose: Purpose, judge: JudgeIdentity, note: (String) -> Void) throws -> (
        AlignmentRows, AlignmentSettings
    ) {
        var force = false
        var settings = settings
        switch purpose {
        case .look(let history?): try Certificate.require(rubric, text: rubricText, judge: judge, history: history)
        case .look(nil): break
        case .certification(let forced):
            force = forced
            settings.confidence = Certificate.confidence
            settings.intervals = settings.intervals ?? Certificate.intervalMethod
        }
        let narrowed = try split?.run(run, checking: [rubric], force: force, note: note) ?? run
        return (try AlignmentRows(run: narrowed, labels: split?.labels ?? labels, selection: selection), settings)
    }

    /// The alignment of `rows` judged as `judgments`, with the split's use recorded.
    private func report(_ rows: AlignmentRows, judgments: JudgmentSet, settings: AlignmentSettings, judge: JudgeIdentity) throws
        -> AlignmentReport
    {
        var report = try AlignmentReport(
            run: rows.run, rubric: rubric, rubricText: rubricText, judgments: judgments, labels: rows.labels,
            groupBy: groupBy, settings: settings)
        if let probeHistory,
            let battery = try ProbeHistoryEntry.newest(
                judge: judge, rubricTextHash: SHA256.hexDigest(of: Array(rubricText.utf8)), historyAt: probeHistory)
        {
            report.markBlindSpots(battery.severeBlindSpots)
        }
        report.split = split?.use(for: report, rubric: rubric, rubricText: rubricText, judge: judge)
        return report
    }
}
