public import Calibration
public import CalibrationData
import Judging
import RunInference
import StatisticsCore

/// Several judges in turn, the cheapest first: each keeps the rows where it is confident enough, and
/// hands the rest to the next; what no judge keeps goes to the experts (Jung, Brahman & Choi 2025,
/// "cascaded selective evaluation").
///
/// **Calibration.** Per dimension, stage k's threshold is ``RunInference/TrustThreshold``'s, at risk α and
/// error δ/K (K the number of judges), on the labelled rows no earlier stage kept, with judge k's
/// confidence and level; its coverage is counted on the run's rows no earlier stage kept. A stage
/// without a threshold keeps nothing, and the next stage sees every row it saw.
///
/// **The guarantee.** Each stage's kept rows disagree with the experts on at most a share α, except
/// with probability δ/K; so, by the union bound, all of them at once do except with probability δ,
/// and then so do the kept rows of the whole cascade (a mixture of sets each within α). Jung et al.'s
/// released code calibrates every stage at δ, which guarantees 1 − Kδ by the same argument; this
/// toolkit divides δ so that the whole cascade has the guarantee asked for. Later stages are
/// calibrated on rows selected by the earlier stages' thresholds, which depend on the same labelled
/// rows; `benchmarks/TrustSimulation` measures the cascade's realised risk (docs/TRUST.md).
public struct TrustCascade: Sendable, Hashable, Encodable {
    /// One judge's stage on one dimension.
    public struct Stage: Sendable, Hashable, Encodable {
        /// The judge's name.
        public var judge: String
        /// The stage's trust, measured on the rows that reached it (its coverage counts the run's rows that reached it).
        public var trust: TrustReport.Dimension
        /// The labelled rows and the run's judged rows this stage kept.
        public var keptLabelled: Int
        public var keptRun: Int
    }

    /// One dimension through the cascade.
    public struct Dimension: Sendable, Hashable, Encodable {
        /// The dimension's name.
        public var name: String
        /// Each judge's stage, in the cascade's order.
        public var stages: [Stage]
        /// Labelled rows kept by some stage, and how many of them disagree with the experts.
        public var keptLabelled: Int
        public var disagreements: Int
        /// The share of the run's judged rows some stage kept.
        public var coverage: TrustReport.Coverage
        /// The decision: trusted when some stage keeps rows; too few rows when every stage had too few; else no threshold.
        public var verdict: Verdict<TrustOutcome>
    }

    /// The judges, in order.
    public let judges: [String]
    /// The settings; each stage is tested at ``stageError``.
    public let settings: TrustSettings
    /// δ/K, each stage's error.
    public let stageError: Double
    /// The run, rubric and first judge, as an alignment reports them.
    public let info: AlignmentInfo
    /// Each dimension.
    public let dimensions: [Dimension]

    /// The worst outcome over the dimensions.
    public var outcome: TrustOutcome { TrustOutcome.worst(of: dimensions.map(\.verdict.outcome)) }

    /// Runs the cascade of `stages` (each judge's name and alignment input, on the same run and dimensions, in order).
    ///
    /// - Throws: as ``TrustReport/init(_:settings:)`` for any stage.
    public init(stages: [(judge: String, input: AlignmentInput)], settings: TrustSettings) throws {
        judges = stages.map(\.judge)
        self.settings = settings
        stageError = settings.error / Double(max(stages.count, 1))
        info = stages.first?.input.info ?? AlignmentInfo()
        var stageSettings = settings
        stageSettings.error = stageError
        var dimensions: [Dimension] = []
        for (index, name) in (stages.first?.input.dimensions.map(\.name) ?? []).enumerated() {
            dimensions.append(try Self.dimension(name, index: index, stages: stages, settings: stageSettings))
        }
        self.dimensions = dimensions
    }

    private static func dimension(
        _ name: String, index: Int, stages: [(judge: String, input: AlignmentInput)], settings: TrustSettings
    ) throws -> Dimension {
        let examples = settings.includeExamples ? [] : stages.first?.input.exampleRowIDs ?? []
        var remaining = stages.first?.input.runRowIDs ?? []
        var judged: Set<String> = []
        var result: [Stage] = []
        var keptLabelled = 0, disagreements = 0, keptRun = 0
        for stage in stages {
            let d = stage.input.dimensions[index]
            let experts = try TrustReport.experts(d, input: stage.input, settings: settings)
            let trust = try TrustReport.dimension(d, experts: experts, runRows: remaining, examples: examples, settings: settings)
            let labelled = Set(d.expertLabels.map(\.rowID))
            judged.formUnion(remaining.filter { !examples.contains($0) && (d.judge.scores[$0] != nil || d.judge.failures[$0] != nil) })
            var kept: Set<String> = []
            if let t = trust.threshold.threshold {
                kept = Set(remaining.filter { !examples.contains($0) && (d.judge.scores[$0]?.confidence?.value ?? -.infinity) >= t })
            }
            let chosen = trust.threshold.chosen
            keptLabelled += chosen?.kept ?? 0
            disagreements += chosen?.disagreements ?? 0
            keptRun += kept.count
            result.append(Stage(judge: stage.judge, trust: trust, keptLabelled: kept.intersection(labelled).count, keptRun: kept.count))
            remaining.removeAll { kept.contains($0) }
        }
        let coverage = TrustReport.Coverage(judged: judged.count, kept: keptRun)
        return Dimension(
            name: name, stages: result, keptLabelled: keptLabelled, disagreements: disagreements, coverage: coverage,
            verdict: verdict(result, coverage: coverage, keptLabelled: keptLabelled, disagreements: disagreements, settings: settings))
    }

    private static func verdict(
        _ stages: [Stage], coverage: TrustReport.Coverage, keptLabelled: Int, disagreements: Int, settings: TrustSettings
    ) -> Verdict<TrustOutcome> {
        let figures = VerdictFigures(threshold: settings.risk)
        guard stages.contains(where: { $0.trust.verdict.outcome == .trusted }) else {
            let outcome: TrustOutcome = stages.allSatisfy { $0.trust.verdict.outcome == .tooFewRows } ? .tooFewRows : .noThreshold
            return Verdict(outcome: outcome, reason: "no judge of the cascade keeps any row: " + (stages.first?.trust.verdict.reason ?? ""), figures: figures)
        }
        let share = coverage.share.map(ReportNumber.percent) ?? "none"
        let by = stages.filter { $0.keptRun > 0 }.map { "\($0.judge) \($0.keptRun)" }.joined(separator: ", ")
        return Verdict(
            outcome: .trusted,
            reason: "the cascade keeps \(share) of the run's \(coverage.judged) judged rows (\(by)); on the \(keptLabelled) labelled rows kept "
                + "the judges disagree on \(disagreements), each stage within \(ReportNumber.percent(settings.risk)) with error "
                + "\(ReportNumber.number(settings.error)), so the whole cascade within it with probability "
                + "\(ReportNumber.percent(1 - settings.error * Double(stages.count)))",
            figures: figures)
    }
}
