import AgreementCoefficients
public import CalibrationData
import StatisticsCore

extension RubricComparison {
    /// Compares two rubrics on the rows both judged and the experts labelled.
    ///
    /// Per dimension, with the expert value the mean of the raters and every
    /// value rounded half up onto the declared scale for the table:
    /// - the verdict statistic (``AlignmentSettings/statistic``) of each rubric
    ///   on the common rows, computed as ``AlignmentReport`` computes it;
    /// - the difference experimental − control from the
    ///   ``PairedRatingTable`` (expert × experimental × control), its interval from the
    ///   paired rows (a jackknife t interval by default; the paired multinomial bootstrap,
    ///   `Bootstrap.paired`, seeded, with `bootstrap` or `bca`), so the correlation between
    ///   the two rubrics' agreement is kept;
    /// - McNemar's test on exact agreement and the rows that flipped (no test, with the reason, without paired rows);
    /// - a ``Verdict`` (``ComparisonOutcome``) from the difference's interval, overall and, with groups, per group;
    /// - each side's failed rows by failure code, and the worst disagreements with what was judged.
    ///
    /// - Throws: ``AlignmentError`` for the same invalid input as an alignment;
    ///   ``AgreementRequestError`` for options ``AlignmentSettings/validated()``
    ///   refuses (so the paired bootstrap, too, draws 100 to 100 000 resamples or none).
    public init(_ input: Input, options: AlignmentSettings = AlignmentSettings()) throws {
        let options = try options.validated()
        let runRows = Set(input.runRowIDs)
        let examples = options.includeExampleRows ? [] : input.exampleRowIDs
        let considered = input.runRowIDs.filter { !examples.contains($0) }
        var seen: Set<String> = []
        var dimensions: [DimensionComparison] = []
        for dimension in input.dimensions {
            let panel = try ExpertPanel(
                dimension: dimension.name, scale: dimension.scale, labels: dimension.expertLabels, runRows: runRows,
                combination: options.experts)
            try ExpertPanel.checkJudge(
                dimension.control, dimension: dimension.name, scale: dimension.scale, runRows: runRows, role: "control judge")
            try ExpertPanel.checkJudge(
                dimension.experimental, dimension: dimension.name, scale: dimension.scale, runRows: runRows, role: "experimental judge")
            seen.formUnion(
                Set(panel.labels.keys).union(dimension.control.scores.keys).union(dimension.experimental.scores.keys)
                    .intersection(input.exampleRowIDs))
            // A row whose raters have no majority has no expert value: labelled, not paired.
            let labelled = considered.filter { panel.labels[$0] != nil }
            let ids = labelled.filter {
                panel.expertValue($0) != nil && dimension.control.scores[$0] != nil && dimension.experimental.scores[$0] != nil
            }
            var result = try Self.compare(dimension, panel: panel, ids: ids, labelledNotPaired: labelled.count - ids.count, options: options)
            result.worstDisagreements = Self.worst(dimension, panel: panel, ids: ids, texts: input.rowTexts, count: options.worstDisagreements)
            result.slices = try Self.slices(dimension, panel: panel, ids: ids, groups: input.groups, options: options)
            dimensions.append(result)
        }
        func failures(_ codes: [String: String]) -> SideFailures {
            let failed = considered.compactMap { codes[$0] }
            return SideFailures(rows: considered.count, failed: failed.count, byCode: Dictionary(failed.map { ($0, 1) }, uniquingKeysWith: +))
        }
        self.init(
            schemaVersion: Self.currentSchemaVersion, info: input.info, controlName: input.controlName,
            experimentalName: input.experimentalName, options: options, exampleRows: seen.sorted(),
            controlFailures: failures(input.controlFailureCodes), experimentalFailures: failures(input.experimentalFailureCodes),
            groupedBy: input.groups.isEmpty ? nil : input.groupedBy, dimensions: dimensions)
    }

