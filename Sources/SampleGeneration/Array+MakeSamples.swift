public import LanguageModels

extension Array where Element: GeneratableSample {
    /// Grows these seed samples to `targetCount` samples in all (seeds included) and streams the
    /// new ones: the short form of a ``SampleGenerator`` with the default options.
    ///
    /// 13 seeds and `targetCount: 100` ask for 87 new samples; a target at or below the seed count
    /// streams nothing. Use a ``SampleGenerator`` to read the invalid samples and the summary.
    ///
    /// - Throws: what ``SampleGenerator/init(_:samples:targetCount:model:instructions:sampleSchema:options:validator:)`` throws.
    public func makeSamples(
        _ prompt: String,
        targetCount: Int,
        model: (any LanguageModel)? = nil,
        instructions: String = GenerationInstructions.standard,
        validator: @escaping SampleGenerator<Element>.Validator = { _ in .valid }
    ) throws -> AsyncThrowingStream<Element, any Error> {
        try SampleGenerator(
            prompt, samples: self, targetCount: targetCount, model: model, instructions: instructions, validator: validator
        ).run()
    }
}
