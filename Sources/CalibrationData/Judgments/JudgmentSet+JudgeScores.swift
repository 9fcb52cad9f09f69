import DataFormats
public import Foundation
public import Judging
import StatisticsCore

extension JudgmentSet {
    /// The judgments a judge-scores file stands for (``ExternalJudgeScores``, any of its layouts), on
    /// `rubric`'s dimensions: what every command that takes a judge's judgments reads, so that a judge
    /// scored elsewhere goes wherever this toolkit's judge goes.
    ///
    /// A judgments file of `judgecal judge` is taken as it is, every raw reply kept. For a CSV or
    /// JSON Lines file:
    /// - each of the rubric's dimensions must have a column (matched without regard to case), read on
    ///   the dimension's scale (``ExternalJudgeScores/judgeScores(dimension:scale:)``): a word is its
    ///   level's value, a value beyond the scale's ends is no score;
    /// - each row of the file is one judgment, in the run's order when there is a run, else the
    ///   file's; a dimension without a score (blank, off the scale) is recorded with why
    ///   (``Judging/Judgment/unscored``), so it is counted as the judge's failure there, never paired;
    /// - the model is the judge's name: the file's name without its extension (`gpt-4o.csv` → `gpt-4o`);
    ///   the rubric is `rubric`, which the file cannot name; there are no raw replies or prompt hashes.
    ///
    /// - Parameter run: the run the scores are of, when known: every row of the file must be one of its rows.
    /// - Throws: ``InputError`` naming the file for a dimension without a column, a row not in the run,
    ///   or a word that is not a level of its scale (with its line and column).
    public init(scores: ExternalJudgeScores, rubric: Rubric, run: FrozenRun?) throws {
        try self.init(scores: scores, rubric: rubric, dimensions: rubric.dimensions, required: rubric.dimensions.count, run: run)
    }

    /// The pairwise judgments a judge-scores file stands for: a `preference` column of `a`, `tie` or `b` (or their
    /// values 0, 1, 2) for each row, and, when the judge was asked in both orders, `a-first` and `b-first`
    /// columns, whose disagreement a preference alignment counts as position inconsistency
    /// (``Judging/PairwiseJudge/outcomeDimensions``). As ``init(scores:rubric:run:)`` otherwise.
    ///
    /// - Throws: as ``init(scores:rubric:run:)``; ``InputError`` for a file without a `preference` column.
    public init(pairwiseScores scores: ExternalJudgeScores, rubric: Rubric, run: FrozenRun?) throws {
        let outcomes = PairwiseJudge.outcomeDimensions
        let given = scores.dimension(matching: outcomes[1].name) != nil && scores.dimension(matching: outcomes[2].name) != nil
        try self.init(scores: scores, rubric: rubric, dimensions: given ? outcomes : [outcomes[0]], required: given ? 3 : 1, run: run)
    }

    /// The judgments on `dimensions`, the first `required` of which need a column.
    private init(scores: ExternalJudgeScores, rubric: Rubric, dimensions: [ScoreDimension], required: Int, run: FrozenRun?) throws {
        if let run { try scores.checkRows(of: run) }
        if let set = scores.judgmentSet {
            self = set
            return
        }
        let columns = try dimensions.prefix(required).map { dimension in
            guard let column = scores.dimension(matching: dimension.name) else {
                throw InputError(
                    file: scores.file, line: 1,
                    message: "has no column for the dimension \(dimension.name) of the rubric \(rubric.name); its dimensions are \(scores.dimensions.joined(separator: ", "))"
                )
            }
            let scale = dimension.categoryScale
            return (dimension: dimension.name, scale: scale, scores: try scores.judgeScores(dimension: column, scale: scale))
        }
        let model = scores.model ?? Self.judgeName(of: URL(fileURLWithPath: scores.file))
        var order = scores.ids
        if let run {
            let inFile = Set(scores.ids)
            order = run.rows.map(\.id).filter(inFile.contains)
        }
        let judgments = order.map { id in
            var scored: [DimensionJudgment] = []
            var unscored: [String: String] = [:]
            for column in columns {
                if let score = column.scores.scores[id] {
                    let level = column.scale.values.firstIndex(of: score.value).map { column.scale.labels[$0] }
                    scored.append(
                        DimensionJudgment(
                            dimension: column.dimension, score: score.value, label: level ?? score.value.plainText,
                            rationale: score.rationale ?? "", confidence: score.confidence))
                } else {
                    unscored[column.dimension] = column.scores.failures[id] ?? "no score"
                }
            }
            return Judgment(
                id: id, scores: scored, rawReplies: [], retries: 0, model: model, promptHash: "",
                unscored: unscored.isEmpty ? nil : unscored)
        }
        self.init(run: run?.info.name ?? "", rubric: rubric.name, rubricVersion: rubric.version, model: model, judgments: judgments)
    }

    /// Reads the judge-scores file at `url` in any of its layouts, as ``init(scores:rubric:run:)`` takes it, or
    /// as ``init(pairwiseScores:rubric:run:)`` when `pairwise`.
    ///
    /// - Throws: as ``ExternalJudgeScores/load(from:)`` and the initialiser.
    public static func load(judgeScoresAt url: URL, rubric: Rubric, run: FrozenRun?, pairwise: Bool = false) throws -> JudgmentSet {
        let scores = try ExternalJudgeScores.load(from: url)
        return pairwise
            ? try JudgmentSet(pairwiseScores: scores, rubric: rubric, run: run) : try JudgmentSet(scores: scores, rubric: rubric, run: run)
    }

    /// A judge's name from its file: the file's name without its extension, and without `.judgments` before it.
    public static func judgeName(of url: URL) -> String {
        let stem = url.deletingPathExtension().lastPathComponent
        return stem.hasSuffix(".judgments") ? String(stem.dropLast(".judgments".count)) : stem
    }

    /// These judgments of the rows of `run` only (a split's rows), in their order.
    public func restricted(to run: FrozenRun) -> JudgmentSet {
        let byID = Dictionary(judgments.map { ($0.id, $0) }) { first, _ in first }
        var set = self
        set.judgments = run.rows.compactMap { byID[$0.id] }
        return set
    }
}
