public import CalibrationData
public import DataFormats
public import Foundation
import Calibration
import Judging

/// One line of the history (``DataFormats/HistoryLog``, kind `probe`): a probe battery's verdicts, per
/// probe and dimension, with the judge and the rubric text it ran on — so that `align` and `certify`
/// on the same judge and rubric can carry what the battery found (``severeBlindSpots``), and a team
/// can read back how a judge's sensitivity moved as the judge or the rubric changed.
public struct ProbeHistoryEntry: HistoryRecord, Hashable {
    /// One probe's verdicts.
    public struct Finding: Sendable, Hashable, Codable {
        /// The probe's name.
        public var probe: String
        /// For a degradation, its severity (`severe`, `moderate`, `minor`); `nil` for an invariance probe.
        public var severity: String?
        /// Per dimension tested, the verdict's outcome , in the rubric's order.
        public var outcomes: [Outcome]

        /// One dimension's outcome.
        public struct Outcome: Sendable, Hashable, Codable {
            /// The dimension.
            public var dimension: String
            /// The probe's verdict on it.
            public var outcome: ProbeOutcome
        }
    }

    private static let name = "probe"
    /// The kind of line: `probe`.
    public static var historyKind: String? { name }

    /// `probe`, as the line says which kind it is.
    public var kind = Self.name
    /// When the battery ran, written as ISO 8601 in UTC.
    public var time: Date
    /// The run it ran on.
    public var run: String
    /// The rubric's name and the SHA-256 (hex) of its text.
    public var rubric: String
    public var rubricTextHash: String
    /// The judge: its model, server and settings.
    public var judge: JudgeIdentity
    /// The worst verdict over the battery.
    public var outcome: ProbeOutcome
    /// Every probe with a verdict, in the order run.
    public var findings: [Finding]
    /// The SHA-256 (hex) of the history's line before this one (``DataFormats/HistoryRecord/previous``).
    public var previous: String?

    /// The line for `report`, made by `judge` with the rubric whose text is `rubricText`, at `time`.
    public init(report: ProbeReport, judge: JudgeIdentity, rubricText: String, time: Date = Date()) {
        self.time = time
        run = report.run
        rubric = report.rubric
        rubricTextHash = SHA256.hexDigest(of: Array(rubricText.utf8))
        self.judge = judge
        outcome = report.worstOutcome
        findings = report.probes.map { probe in
            Finding(
                probe: probe.name, severity: probe.severity,
                outcomes: probe.dimensions.map { .init(dimension: $0.dimension, outcome: $0.verdict.outcome) })
        }
    }

    /// Each severe degradation the battery found the judge insensitive to, per dimension, in the battery's order.
    public var severeBlindSpots: [SevereBlindSpot] {
        findings.filter { $0.severity == DegradationTarget.Severity.severe.rawValue }.flatMap { finding in
            finding.outcomes.filter { $0.outcome == .insensitive }.map {
                SevereBlindSpot(degradation: finding.probe, dimension: $0.dimension, probed: time, run: run)
            }
        }
    }

    /// The newest battery in the history at `url` of the judge `judge` with the rubric whose text hashes to
    /// `rubricTextHash`; `nil` when there is none (or no file). The judge matches as a certificate's does
    /// (``CalibrationData/Certificate/mismatches(rubricTextHash:judge:)``): the same model and scoring mode,
    /// on any server.
    ///
    /// - Throws: ``DataFormats/InputError`` for a history that does not read or whose chain is broken.
    public static func newest(judge: JudgeIdentity, rubricTextHash: String, historyAt url: URL) throws -> ProbeHistoryEntry? {
        try readAll(from: url).last {
            $0.rubricTextHash == rubricTextHash && $0.judge.model == judge.model && $0.judge.mode == judge.mode
        }
    }
}
