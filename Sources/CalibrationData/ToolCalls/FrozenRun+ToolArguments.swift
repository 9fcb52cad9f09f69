import DataFormats
import EvaluationCore

extension FrozenRun {
    /// The questions the natural-language argument matchers of this run can
    /// ask, as a run of their own, for an expert to label and `judgecal judge`
    /// and `align` to calibrate the argument judge on like any dimension
    /// (`ArgumentMatch`, pass/fail, with ``Judging/Rubric/toolArgument()``).
    ///
    /// One row per row, tool call and natural-language matcher (of its
    /// ordered, unordered or disallowed expectations) whose tool is the call's
    /// and whose argument the call has: `input` `{tool, argument, criteria}`,
    /// `response` the value (a string as itself, anything else as its JSON),
    /// `metadata` `{source_row, call, tool}`, the id `ROW/call-N/ARGUMENT`
    /// (`-2`, `-3`… after it for a second criterion on the same argument). It
    /// is every question the matchers may ask: the evaluator asks one only
    /// after the call's other matchers pass, so it asks a subset, and with the
    /// same prompt, so their replies share the response cache.
    ///
    /// - Throws: ``DataFormats/InputError`` when no row has a natural-language
    ///   matcher that a call answers (there would be nothing to label).
    public func toolArgumentRun() throws -> FrozenRun {
        var questions: [FrozenRow] = []
        var seen = Set<String>()
        for row in rows where row.expectations != nil {
            let calls = ModelSubject<JSONValue>.toolCalls(in: row.transcript ?? [])
            for expectation in row.expectations?.all ?? [] {
                for case .naturalLanguage(let argument, let criteria) in expectation.arguments {
                    for (c, call) in calls.enumerated() where call.name == expectation.name {
                        guard let value = call.argument(argument) else { continue }
                        let question = ArgumentQuestion(toolName: call.name, argumentName: argument, value: value, criteria: criteria)
                        let base = "\(row.id)/call-\(c + 1)/\(argument)"
                        guard seen.insert(base + "\u{1F}" + criteria).inserted else { continue }
                        var id = base
                        var n = 1
                        while questions.contains(where: { $0.id == id }) {
                            n += 1
                            id = "\(base)-\(n)"
                        }
                        questions.append(
                            FrozenRow(
                                id: id, input: question.row["input"] ?? .null, response: question.row["response"] ?? .null,
                                metadata: ["source_row": .string(row.id), "call": .number(Double(c + 1)), "tool": .string(call.name)]))
                    }
                }
            }
        }
        guard !questions.isEmpty else {
            throw InputError(
                file: info.name,
                message: "no row has a naturalLanguage matcher on an argument its tool calls have; there is nothing to label")
        }
        return try FrozenRun(
            info: RunInfo(name: info.name + "-tool-arguments", source: info.name, info: info.info), rows: questions)
    }
}
