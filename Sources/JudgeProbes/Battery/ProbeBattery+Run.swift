import Calibration
public import CalibrationData
import Foundation
public import Judging
public import LanguageModels
import RunInference

extension ProbeBattery {
    /// Which judging a progress report is about: `unchanged`, `placebo` or a probe's name.
    public typealias Phase = String

    /// Runs the battery on `run` with `rubric`: the unchanged rows, the placebo (the same rows
    /// again, as ``RepeatedModel`` repetition 1), then each probe's changed rows.
    ///
    /// - Parameters:
    ///   - model: the judge, usually behind the response cache.
    ///   - options: how replies become scores (the same for every phase).
    ///   - concurrency: rows in flight at once.
    ///   - progress: called after each row with the phase and its progress.
    /// - Throws: what ``prompts(run:rubric:)`` throws, before any call; the model's error when the
    ///   server cannot be reached.
    public func run(
        run: FrozenRun, rubric: Rubric, model: any LanguageModel, options: JudgeSettings = JudgeSettings(),
        concurrency: Int = JudgeRun.defaultConcurrency, progress: (@Sendable (Phase, JudgeProgress) -> Void)? = nil
    ) async throws -> ProbeReport {
        let prompts = try prompts(run: run, rubric: rubric)
        let ids = run.rows.map(\.id)
        func judged(_ phase: Phase, _ model: any LanguageModel, _ dimensions: [ScoreDimension], _ rows: [Int], _ messages: [[ChatMessage]])
            async throws -> [Judgment]
        {
            let judge = try ModelJudge(model: model, dimensions: dimensions, options: options)
            return try await judge.judgments(
                ids: rows.map { ids[$0] }, concurrency: concurrency, progress: { progress?(phase, $0) }
            ) { messages[$0] }
        }
        let all = Array(ids.indices)
        let dimensions = judgedDimensions(of: rubric)
        let unchanged = try await judged("unchanged", model, dimensions, all, prompts.unchanged)
        let placebo = try await judged("placebo", RepeatedModel(model, repetition: 1), dimensions, all, prompts.unchanged)
        var results: [ProbeResult] = []
        var leftOut: [String] = [], degradationsLeftOut: [String: [String: Int]] = [:]
        for (probe, outcomes) in zip(probes, prompts.probed) {
            let probed = outcomes.map(\.prompt)
            let rows = all.filter { probed[$0] != nil }
            guard !rows.isEmpty else {
                leftOut.append(probe.name)
                if probe.degrades != nil { degradationsLeftOut[probe.name] = ProbedRow.tally(outcomes) }
                continue
            }
            let shown = rows.first.flatMap { probed[$0]?.dimensions } ?? dimensions
            let judgments = try await judged(probe.name, model, shown, rows, rows.compactMap { probed[$0]?.messages })
            results.append(
                result(
                    of: probe, rows: rows, notes: rows.map { probed[$0]?.note }, judgments: judgments, shown: shown,
                    reversed: rows.first.map { probed[$0]?.reversesScale == true } ?? false,
                    unchanged: unchanged, placebo: placebo,
                    dimensions: probe.degrades.map { $0.dimensions(in: rubric) } ?? dimensions,
                    leftOut: ProbedRow.tally(outcomes)))
        }
        ProbeReport.decideVerdicts(of: &results, alpha: alpha)
        let compared = zip(unchanged, placebo).filter { $0.failure == nil && $1.failure == nil }
        return ProbeReport(
            run: run.info.name, rubric: rubric.name, model: model.modelName, field: field.description, rows: ids.count,
            intervalLevel: intervalLevel, alpha: alpha, correction: "tarone-holm",
            placebo: ProbeReport.Placebo(
                rowsCompared: compared.count, identicalReplies: compared.count { $0.rawReplies == $1.rawReplies },
                dimensions: dimensions.map { d in
                    let first = unchanged.map { $0.score(d.name)?.score }
                    let again = placebo.map { $0.score(d.name)?.score }
                    let both = zip(first, again).filter { $0 != nil && $1 != nil }
                    return ProbeReport.Placebo.Dimension(
                        dimension: d.name, shift: PairedShift(changed: again, unchanged: first, level: intervalLevel),
                        changed: both.count { $0 != $1 }, rows: both.count)
                }),
            probes: results, probesLeftOut: leftOut, degradationsLeftOut: degradationsLeftOut)
    }

    /// One probe's figures from its judgments of `rows` (positions in the run).
    private func result(
        of probe: Probe, rows: [Int], notes: [String?], judgments: [Judgment], shown: [ScoreDimension], reversed: Bool,
        unchanged: [Judgment], placebo: [Judgment], dimensions judged: [ScoreDimension], leftOut: [String: Int]
    ) -> ProbeResult {
        var affected: [AffectedRow] = []
        let dimensions = judged.map { d in
            let scale = shown.first { $0.name == d.name }?.scale ?? d.scale
            let probed = judgments.map { j in
                j.score(d.name).map { ProbedPrompt.originalValue($0.score, shown: scale, original: d.scale, reversed: reversed) }
            }
            for (k, row) in rows.enumerated() {
                guard let before = unchanged[row].score(d.name), let after = judgments[k].score(d.name), let value = probed[k],
                    value != before.score
                else { continue }
                affected.append(
                    AffectedRow(
                        id: unchanged[row].id, dimension: d.name, unchangedScore: before.score, probedScore: value,
                        note: notes[k], rationale: after.rationale, unchangedRationale: before.rationale))
            }
            return ProbeDimensionResult(
                dimension: d.name, unchanged: rows.map { unchanged[$0].score(d.name)?.score },
                placebo: rows.map { placebo[$0].score(d.name)?.score }, probed: probed, level: intervalLevel)
        }
        affected.sort {
            (abs($0.probedScore - $0.unchangedScore), $1.id, $1.dimension) > (abs($1.probedScore - $1.unchangedScore), $0.id, $0.dimension)
        }
        return ProbeResult(
            name: probe.name, summary: probe.summary, expectation: probe.expectation, rowsProbed: rows.count,
            rowsUnchanged: leftOut[LeftOutReason.unchanged.code] ?? 0, failures: judgments.count { $0.failure != nil },
            dimensions: dimensions, mostAffected: Array(affected.prefix(mostAffected)),
            leftOut: leftOut.filter { $0.key != LeftOutReason.unchanged.code },
            lowers: probe.degrades.map { _ in judged.map(\.name) }, severity: probe.degrades?.severity.rawValue)
    }
}
