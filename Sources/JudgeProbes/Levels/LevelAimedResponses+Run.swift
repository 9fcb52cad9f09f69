import AgreementCoefficients
public import CalibrationData
import DataFormats
import Foundation
public import Judging
public import LanguageModels
import StatisticsCore

extension LevelAimedResponses {
    /// Which step a progress report is about: `write`, `validate` or `judge`.
    public typealias Phase = String

    /// Writes, checks and judges the responses for every row of `run` (choose the rows beforehand: each
    /// costs a call per level and dimension, and as many judge calls).
    ///
    /// - Parameters:
    ///   - generator: writes the responses; asked at its own defaults, 1,024 tokens at most.
    ///   - validator: when given, a judge with the same rubric whose score on the dimension must be the level
    ///     aimed at for a response to be kept.
    ///   - judge: the judge under test; `options` set how replies of it and the validator become scores.
    ///   - concurrency: calls in flight at once, in each step.
    /// - Throws: ``ProbeError`` for a row without the field, before any call; a model's error when its
    ///   server cannot be reached.
    public func run(
        run: FrozenRun, rubric: Rubric, generator: any LanguageModel, validator: (any LanguageModel)?, judge: any LanguageModel,
        options: JudgeSettings = JudgeSettings(), concurrency: Int = JudgeRun.defaultConcurrency,
        progress: (@Sendable (Phase, JudgeProgress) -> Void)? = nil
    ) async throws -> LevelAimedReport {
        let rows = run.rows.map(\.json)
        let originals = try rows.map { row throws(ProbeError) in try field.content(of: row, probe: "levels") }
        struct Aim { let row: Int, dimension: ScoreDimension, level: ScaleLevel }
        let aims = dimensions.flatMap { d in rows.indices.flatMap { r in d.scale.levels.map { Aim(row: r, dimension: d, level: $0) } } }
        let asks = try aims.map { try generationMessages(row: rows[$0.row], dimension: $0.dimension, level: $0.level) }
        let replies = try await Self.generate(asks, model: generator, concurrency: concurrency) { progress?("write", $0) }
        let written = zip(aims, replies).map { aim, reply in Self.response(in: reply, like: originals[aim.row]) }
        let ids = aims.map { "\(run.rows[$0.row].id)#\($0.dimension.name)=\($0.level.label)" }
        let readable = aims.indices.filter { written[$0] != nil }
        let messages = try aims.indices.map { i in
            try written[i].map { try JudgePromptRenderer.messages(for: rubric, row: field.replacing($0, in: rows[aims[i].row])) }
        }
        func scores(_ model: any LanguageModel, _ phase: Phase, _ asked: [Int]) async throws -> [Int: Double] {
            let judged = try await ModelJudge(model: model, dimensions: rubric.dimensions, options: options).judgments(
                ids: asked.map { ids[$0] }, concurrency: concurrency, progress: { progress?(phase, $0) }
            ) { messages[asked[$0]] ?? [] }
            var out: [Int: Double] = [:]
            for (i, judgment) in zip(asked, judged) {
                if let s = judgment.scores.first(where: { $0.dimension == aims[i].dimension.name }) { out[i] = s.score }
            }
            return out
        }
        let kept: [Int]
        if let validator {
            let placed = try await scores(validator, "validate", readable)
            kept = readable.filter { placed[$0] == aims[$0].level.value }
        } else {
            kept = readable
        }
        let scored = try await scores(judge, "judge", kept)
        let isKept = Set(kept)
        return LevelAimedReport(
            run: run.info.name, rows: rows.count, rubric: rubric.name, model: judge.modelName, generator: generator.modelName,
            validator: validator?.modelName, field: field.description, intervalLevel: intervalLevel,
            dimensions: dimensions.map { d in
                let mine = aims.indices.filter { aims[$0].dimension.name == d.name }
                return dimensionResult(
                    d, aims: mine.map { (aims[$0].row, aims[$0].level) }, readable: mine.map { written[$0] != nil },
                    kept: mine.map(isKept.contains), scores: mine.map { scored[$0] })
            })
    }

