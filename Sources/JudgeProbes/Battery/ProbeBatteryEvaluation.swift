import Calibration
public import CalibrationData
public import EvaluationCore
public import Judging
public import LanguageModels
import RunInference
import StatisticsCore
internal import Synchronization

/// A bias-probe battery as an ``EvaluationCore/Evaluation``.
///
/// One sample per probe, whose subject is that probe's ``ProbeResult``, scored by
/// ``ProbeVerdictEvaluator``, so that a test can assert that a probe leaves the judge unmoved:
///
/// ```swift
/// let result = try await ProbeBatteryEvaluation(run: run, rubric: rubric, battery: battery, model: judge).run()
/// let injection = result.samples.first { $0.prompt == "injection" }
/// #expect(injection?.metric("Unmoved")?.value == .passing)
/// ```
///
/// The battery runs once, when the first sample asks for it (its verdicts need every probe's test
/// for the correction), and every sample reads its probe from that one report.
public struct ProbeBatteryEvaluation: Evaluation {
    /// One sample per probe, its prompt the probe's name.
    public var dataset: ArrayLoader<ModelSample<String>>
    private let report: SharedReport

    /// An evaluation of `battery` on `run` with `rubric`, judged by `model` with `options`.
    public init(
        run: FrozenRun, rubric: Rubric, battery: ProbeBattery, model: any LanguageModel, options: JudgeSettings = JudgeSettings()
    ) {
        dataset = ArrayLoader(battery.probes.map { ModelSample<String>(prompt: $0.name) })
        report = SharedReport {
            try await battery.run(run: run, rubric: rubric, model: model, options: options)
        }
    }

    /// The probe's result from the battery's report.
    public func subject(from sample: ModelSample<String>) async throws -> ModelSubject<ProbeResult> {
        let all = try await report.value()
        guard let result = all.probes.first(where: { $0.name == sample.prompt }) else {
            throw ProbeError(code: "unknown-probe", message: "the battery ran no probe named \(sample.prompt)")
        }
        return ModelSubject(value: result)
    }

    public var evaluators: Evaluators { [ProbeVerdictEvaluator()] }

    public func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: ProbeVerdictEvaluator.unmoved)
    }

    /// The report, computed once by the first caller; later callers wait for it.
    private final class SharedReport: Sendable {
        private let task: Mutex<Task<ProbeReport, any Error>?> = Mutex(nil)
        private let make: @Sendable () async throws -> ProbeReport

        init(_ make: @escaping @Sendable () async throws -> ProbeReport) { self.make = make }

        func value() async throws -> ProbeReport {
            let make = self.make
            let running = task.withLock { current in
                if let current { return current }
                let started = Task { try await make() }
                current = started
                return started
            }
            return try await running.value
        }
    }
}

/// Scores a probe's result: `Unmoved` passing when no effect was detected on any dimension
/// (failing when biased, ignored when undefined, the verdict's sentence as rationale); a
/// degradation's `Lowered` passing when it was sensitive on every dimension it should lower (failing
/// when insensitive on one); and each dimension's mean shift as `<dimension> shift`.
public struct ProbeVerdictEvaluator: EvaluatorProtocol {
    /// Whether the probe left the judge unmoved.
    public static let unmoved = Metric("Unmoved")
    /// Whether a degradation lowered the judge's score where it should.
    public static let lowered = Metric("Lowered")

    /// The evaluator.
    public init() {}

    public func metrics(subject: ModelSubject<ProbeResult>, input: ModelSample<String>) async throws -> [Metric] {
        let result = subject.value
        let verdict: Metric
        switch result.verdict.outcome {
        case .noEffectDetected: verdict = Self.unmoved.passing(rationale: result.verdict.reason)
        case .biasedHigher, .biasedLower: verdict = Self.unmoved.failing(rationale: result.verdict.reason)
        case .undefined: verdict = (result.lowers == nil ? Self.unmoved : Self.lowered).ignore(rationale: result.verdict.reason)
        case .sensitive: verdict = Self.lowered.passing(rationale: result.verdict.reason)
        case .insensitive: verdict = Self.lowered.failing(rationale: result.verdict.reason)
        }
        return [verdict]
            + result.dimensions.compactMap { d in d.shift.estimate.value.map { Metric("\(d.dimension) shift").scoring($0) } }
    }
}
