public import EvaluationCore
public import Testing

/// The result of the evaluation run for the current test by `.evaluates(_:info:)`.
public struct EvaluationContext: Sendable {
    /// The finished run.
    public var result: EvaluationResult

    @TaskLocal static var bound: EvaluationContext?

    /// The context of the running test.
    ///
    /// - Precondition: read inside a test that carries the `.evaluates(_:info:)`
    ///   trait; elsewhere there is no evaluation and reading it stops the test
    ///   process with that message.
    public static var current: EvaluationContext {
        guard let bound else {
            preconditionFailure("EvaluationContext.current was read outside a test carrying the .evaluates(_:info:) trait")
        }
        return bound
    }
}

/// A test trait that runs an evaluation before the test body and exposes the
/// result as ``EvaluationContext/current``.
public struct EvaluatesTrait<E: Evaluation>: TestTrait, TestScoping {
    let evaluation: E
    let info: [String: String]
    let concurrency: Int

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let result = try await evaluation.run(info: info, concurrency: concurrency)
        try await EvaluationContext.$bound.withValue(EvaluationContext(result: result)) {
            try await function()
        }
    }
}

extension Trait {
    /// Runs `evaluation` before the test, recording `info` with the run; read
    /// the result in the body through `EvaluationContext.current.result`.
    ///
    /// ```swift
    /// @Test(.evaluates(BookTagging(), info: ["Model": "SmolLM2"]))
    /// func tags() {
    ///     let result = EvaluationContext.current.result
    ///     #expect((result.aggregateValue(.mean(of: tagCount)) ?? 0) >= 0.8)
    /// }
    /// ```
    public static func evaluates<E: Evaluation>(
        _ evaluation: E, info: [String: String] = [:], concurrency: Int = 4
    ) -> Self where Self == EvaluatesTrait<E> {
        EvaluatesTrait(evaluation: evaluation, info: info, concurrency: concurrency)
    }
}
