import AgreementCoefficients
public import CalibrationData
import StatisticsCore

extension JudgeTable {
    /// Aligns every judge (`name` unique, read from `file`) on its own rows, forms the panels, and ranks
    /// judges and panels per dimension.
    ///
    /// The dimensions are the first judge's that every judge has (names compared without case); the
    /// panels' rows are every judge's rows, in order of first appearance; the experts' labels are the
    /// first judge's (every judge's come from the same sheets).
    ///
    /// - Throws: ``AlignmentError`` for fewer than two judges, two of one name (a panel's name is
    ///   taken), or no shared dimension; as ``AlignmentReport/init(_:options:)`` for a judge that cannot be aligned.
    public init(_ judges: [(name: String, file: String, input: AlignmentInput)], options: AlignmentSettings) throws {
        guard judges.count >= 2 else { throw AlignmentError("\(judges.count) judge(s) given; a table of judges needs two or more") }
        var names = Set(JudgePanel.allCases.map(\.entryName))
        for judge in judges where !names.insert(judge.name).inserted {
            throw AlignmentError(
                "two judges are named \(judge.name) (\(judges.filter { $0.name == judge.name }.map(\.file).joined(separator: ", "))), or the name is a panel's; rename a file")
        }
        let options = try options.validated()
        var reports: [String: AlignmentReport] = [:]
        for judge in judges { reports[judge.name] = try AlignmentReport(judge.input, options: options) }
        let first = judges[0].input
        let shared = first.dimensions.filter { d in
            judges.allSatisfy { j in j.input.dimensions.contains { $0.name.lowercased() == d.name.lowercased() } }
        }
        guard !shared.isEmpty else { throw AlignmentError("the judges share no dimension (names are compared without case)") }
        var seen = Set<String>()
        let rows = judges.flatMap(\.input.runRowIDs).filter { seen.insert($0).inserted }
        var panelInputs: [JudgePanel: AlignmentInput] = [:]
        var tables: [DimensionTable] = []
        for dimension in shared {
            let scores = judges.map { j in j.input.dimensions.first { $0.name.lowercased() == dimension.name.lowercased() }?.judge }
            var notFormed: [PanelNotFormed] = []
            var model: DawidSkene?
            for panel in JudgePanel.allCases {
                if let reason = panel.unavailableReason(scale: dimension.scale) {
                    notFormed.append(PanelNotFormed(panel: panel, reason: reason))
                    continue
                }
                let (panelScores, fitted) = try panel.scores(of: scores.compactMap { $0 }, rows: rows, scale: dimension.scale)
                model = fitted ?? model
                var input =
                    panelInputs[panel]
                    ?? AlignmentInput(
                        info: AlignmentInfo(run: first.info.run, rubric: first.info.rubric, rubricVersion: first.info.rubricVersion),
                        runRowIDs: rows, exampleRowIDs: first.exampleRowIDs, groups: first.groups, dimensions: [],
                        sampling: first.sampling)
                input.origins = first.origins
                input.info.model = panel.entryName
                input.dimensions.append(
                    AlignmentInput.Dimension(
                        name: dimension.name, scale: dimension.scale, judge: panelScores, expertLabels: dimension.expertLabels))
                panelInputs[panel] = input
            }
            tables.append(
                DimensionTable(
                    name: dimension.name, rows: [], panelsNotFormed: notFormed,
                    dawidSkene: model.map { Self.describe($0, judges: judges.map(\.name), rows: rows) },
                    ranking: Ranking(commonRows: 0, entries: [], panelsLeftOut: [:], test: "", undefinedReason: nil)))
        }
        let panels = JudgePanel.allCases.filter { panelInputs[$0] != nil }
        for panel in panels {
            if let input = panelInputs[panel] { reports[panel.entryName] = try AlignmentReport(input, options: options) }
        }
        let entries = judges.map { Entry(name: $0.name, panel: nil, file: $0.file) } + panels.map { Entry(name: $0.entryName, panel: $0, file: nil) }
        for t in tables.indices {
            let dimension = shared[t]
            let inputs = entries.map { entry in
                entry.panel.flatMap { panelInputs[$0] } ?? judges.first { $0.name == entry.name }?.input
            }
            tables[t].rows = try zip(entries, inputs).compactMap { entry, input in
                guard let aligned = reports[entry.name]?.dimensions.first(where: { $0.name.lowercased() == dimension.name.lowercased() }),
                    let input, let own = input.dimensions.first(where: { $0.name.lowercased() == dimension.name.lowercased() })
                else { return nil }
                return Row(
                    judge: entry.name, n: aligned.counts.paired, judgeFailures: aligned.counts.judgeFailures,
                    statisticEstimate: aligned.statisticEstimate, verdict: aligned.verdict.outcome,
                    labelMultiplier: try Self.labelMultiplier(own, of: input, options: options))
            }
            let sides = zip(entries, inputs).map { entry, input -> (String, Bool, JudgeScores?) in
                (entry.name, entry.panel != nil, input?.dimensions.first { $0.name.lowercased() == dimension.name.lowercased() }?.judge)
            }
            tables[t].ranking = try Self.rank(
                sides.compactMap { name, isPanel, scores in scores.map { (name, isPanel, $0) } }, dimension: dimension,
                rows: rows, left: options.includeExampleRows ? [] : first.exampleRowIDs, options: options)
        }
        schemaVersion = Self.currentSchemaVersion
        self.options = options
        self.judges = entries
        self.reports = reports
        dimensions = tables
    }

    /// The model's figures keyed by judge and row.
    private static func describe(_ model: DawidSkene, judges: [String], rows: [String]) -> DawidSkenePanel {
        var posteriors: [String: [Double]] = [:]
        for (i, row) in rows.enumerated() { posteriors[row] = model.posteriors[i] }
        return DawidSkenePanel(
            iterations: model.iterations, converged: model.converged, priors: model.priors,
            confusionMatrices: Dictionary(uniqueKeysWithValues: zip(judges, model.errors)), posteriors: posteriors)
    }
}
