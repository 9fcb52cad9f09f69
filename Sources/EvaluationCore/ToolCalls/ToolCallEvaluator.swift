/// A sample that may carry the tool calls expected of the system under test.
public protocol ToolCallSample: SampleProtocol {
    /// The expected trajectory, or `nil` when the sample has none.
    var expectations: TrajectoryExpectation? { get }
}

/// An evaluator that checks the tool calls a subject recorded against the
/// sample's ``TrajectoryExpectation``, emitting two metrics:
///
/// - `allPass`: passing when every check of the trajectory passes;
/// - `percentagePass`: the share of its checks that passed, from 0 to 1
///   (each required call, each forbidden tool and, unless additional calls are
///   allowed, the absence of other calls is one check; see
///   ``TrajectoryExpectation/check(_:judge:)``).
///
/// ```swift
/// let pass = Metric("All Passed")
/// let percent = Metric("Percentage Passed")
/// var evaluators: Evaluators {
///     ToolCallEvaluator(allPass: pass, percentagePass: percent, argumentJudge: argumentJudge)
/// }
/// ```
///
/// A sample without expectations records both metrics as ignored, so a
/// dataset with none aggregates to an undefined mean with its reason, never a
/// number. A natural-language matcher asks `argumentJudge` (in `Judging`,
/// `ModelArgumentJudge`: the same prompt renderer, response cache, retries and
/// failure counts as every model judge); when it has no answer, or no judge was
/// given, the evaluator throws and the run records an evaluator failure for
/// that sample, with no value for either metric.
public struct ToolCallEvaluator<Input: ToolCallSample, Subject: ToolCallSubject>: EvaluatorProtocol {
    /// Passing when every check passed.
    public let allPass: Metric
    /// The share of checks that passed.
    public let percentagePass: Metric
    /// Who answers natural-language matchers; `nil` when none is needed.
    public let argumentJudge: (any ArgumentJudge)?

    /// An evaluator recording `allPass` and `percentagePass`.
    public init(allPass: Metric, percentagePass: Metric, argumentJudge: (any ArgumentJudge)? = nil) {
        self.allPass = allPass
        self.percentagePass = percentagePass
        self.argumentJudge = argumentJudge
    }

    /// The evaluator's name in reports.
    public var name: String { "ToolCallEvaluator" }

    public func metrics(subject: Subject, input: Input) async throws -> [Metric] {
        guard let expectations = input.expectations else {
            let why = "the sample has no trajectory expectation"
            return [allPass.ignore(rationale: why), percentagePass.ignore(rationale: why)]
        }
        let report = try await expectations.check(subject.toolCalls, judge: argumentJudge)
        guard let fraction = report.fractionPassed else {
            let why = "the trajectory expectation has nothing to check"
            return [allPass.ignore(rationale: why), percentagePass.ignore(rationale: why)]
        }
        return [
            report.allPassed ? allPass.passing(rationale: report.summary) : allPass.failing(rationale: report.summary),
            percentagePass.scoring(fraction, rationale: report.summary),
        ]
    }
}

extension EvaluatorsBuilder where Sample: ToolCallSample, Subject: ToolCallSubject {
    /// A tool-call evaluator, with its generic types taken from the evaluation.
    public static func buildExpression(_ evaluator: ToolCallEvaluator<Sample, Subject>) -> Component {
        [evaluator]
    }
}
