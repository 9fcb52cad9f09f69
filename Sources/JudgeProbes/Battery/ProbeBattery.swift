import Calibration
public import CalibrationData
import DataFormats
import Foundation
public import Judging
public import LanguageModels

/// A battery of bias probes run on a frozen run: every row judged unchanged, judged unchanged
/// again with fresh calls (the placebo), and judged under each probe, the probes' effects
/// measured against the placebo's noise (``ProbeReport``).
///
/// Every call goes through the model given (a ``CachedModel`` in `judgecal probe`): the unchanged
/// judgments are the ones `judgecal judge` caches, each probe's prompts are cached under their own
/// keys, and the placebo's under a repetition's key (``RepeatedModel``), which misses the cached
/// unchanged reply the first time and is replayed from the cache after that, so a stopped battery
/// resumes without asking twice.
public struct ProbeBattery: Sendable {
    /// The probes, in the order run.
    public var probes: [Probe]
    /// The field the response probes rewrite.
    public var field: ProbeField
    /// The level of the shift intervals.
    public var intervalLevel: Double
    /// The family-wise error rate of the verdicts.
    public var alpha: Double
    /// How many of the most-moved rows each probe lists.
    public var mostAffected: Int
    /// Whether the rows hold two responses compared by ``PairwiseJudge`` (`response.a`,
    /// `response.b`): the judge answers on ``PairwiseJudge/verdict`` and only `position` applies.
    public var pairwise: Bool

    /// A battery of `probes`.
    public init(
        probes: [Probe], field: ProbeField = ProbeField("response"), intervalLevel: Double = 0.95, alpha: Double = 0.05,
        mostAffected: Int = 5, pairwise: Bool = false
    ) {
        self.probes = probes
        self.field = field
        self.intervalLevel = intervalLevel
        self.alpha = alpha
        self.mostAffected = mostAffected
        self.pairwise = pairwise
    }

    /// The dimensions the judge answers on: the rubric's, or a pairwise battery's one verdict.
    public func judgedDimensions(of rubric: Rubric) -> [ScoreDimension] {
        pairwise ? [PairwiseJudge.verdict] : rubric.dimensions
    }

    /// The battery `names` asks for on `rubric`: built-in probes and families by name (`length`,
    /// `injection`) and probe files by path (a name ending in `.md`, ``ProbeDefinition``); with
    /// none, or `all`, every built-in probe that applies to the rubric (``Probe/check(rubric:)``).
    ///
    /// - Throws: ``ProbeError`` for an unknown name or a probe named that does not apply;
    ///   ``DataFormats/InputError`` for a malformed probe file.
    public init(named names: [String], rubric: Rubric, field: String, pairwise: Bool = false) throws {
        let files = names.filter { $0.hasSuffix(".md") }
        let defined = try files.map { try ProbeDefinition.load(from: URL(fileURLWithPath: $0)) }
        let asked = names.filter { !$0.hasSuffix(".md") }
        var probes: [Probe]
        if asked.isEmpty || asked == ["all"] {
            probes = defined + Probe.builtIn.filter { (try? $0.check(rubric: rubric, pairwise: pairwise)) != nil }
        } else {
            probes = try Probe.named(asked + defined.map(\.name), defined: defined)
            for probe in probes { try probe.check(rubric: rubric, pairwise: pairwise) }
        }
        self.init(probes: probes, field: ProbeField(field), pairwise: pairwise)
    }

    /// The prompts of every row, unchanged and under each probe (or why a probe leaves the row out: it
    /// leaves the row as it was, or a degradation cannot apply to it), before any call.
    ///
    /// - Throws: ``ProbeError`` for a probe that does not apply to the rubric or a row without the
    ///   probed field; ``DataFormats/InputError`` for a template that cannot be rendered.
    public func prompts(run: FrozenRun, rubric: Rubric) throws -> (unchanged: [[ChatMessage]], probed: [[ProbedRow]]) {
        for probe in probes { try probe.check(rubric: rubric, pairwise: pairwise) }
        let rows = run.rows.map(\.json)
        if pairwise {
            let file = "run \(run.info.name)"
            let unchanged = try rows.map { row in
                PairwiseJudge.messages(
                    instructions: rubric.instructions, criteria: rubric.dimensions,
                    content: try PairwiseContent(row: row, rubric: rubric, file: file), swapped: false)
            }
            let probed = try probes.map { p in
                try rows.map { row in
                    try p.pairwisePrompt(row: row, rubric: rubric, file: file).map(ProbedRow.probed) ?? .leftOut(.unchanged)
                }
            }
            return (unchanged, probed)
        }
        let unchanged = try rows.map { try JudgePromptRenderer.messages(for: rubric, row: $0) }
        let probed = try probes.map { probe in
            try rows.indices.map { try probe.outcome(row: $0, of: rows, rubric: rubric, field: field) }
        }
        return (unchanged, probed)
    }

    /// The exact messages sent for the row `id`, unchanged and under each probe, as text: what
    /// `judgecal probe` prints when asked to show a row.
    ///
    /// - Throws: ``ProbeError`` (`unknown-row`) when the run has no such row, and what
    ///   ``prompts(run:rubric:)`` throws.
    public func transcript(ofRow id: String, run: FrozenRun, rubric: Rubric) throws -> String {
        guard let index = run.rows.firstIndex(where: { $0.id == id }) else {
            throw ProbeError(
                code: "unknown-row",
                message: "the run \(run.info.name) has no row '\(id)'"
                    + Suggestion.phrase(for: id, among: run.rows.map(\.id)))
        }
        let all = try prompts(run: run, rubric: rubric)
        var parts = ["=== unchanged (and the placebo, asked again) ===\n" + JudgePromptRenderer.transcript(all.unchanged[index])]
        for (probe, prompts) in zip(probes, all.probed) {
            let heading = "=== \(probe.name): \(probe.summary) ==="
            guard case .probed(let prompt) = prompts[index] else {
                if case .leftOut(let reason) = prompts[index] { parts.append(heading + "\n(left out: \(reason.message))\n") }
                continue
            }
            parts.append(heading + (prompt.note.map { "\n(\($0))" } ?? "") + "\n" + JudgePromptRenderer.transcript(prompt.messages))
        }
        return parts.joined(separator: "\n")
    }
}
