import AgreementCoefficients
public import CalibrationData
import DataFormats
public import Judging
import StatisticsCore

extension DisagreementDigest {
    /// The digest of a run judged with `rubric`, on the rows in `rows`.
    ///
    /// Per dimension, each labelled row the judge scored is placed on the
    /// declared scale (the experts' mean and the judge's score each rounded half
    /// up onto the nearest level, as ``AlignmentReport`` does for its tables);
    /// the rows whose two levels differ are grouped by (expert level, judge level)
    /// and the groups ranked by the quadratic disagreement weight
    /// (v_e − v_j)² / (v_max − v_min)² (``AgreementWeights/quadratic``): on a
    /// 1–4 scale expert 4 → judge 2 weighs 4/9 and ranks above 3 → 2 at 1/9.
    /// Rows the judge failed on are counted by failure code, never placed.
    ///
    /// - Parameters:
    ///   - rows: the row ids to read (the development rows); `nil` for every row of the run.
    ///   - includeExampleRows: keep rows the rubric quotes as worked examples (left out by default, as in `align`).
    /// - Throws: ``AlignmentError`` when `rows` names a row the run lacks, or a
    ///   label or score is not on the scale; ``InputError`` when the judgments
    ///   were made with another rubric.
    public init(
        run: FrozenRun, rubric: Rubric, judgments: JudgmentSet, labels: ExpertLabels, rows: Set<String>? = nil,
        includeExampleRows: Bool = false
    ) throws {
        try judgments.checkMade(with: rubric)
        let runIDs = run.rows.map(\.id)
        let runRows = Set(runIDs)
        if let rows, let stranger = rows.subtracting(runRows).sorted().first {
            throw AlignmentError("the row set names '\(stranger)', which is not a row of the run \(run.info.name)")
        }
        let examples = rubric.exampleRowIDs.intersection(rows ?? runRows)
        let considered = runIDs.filter { (rows?.contains($0) ?? true) && (includeExampleRows || !examples.contains($0)) }
        let failures = judgments.failureCodes
        let input = try AlignmentInput(run: run, rubric: rubric, judgments: judgments, labels: labels)
        let dimensions = try zip(rubric.dimensions, input.dimensions).map { dimension, input in
            let panel = try ExpertPanel(dimension: input.name, scale: input.scale, labels: input.expertLabels, runRows: runRows)
            try ExpertPanel.checkJudge(input.judge, dimension: input.name, scale: input.scale, runRows: runRows, role: "judge")
            return Self.dimension(dimension, judge: input.judge, panel: panel, rows: considered, failures: failures)
        }
        self.init(
            schemaVersion: Self.currentSchemaVersion,
            info: AlignmentInfo(
                run: run.info.name, rubric: rubric.name, rubricVersion: rubric.version, model: judgments.model,
                dataset: run.info.info["Dataset"]),
            rowsInRun: runIDs.count, rowSet: rows?.sorted(), exampleRows: examples.sorted(), includeExampleRows: includeExampleRows,
            dimensions: dimensions)
    }

    private static func dimension(
        _ dimension: ScoreDimension, judge: JudgeScores, panel: ExpertPanel, rows: [String], failures: [String: String]
    ) -> Dimension {
        let scale = dimension.categoryScale
        let levels = dimension.scale.levels.map { Level(label: $0.label, value: $0.value, description: $0.description) }
        let weights = AgreementWeights.quadratic.matrix(on: scale)
        let labelled = rows.filter { panel.expertValue($0) != nil }
        var result = Dimension(
            name: dimension.name, levels: levels, labelled: labelled.count, compared: 0, judgeFailures: [:], notJudged: 0, agreed: 0,
            pairs: [])
        var pairs: [[Int]: [Row]] = [:]
        for id in labelled {
            guard let expert = panel.expertValue(id), let score = judge.scores[id] else {
                if let code = failures[id] { result.judgeFailures[code, default: 0] += 1 } else { result.notJudged += 1 }
                continue
            }
            result.compared += 1
            let (e, j) = (scale.nearestIndex(to: expert), scale.nearestIndex(to: score.value))
            guard e != j else {
                result.agreed += 1
                continue
            }
            pairs[[e, j], default: []].append(
                Row(rowID: id, expert: expert, judge: score.value, judgeRationale: score.rationale, expertNote: panel.note(id)))
        }
        result.pairs = pairs.map { key, rows in
            ConfusionPair(expert: levels[key[0]], judge: levels[key[1]], weight: 1 - weights[key[0], key[1]], rows: rows)
        }.sorted {
            ($0.weight, $0.rows.count, $0.expert.value, -$0.judge.value) > ($1.weight, $1.rows.count, $1.expert.value, -$1.judge.value)
        }
        return result
    }

    /// Every confusion pair's rows, over all dimensions.
    public var disagreementCount: Int {
        dimensions.reduce(0) { $0 + $1.pairs.reduce(0) { $0 + $1.rows.count } }
    }
}
