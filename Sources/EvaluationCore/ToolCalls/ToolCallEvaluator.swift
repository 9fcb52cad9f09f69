/// A sample that may carry the tool calls expected of the system under test.
public protocol ToolCallSample: SampleProtocol {
    /// The expected trajectory, or `nil` when the sample has none.
    var expectations: TrajectoryExpectation? { get }
}

extension ModelSample: ToolCallSample {}

/// An evaluator that checks the tool calls a subject recorded against the
/// sample's ``TrajectoryExpectation``, emitting two metrics:
///
/// - `allPass`: passing when every check of the trajectory passes: each
///   required call found, no forbidden tool called and, unless additional
///   calls are allowed, no other call (``TrajectoryExpectation/check(_:judge:)``);
/// - `percentagePass`: the share of the required calls found, from 0 to 1
///   (``TrajectoryReport/fractionPassed``); ignored, with the reason, for a
///   trajectory that only forbids tools.
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
/// that sample, with no value for either metric. So does one metric given
/// for both (``ToolCallEvaluatorError/sameMetric(_:)``): one name's two values
/// would otherwise hide each other.
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
        guard allPass.name != percentagePass.name else { throw ToolCallEvaluatorError.sameMetric(allPass.name) }
        guard let expectations = input.expectations else {
            let why = "the sample has no trajectory expectation"
            return [allPass.ignore(rationale: why), percentagePass.ignore(rationale: why)]
        }
        let report = try await expectations.check(subject.toolCalls, judge: argumentJudge)
        let all = report.allPassed ? allPass.passing(rationale: report.summary) : allPass.failing(rationale: report.summary)
        guard let fraction = report.fractionPassed else {
            return [all, percentagePass.ignore(rationale: "the trajectory requires no call; it only forbids tools")]
        }
        return [all, percentagePass.scoring(fraction, rationale: report.summary)]
    }
}

extension EvaluatorsBuilder where Sample: ToolCallSample, Subject: ToolCallSubject {
    /// A tool-call evaluator, with its generic types taken from the evaluation.
    public static func buildExpression(_ evaluator: ToolCallEvaluator<Sample, Subject>) -> Component {
        [evaluator]
    }
}

/// A tool-call evaluator that cannot record its metrics.
public enum ToolCallEvaluatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `allPass` and `percentagePass` have the same name.
    case sameMetric(String)

    public var description: String {
        switch self {
        case .sameMetric(let name):
            "allPass and percentagePass are both named \(name); give them different names"
        }
    }
}
