public import DataFormats

extension Probe {
    /// The prompt for one row of a pairwise run under this probe: the two responses shown the other
    /// way round (b as A), read back from the opposite end of the verdict's scale, or `nil` when the
    /// two responses are the same text (a swap would leave the messages as they were).
    ///
    /// The unchanged prompt is ``PairwiseJudge``'s given order, so the battery's unchanged and
    /// probed calls are the very requests a pairwise `judgecal judge` sends and caches.
    ///
    /// - Parameter file: the run's name for a message.
    /// - Throws: ``ProbeError`` for a probe other than `position`; ``InputError`` for a row without
    ///   `response.a` or `response.b`.
    public func pairwisePrompt(row: JSONValue, rubric: Rubric, file: String) throws -> ProbedPrompt? {
        try check(rubric: rubric, pairwise: true)
        let content = try PairwiseContent(row: row, rubric: rubric, file: file)
        guard content.a != content.b else { return nil }
        let messages = PairwiseJudge.messages(
            instructions: rubric.instructions, criteria: rubric.dimensions, content: content, swapped: true)
        return ProbedPrompt(messages: messages, dimensions: [PairwiseJudge.verdict], reversesScale: true)
    }
}
