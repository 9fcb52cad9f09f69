/// Builds an evaluation's list of evaluators from a block that mixes closures
/// (``Evaluator``) and evaluator types, with `if`, `if`/`else`, `switch` and
/// `for` loops.
@resultBuilder
public enum EvaluatorsBuilder<Sample: SampleProtocol, Subject: EvaluationSubject> {
    /// The list an evaluation's `evaluators` property holds.
    public typealias Component = [any EvaluatorProtocol<Sample, Subject>]

    /// A closure evaluator, with its parameter types taken from the evaluation.
    public static func buildExpression(_ evaluator: Evaluator<Sample, Subject>) -> Component {
        [evaluator]
    }

    /// Any evaluator of the evaluation's sample and subject types.
    public static func buildExpression(_ evaluator: any EvaluatorProtocol<Sample, Subject>) -> Component {
        [evaluator]
    }

    /// A list of evaluators built elsewhere.
    public static func buildExpression(_ evaluators: Component) -> Component {
        evaluators
    }

    /// Joins the statements of a block.
    public static func buildBlock(_ components: Component...) -> Component {
        components.flatMap { $0 }
    }

    /// An `if` without `else`.
    public static func buildOptional(_ component: Component?) -> Component {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: Component) -> Component {
        component
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: Component) -> Component {
        component
    }

    /// A `for` loop.
    public static func buildArray(_ components: [Component]) -> Component {
        components.flatMap { $0 }
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ component: Component) -> Component {
        component
    }
}