    private static func compare(
        _ dimension: Input.Dimension, panel: ExpertPanel, ids: [String], labelledNotPaired: Int, options: AlignmentSettings
    ) throws -> DimensionComparison {
        let expert = ids.map { panel.expertValue($0) ?? .nan }
        let control = ids.map { dimension.control.scores[$0]?.value ?? .nan }
        let experimental = ids.map { dimension.experimental.scores[$0]?.value ?? .nan }
        let controlPairs = try PairedScores(ids: ids, first: expert, second: control, scale: dimension.scale, dimension: dimension.name)
        let experimentalPairs = try PairedScores(
            ids: ids, first: expert, second: experimental, scale: dimension.scale, dimension: dimension.name)
        var result = DimensionComparison(
            name: dimension.name, paired: ids.count, labelledNotPaired: labelledNotPaired,
            valuesRounded: controlPairs.roundedFirst + controlPairs.roundedSecond + experimentalPairs.roundedSecond,
            statistic: options.statistic,
            control: try controlPairs.estimate(options.statistic, options: options),
            experimental: try experimentalPairs.estimate(options.statistic, options: options),
            difference: Estimate(undefined: .noData(), n: ids.count), controlOnlyExact: 0, experimentalOnlyExact: 0, mcnemar: nil,
            noTestReason: nil, verdict: Verdict(.undefined), worstDisagreements: [], slices: [], flipped: [], undefinedReason: nil)
        guard let scale = dimension.scale else {
            result.undefinedReason = controlPairs.noTableReason
            result.difference = Estimate(undefined: controlPairs.noTableReason ?? .noData(), n: ids.count)
            result.noTestReason = "no declared scale, so exact agreement is not defined"
            return result
        }
        let category = { CategoryRounding.category($0, on: scale).value }
        let table = try PairedRatingTable(
            scale: scale, expert: expert.map(category), first: experimental.map(category), second: control.map(category))
        result.difference =
            table.difference(
                options, resampling: options.intervals?.isBootstrap == true,
                undefined: ("under the experimental rubric", "under the control rubric")
            ).estimate
        result.verdict = Verdict(difference: result.difference)
        guard !ids.isEmpty else {
            result.noTestReason = "no paired rows: McNemar's test counts rows both sides scored and the experts labelled"
            return result
        }
        let test = McNemarTest(table)
        result.experimentalOnlyExact = test.firstOnly
        result.controlOnlyExact = test.secondOnly
        result.mcnemar = test
        result.flipped = ids.indices.compactMap { i in
            let e = category(expert[i])
            let (c, x) = (category(control[i]) == e, category(experimental[i]) == e)
            guard c != x else { return nil }
            return FlippedRow(
                rowID: ids[i], expert: expert[i], control: control[i], experimental: experimental[i], direction: x ? .gained : .lost)
        }.sorted { $0.rowID < $1.rowID }
        return result
    }

    /// The `count` paired rows with the largest distance from the experts on either side,
    /// max(|control − expert|, |experimental − expert|), largest first, ties by row id.
    private static func worst(
        _ dimension: Input.Dimension, panel: ExpertPanel, ids: [String], texts: [String: JudgedText], count: Int
    ) -> [ComparedRow] {
        let rows = ids.compactMap { id -> ComparedRow? in
            guard let e = panel.expertValue(id), let c = dimension.control.scores[id], let x = dimension.experimental.scores[id],
                c.value != e || x.value != e
            else { return nil }
            return ComparedRow(
                rowID: id, expert: e, control: c.value, experimental: x.value, controlRationale: c.rationale,
                experimentalRationale: x.rationale, expertNote: panel.note(id), judged: texts[id])
        }
        func distance(_ r: ComparedRow) -> Double { max(abs(r.control - r.expert), abs(r.experimental - r.expert)) }
        return Array(rows.sorted { (distance($0), $1.rowID) > (distance($1), $0.rowID) }.prefix(count))
    }

    /// Each group's comparison on its paired rows, by group name; empty without groups.
    private static func slices(
        _ dimension: Input.Dimension, panel: ExpertPanel, ids: [String], groups: [String: String], options: AlignmentSettings
    ) throws -> [Slice] {
        guard !groups.isEmpty else { return [] }
        let byGroup = Dictionary(grouping: ids) { groups[$0] ?? "" }
        return try byGroup.keys.sorted().map { group in
            let d = try compare(dimension, panel: panel, ids: byGroup[group] ?? [], labelledNotPaired: 0, options: options)
            return Slice(
                group: group, paired: d.paired, control: d.control, experimental: d.experimental, difference: d.difference,
                verdict: d.verdict)
        }
    }
}
