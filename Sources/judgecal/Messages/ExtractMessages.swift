import CalibrationData
import DataFormats

/// `extract`'s words for the label sheet's errors, naming its options (`--sample`, `--raters`,
/// `--context`, `--strategy`, `--next`), and those of the options the sheet shares with `import`
/// (`--label-columns`) and with `judge` and `align` (`--ids`, `--sample`): the library says what is
/// wrong (``LabelSheet/SettingsError/Problem``, ``LabelSheet/DrawProblem``), these say which option to change.
enum ExtractMessages {
    /// The options error as `judgecal` words it.
    static func message(for error: LabelSheet.SettingsError) -> String {
        switch error.problem {
        case .sampleOfNoRows(let sample):
            "--sample \(sample) draws no rows, and the importer refuses a sheet without rows; ask for at least 1 (or leave --sample out for every row)"
        case .thresholdOutOfRange(let threshold):
            "--threshold \(threshold) is outside quadratic kappa's range, −1 to 1; give the threshold align will test"
        case .raterNotAFileName(let rater): "--raters '\(rater)' cannot name a sheet file; use letters, digits, - and _"
        case .raterTwice(let rater): "--raters names \(rater) twice; name each rater once"
        case .ratersWithoutOverlap(let raters):
            "--raters \(raters.joined(separator: ",")) with no --overlap leaves every rater after \(raters.first ?? "") without rows; add --overlap"
        case .contextTwice(let path): "--context names \(path) twice; give each context path once"
        case .contextClash(let path, let role, let short):
            "--context \(path) would head a column named like \(role), and the importer would read the wrong column; name a field inside the row instead (input.\(short) or response.\(short))"
        case .stratifiedWithoutField: "--strategy stratified needs --stratify-by, the field to stratify by"
        case .judgeStratifiedWithoutJudgments: "--strategy judge-stratified needs the judge's scores; add --judgments"
        case .escalationWithoutDecisions: "--strategy escalation needs the trust decisions; add --escalated FILE (judge --trust writes it)"
        case .stratumNotADimension(let name, let dimensions):
            "--stratify-by \(name) is not a dimension of the rubric (\(dimensions.joined(separator: ", "))); judge-stratified sampling stratifies by the judge's level on one"
        case .idsAndSample: "--ids and --sample both choose the rows; give one"
        case .sampleTakesNoRows(let count): "--sample \(count) takes no rows; ask for at least 1"
        case .sampleBeyondPool(let count, let pool, let labelledOnly):
            "--sample \(count) is more than the \(pool) \(LabelSheet.SettingsError.poolName(labelledOnly: labelledOnly)); ask for at most \(pool)"
        case .labelColumnsOfFormat, .labelColumnRepeated, .labelColumnNames, .labelColumnMapped, .metricMissing:
            ImportMessages.labelColumns(error.problem) ?? error.message
        }
    }

    /// The draw error as `extract` words it, at its place.
    static func message(for error: LabelSheet.DrawError) -> String {
        error.description(saying: text(for: error.problem))
    }

    /// What is wrong with a draw, as `extract` words it (without the place).
    static func text(for problem: LabelSheet.DrawProblem) -> String {
        switch problem {
        case .overlapBeyondSample(let overlap, let sampled): "--overlap \(overlap) is more than the \(sampled) rows sampled"
        case .sampleBeyondRun(let size, let rows): "--sample \(size) asks for more rows than the run has (\(rows))"
        case .batchBeyondUnlabelled(let size, let left):
            "--next \(size) asks for more rows than the \(left) that the earlier sheets left unlabelled; nothing was written"
        case .escalationBeyondStratum(let size, let left, let kept):
            "--\(kept ? "kept-sample" : "sample") \(size) asks for more than the \(left) \(kept ? "kept" : "escalated") rows left unlabelled"
        case .strategyChanged(let strategy):
            "was drawn by \(strategy.rawValue) sampling; a label set keeps one strategy so that its rows' probabilities stay exact, so draw the next batch with --strategy \(strategy.rawValue) (or start a new label set)"
        case .stratumChanged(let row):
            "row \(row) was drawn in another stratum than it falls in now; draw the next batch with the stratification (--stratify-by) and judgments of the earlier ones"
        }
    }
}
