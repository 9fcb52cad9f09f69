public import DataFormats
import Foundation
import LanguageModels

extension Probe {
    /// Checks that the probe applies to `rubric`, judged one response per row or, `pairwise`, two
    /// responses compared (``PairwiseJudge``).
    ///
    /// - Throws: ``ProbeError`` (`not-applicable`): `position` on a pointwise battery (there is
    ///   nothing to swap) and every other probe on a pairwise one (they rewrite one response or the
    ///   rubric's score layout, which a comparison does not show); `dimension-order` with one
    ///   dimension; `reference-anchor` without a `# Reference` section; `score-labels` on a scale
    ///   of more than 26 levels; (`unknown-dimension`) a degradation naming a dimension the rubric
    ///   does not have.
    public func check(rubric: Rubric, pairwise: Bool = false) throws(ProbeError) {
        if pairwise, change != .positionSwap {
            throw .notApplicable(
                name,
                "the battery compares two responses per row, and \(name) rewrites one response or the "
                    + "rubric's score layout; of the probes only position applies to a pairwise judge",
                problem: .notPairwise(probe: name))
        }
        if case .named(let names) = degrades?.dimensions {
            let known = rubric.dimensions.map(\.name)
            for name in names where !known.contains(where: { $0.lowercased() == name.lowercased() }) {
                throw ProbeError(
                    code: "unknown-dimension",
                    message: "the \(self.name) probe degrades \(name), and the rubric \(rubric.name) has no such dimension"
                        + Suggestion.phrase(for: name, among: known) + " (its dimensions: \(known.joined(separator: ", ")))")
            }
        }
        switch change {
        case .response: return
        case .positionSwap:
            guard pairwise else {
                throw .notApplicable(
                    name,
                    "it swaps the two responses of a pairwise comparison, and the rubric \(rubric.name) is used here to "
                        + "score one response per row; probe a run with two responses per row on a pairwise battery "
                        + "(docs/PROBES.md)",
                    problem: .onlyPairwise(probe: name, rubric: rubric.name))
            }
        case .prompt(.dimensionOrder):
            guard rubric.dimensions.count >= 2 else {
                throw .notApplicable(name, "the rubric \(rubric.name) has one dimension, so there is no order to change")
            }
        case .prompt(.referenceAnchor):
            guard !rubric.reference.isEmpty else {
                throw .notApplicable(name, "the rubric \(rubric.name) shows no reference (it has no # Reference section)")
            }
        case .prompt(.scoreLabels):
            if let wide = rubric.dimensions.first(where: { $0.scale.levels.count > 26 }) {
                throw .notApplicable(name, "dimension \(wide.name) has more levels than there are letters")
            }
        case .prompt(.levelOrder): return
        }
    }

    /// The prompt for row `index` of `rows` (each a frozen row's JSON) under this probe, or `nil`
    /// when the row is left out (``outcome(row:of:rubric:field:)`` says why).
    ///
    /// - Parameter field: the field the response probes rewrite.
    /// - Throws: what ``outcome(row:of:rubric:field:)`` throws.
    public func prompt(row index: Int, of rows: [JSONValue], rubric: Rubric, field: ProbeField) throws -> ProbedPrompt? {
        try outcome(row: index, of: rows, rubric: rubric, field: field).prompt
    }

    /// Row `index` of `rows` (each a frozen row's JSON) under this probe: its prompt, or why it is
    /// left out — because the probe leaves its messages exactly as they were (a row without
    /// repetition under `length-trim`, without markup under `format-plain`), so that it is not
    /// counted as unmoved, or because a degradation cannot apply to it (``LeftOutReason``).
    ///
    /// - Parameter field: the field the response probes rewrite.
    /// - Throws: ``ProbeError`` for a probe that does not apply or a row without the field (the
    ///   row's own, or for `off-topic` and `irrelevant-items` the next row's); ``InputError`` when
    ///   a template cannot be rendered for the row.
    public func outcome(row index: Int, of rows: [JSONValue], rubric: Rubric, field: ProbeField) throws -> ProbedRow {
        try check(rubric: rubric)
        let row = rows[index]
        let unchanged = try JudgePromptRenderer.messages(for: rubric, row: row)
        var probed: ProbedPrompt
        switch change {
        case .positionSwap: return .leftOut(.unchanged)
        case .response(let rewrite):
            let content = try field.content(of: row, probe: name)
            let note: String?
            let new: ProbeField.Content
            switch try rewritten(content, by: rewrite, row: index, of: rows, rubric: rubric, field: field) {
            case .leftOut(let reason): return .leftOut(reason)
            case .content(let content, let planted):
                new = content
                note = planted
            }
            let messages = try JudgePromptRenderer.messages(for: rubric, row: field.replacing(new, in: row))
            probed = ProbedPrompt(messages: messages, dimensions: rubric.dimensions, note: note)
        case .prompt(let rewrite):
            probed = try Self.prompt(rewrite, row: index, of: rows, rubric: rubric)
        }
        return probed.messages == unchanged ? .leftOut(.unchanged) : .probed(probed)
    }

