extension Rubric {
    /// The rubric of the natural-language argument judge: one pass/fail
    /// dimension, `ArgumentMatch`, over an ``EvaluationCore/ArgumentQuestion``'s
    /// row (`input.tool`, `input.argument`, `input.criteria`, `response`).
    ///
    /// ``ModelArgumentJudge`` asks it by default, and `judgecal tool-arguments`
    /// writes it beside the argument rows so that `judgecal judge` asks the
    /// same prompt and an expert can label the same questions.
    ///
    /// Version 2 added `rationale-opening: The value`: at temperature 0 the
    /// local SmolLM2-135M judge copied version 1's rationale placeholder back
    /// on every question (a judge failure), worked examples and a retry did not
    /// change that, and the opening in the reply's schema did. Version 3 shows
    /// an empty value as `(empty)`: version 2's bare `{{response}}` refused an
    /// argument given as the empty string, stopping `judgecal judge` (exit 65)
    /// on a question the criteria answer plainly (an empty value fails).
    ///
    /// - Throws: nothing for the text as shipped (its test parses it); the
    ///   parser's ``DataFormats/InputError`` if an edit broke it.
    public static func toolArgument() throws -> Rubric {
        try parse(markdown: toolArgumentMarkdown, file: "tool-argument.md")
    }

    /// The Markdown of ``toolArgument``.
    public static let toolArgumentMarkdown = """
        ---
        name: tool-argument
        version: 3
        description: Does a tool call's argument mean what the criteria ask for?
        rationale-opening: The value
        ---

        # Instructions
        An assistant called a tool. You see the tool's name, the argument's name and the criteria the argument's value should meet, and, as the target, the value the assistant gave. Decide whether the value meets the criteria. Judge the meaning, not the spelling: a synonym or a narrower term that fits the criteria passes; a value about something else, an empty value or a value that contradicts the criteria fails. Begin the rationale with "The value" and say what the value means and whether that meets the criteria.

        # Target
        {{response | default: "(empty)"}}

        # Reference
        - Tool: {{input.tool}}
        - Argument: {{input.argument}}
        - Criteria: {{input.criteria}}

        # Dimension: ArgumentMatch
        Whether the argument's value meets the criteria.

        - fail: The value does not meet the criteria.
        - pass: The value meets the criteria.
        """
}