    /// One dimension's figures from its responses, each `(row, level aimed at)` with whether it was readable and
    /// kept, and the judge's score of it (`nil`: not scored). Public for the coverage study of its interval
    /// (the benchmarks' `LevelsStudy`, docs/PROBES.md).
    public func dimensionResult(
        _ dimension: ScoreDimension, aims: [(row: Int, level: ScaleLevel)], readable: [Bool], kept: [Bool], scores: [Double?]
    ) -> LevelAimedDimension {
        let levels = dimension.scale.levels
        let scale = dimension.categoryScale
        var rounded = 0
        // Each scored response as (row, aimed level's index, scored level's index).
        var pairs: [(row: Int, aimed: Int, scored: Int)] = []
        for (i, aim) in aims.enumerated() {
            guard let score = scores[i], let aimed = levels.firstIndex(of: aim.level) else { continue }
            let nearest = levels.indices.min { abs(levels[$0].value - score) < abs(levels[$1].value - score) } ?? aimed
            if levels[nearest].value != score { rounded += 1 }
            pairs.append((aim.row, aimed, nearest))
        }
        var confusion = Array(repeating: Array(repeating: 0, count: levels.count), count: levels.count)
        for p in pairs { confusion[p.aimed][p.scored] += 1 }
        let rowsScored = Array(Set(pairs.map(\.row))).sorted()
        let byRow = Dictionary(grouping: pairs, by: \.row)
        let weights = AgreementWeights.quadratic.matrix(on: scale)
        func kappa(_ chosen: [Int]) -> Double? {
            var table = ContingencyTable(scale: scale)
            for r in chosen { for p in byRow[rowsScored[r]] ?? [] { table[p.aimed, p.scored] += 1 } }
            return CohenKappa.value(of: table, weights: weights)
        }
        let all = Array(rowsScored.indices)
        // Read at the expanded level for the rows drawn (Hesterberg), labelled with the level asked: on few rows the
        // row bootstrap is too narrow (docs/PROBES.md, "Does the interval cover?").
        let expanded = Bootstrap.expandedLevel(intervalLevel, items: rowsScored.count)
        let boot = Bootstrap.items(count: rowsScored.count, resamples: resamples, level: expanded, seed: seed, statistic: kappa)
        var interval = boot.bcaInterval ?? boot.percentileInterval
        interval?.level = intervalLevel
        interval?.method = .describedBootstrap(
            scheme: "rows, read at the expanded level \(String(format: "%.4g", 100 * expanded))% for \(rowsScored.count) rows",
            resamples: boot.resamples, seed: boot.seed, undefinedResamples: boot.undefinedResamples, bca: boot.bcaInterval != nil)
        let quadraticKappa =
            kappa(all).map { Estimate(value: $0, n: pairs.count, standardError: boot.standardError, interval: interval).withoutCollapsedInterval() }
            ?? Estimate(
                undefined: .noData(
                    pairs.isEmpty ? "no response was scored" : "the judge gave one score to every response, or only one level was scored"),
                n: pairs.count)
        let agreed = pairs.filter { $0.aimed == $0.scored }.count
        return LevelAimedDimension(
            dimension: dimension.name,
            levels: levels.enumerated().map { index, level in
                let at = aims.indices.filter { aims[$0].level == level }
                let judged = pairs.filter { $0.aimed == index }
                return .init(
                    label: level.label, value: level.value, asked: at.count, unreadable: at.filter { !readable[$0] }.count,
                    rejected: at.filter { readable[$0] && !kept[$0] }.count, kept: at.filter { kept[$0] }.count,
                    scored: judged.count,
                    meanScore: judged.isEmpty ? nil : judged.map { levels[$0.scored].value }.reduce(0, +) / Double(judged.count))
            },
            confusion: confusion, levelLabels: levels.map(\.label),
            exactAgreement: Estimate.proportion(agreed, of: pairs.count, level: intervalLevel), rowsScored: rowsScored.count,
            quadraticKappa: quadraticKappa, scoresRounded: rounded)
    }

    /// Each of `asks` sent to `model`, at most `concurrency` at once, the replies' text in the order asked.
    static func generate(
        _ asks: [[ChatMessage]], model: any LanguageModel, concurrency: Int, progress: @escaping @Sendable (JudgeProgress) -> Void
    ) async throws -> [String] {
        var replies = [String](repeating: "", count: asks.count)
        var done = 0
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            var next = 0
            func launch() {
                let i = next, messages = asks[i]
                next += 1
                group.addTask {
                    let response = try await model.respond(to: ChatRequest(messages: messages, maxTokens: 1024))
                    return (i, response.choices.first?.text ?? "")
                }
            }
            while next < min(max(concurrency, 1), asks.count) { launch() }
            while let (i, text) = try await group.next() {
                replies[i] = text
                done += 1
                progress(JudgeProgress(completed: done, total: asks.count, failed: 0))
                if next < asks.count { launch() }
            }
        }
        return replies
    }
}