    /// The response rewritten, with what was planted (the injection's name), or why it is left out.
    private enum Rewritten {
        case content(ProbeField.Content, note: String?)
        case leftOut(LeftOutReason)
    }

    private func rewritten(
        _ content: ProbeField.Content, by rewrite: ResponseRewrite, row index: Int, of rows: [JSONValue], rubric: Rubric,
        field: ProbeField
    ) throws -> Rewritten {
        let row = rows[index]
        switch (rewrite, content) {
        case (.injection, _):
            let planted = InjectionString.all[index % InjectionString.all.count]
            let text = planted.text(for: rubric.dimensions)
            if case .list(let items) = content { return .content(.list(items + [text]), note: planted.name) }
            if case .text(let body) = content { return .content(.text(body + "\n\n" + text), note: planted.name) }
            return .content(content, note: planted.name)
        case (.degrade(let degradation), _):
            let next = rows.count > 1 ? try field.content(of: rows[(index + 1) % rows.count], probe: name) : nil
            switch degradation.apply(to: content, other: field.otherText(in: row), next: next, rubric: rubric) {
            case .content(let degraded): return .content(degraded, note: nil)
            case .leftOut(let reason): return .leftOut(reason)
            }
        case (.template(let template), .text):
            return .content(.text(try template.render(row)), note: nil)
        case (.template(let template), .list):
            let items = try template.render(row).split { $0 == "," || $0.isNewline }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return .content(.list(items), note: nil)
        case (_, .text(let text)): return .content(.text(ProbeText.rewrite(text, rewrite)), note: nil)
        case (_, .list(let items)): return .content(.list(ProbeText.rewrite(items, rewrite)), note: nil)
        }
    }

    private static func prompt(_ rewrite: PromptRewrite, row index: Int, of rows: [JSONValue], rubric: Rubric) throws
        -> ProbedPrompt
    {
        let row = rows[index]
        switch rewrite {
        case .levelOrder:
            let messages = JudgePromptRenderer.messages(
                content: try rubric.content(for: row), dimensions: rubric.dimensions, levelOrder: .highestFirst)
            return ProbedPrompt(messages: messages, dimensions: rubric.dimensions)
        case .dimensionOrder:
            let reversed = Array(rubric.dimensions.reversed())
            return ProbedPrompt(
                messages: JudgePromptRenderer.messages(content: try rubric.content(for: row), dimensions: reversed),
                dimensions: reversed)
        case .scoreLabels:
            var content = try rubric.content(for: row)
            let lettered = rubric.dimensions.map(\.lettered)
            content.examples = content.examples.map { $0.relabelled(from: rubric.dimensions, to: lettered) }
            return ProbedPrompt(messages: JudgePromptRenderer.messages(content: content, dimensions: lettered), dimensions: lettered)
        case .referenceAnchor:
            var content = try rubric.content(for: row)
            let other = rows[(index + 1) % rows.count]
            content.reference = try rubric.content(for: other).reference
            let note = other["id"]?.string.map { "reference of \($0)" }
            return ProbedPrompt(
                messages: JudgePromptRenderer.messages(content: content, dimensions: rubric.dimensions),
                dimensions: rubric.dimensions, note: note)
        }
    }
}

extension ScoreDimension {
    /// The dimension with its levels labelled by letters, A the highest: a 1–4 scale becomes D, C,
    /// B, A (listed lowest first, as ever), each level keeping its description.
    var lettered: ScoreDimension {
        let levels = scale.levels
        let letters = levels.indices.map { String(UnicodeScalar(UInt8(ascii: "A") + UInt8(levels.count - 1 - $0))) }
        let custom = zip(levels, letters).map { ScoringScale.CustomLevel($1, $0.description) }
        return ScoreDimension(name, description: description, scale: .custom(custom))
    }
}

extension JudgeExample {
    /// The example with each dimension's score written as the label at the same position on the
    /// relabelled scale.
    func relabelled(from original: [ScoreDimension], to shown: [ScoreDimension]) -> JudgeExample {
        var copy = self
        for (o, s) in zip(original, shown) {
            guard let label = scores[o.name], let position = o.scale.levels.firstIndex(where: { $0.label == label.label })
            else { continue }
            copy.scores[o.name] = LevelLabel(s.scale.levels[position].label)
        }
        return copy
    }
}
