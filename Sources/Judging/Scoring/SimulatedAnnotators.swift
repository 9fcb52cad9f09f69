/// The prompts of simulated annotators (Jung, Brahman & Choi 2025): the judge asked once per
/// annotator, each annotator shown a different set of the worked examples, so that the annotators'
/// agreement measures how much the judge's level depends on what it was shown.
///
/// **Arrangement.** With E worked examples and K annotators (2 ≤ K ≤ E), annotator k (from 0) leaves
/// out example k and shows the others in their order starting after it: examples k+1, …, E, 1, …,
/// k−1. Every annotator sees a distinct set, each example is left out by one annotator at most, and
/// the arrangement is fixed (no generator), so a run asks the same prompts again and the response
/// cache answers them. Jung et al. draw each annotator's few-shot set from a larger pool; a rubric's
/// worked examples are few, so leaving one out is the variation available.
public enum SimulatedAnnotators {
    /// Annotator `annotator`'s worked examples out of `examples`.
    ///
    /// - Precondition: 0 ≤ annotator < examples.count.
    public static func examples(_ examples: [JudgeExample], annotator: Int) -> [JudgeExample] {
        precondition(examples.indices.contains(annotator), "annotator \(annotator) of \(examples.count) examples")
        return Array(examples[(annotator + 1)...] + examples[..<annotator])
    }

    /// Checks that `count` annotators can be given distinct example sets out of `examples` worked examples.
    ///
    /// - Throws: ``JudgeConfigurationError`` for fewer than two annotators, fewer than two worked
    ///   examples, or more annotators than worked examples.
    public static func check(count: Int, examples: Int) throws(JudgeConfigurationError) {
        guard count >= 2 else { throw JudgeConfigurationError("simulated annotators need at least two annotators, not \(count)") }
        guard examples >= 2, count <= examples else {
            throw JudgeConfigurationError(
                "\(count) simulated annotators need \(count) worked examples or more (each leaves a different one out); the rubric has \(examples)")
        }
    }
}
