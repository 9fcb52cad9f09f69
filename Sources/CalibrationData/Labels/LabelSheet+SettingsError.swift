public import DataFormats

extension LabelSheet {
    /// An option a label sheet, a part of a run or an import's label columns cannot be made with:
    /// what is wrong (``problem``), with the values involved, and in the library's words what to
    /// ask for instead (``message``).
    ///
    /// A tool names its own options for each ``Problem`` (`judgecal` names its raters option); any other caller gets ``message``, which names the setting as this
    /// library does (`the rater ana is named twice; name each rater once`). The command line
    /// reports it as a usage error (exit 64); problems in the run or the rubric are ``InputError``s
    /// and, where their way out is a setting, ``DrawError``s.
    public struct SettingsError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let problem: Problem

        /// What is wrong, with the values a tool needs to say so in its own words.
        public enum Problem: Sendable, Hashable {
            /// A sample size below 1 for a sheet (``Settings/sample``).
            case sampleOfNoRows(Int)
            /// A kappa threshold for judge-stratified sampling outside −1 to 1 (``Settings/threshold``).
            case thresholdOutOfRange(Double)
            /// A rater name that cannot be part of a sheet's file name (``Settings/raters``).
            case raterNotAFileName(String)
            /// A rater named twice, without regard to case.
            case raterTwice(String)
            /// Several raters and no overlap (``Settings/overlap``): every rater after the first would get no row.
            case ratersWithoutOverlap([String])
            /// A context path given twice (``Settings/context``).
            case contextTwice(String)
            /// A context path whose column would be named like `role` (`the sheet's own id column`);
            /// `short` is its last component.
            case contextClash(path: String, role: String, short: String)
            /// Stratified sampling without the field to stratify by (``Settings/stratifyBy``).
            case stratifiedWithoutField
            /// Judge-stratified sampling without the judge's scores.
            case judgeStratifiedWithoutJudgments
            /// Escalation sampling without a trust certificate's decisions (``Settings/escalation``).
            case escalationWithoutDecisions
            /// Judge-stratified sampling by `name`, which is not one of the rubric's `dimensions`.
            case stratumNotADimension(String, dimensions: [String])
            /// Both a list of ids and a sample choosing a part of a run (``RowSelection``).
            case idsAndSample
            /// A sample of a run below 1 row.
            case sampleTakesNoRows(Int)
            /// A sample of a run larger than the `pool` it is drawn from: the run's rows, or with
            /// `labelledOnly` its labelled rows.
            case sampleBeyondPool(Int, pool: Int, labelledOnly: Bool)
            /// Label columns asked of an export of `format` (its name), which has no record fields.
            case labelColumnsOfFormat(String)
            /// A label column's field blank or given twice.
            case labelColumnRepeated(String)
            /// Label columns whose dimension names a sheet could not hold; the reason, in words.
            case labelColumnNames(String)
            /// A label column's field that the run's mapping reads already.
            case labelColumnMapped(String)
            /// A JUDGE-BENCH metric the file `file` lacks, and the `metrics` it has.
            case metricMissing(file: String, metric: String, metrics: [String])
        }

        package init(_ problem: Problem) {
            self.problem = problem
        }

        /// What is wrong and what to ask for instead, in the library's words.
        public var message: String {
            switch problem {
            case .sampleOfNoRows(let sample):
                "a sample of \(sample) draws no rows, and the importer refuses a sheet without rows; ask for at least 1 (or no sample for every row)"
            case .thresholdOutOfRange(let threshold):
                "the threshold \(threshold) is outside quadratic kappa's range, −1 to 1; give the threshold align will test"
            case .raterNotAFileName(let rater): "the rater name '\(rater)' cannot name a sheet file; use letters, digits, - and _"
            case .raterTwice(let rater): "the rater \(rater) is named twice; name each rater once"
            case .ratersWithoutOverlap(let raters):
                "the raters \(raters.joined(separator: ",")) with no overlap leave every rater after \(raters.first ?? "") without rows; ask for an overlap"
            case .contextTwice(let path): "the context path \(path) is given twice; give each context path once"
            case .contextClash(let path, let role, let short):
                "the context path \(path) would head a column named like \(role), and the importer would read the wrong column; name a field inside the row instead (input.\(short) or response.\(short))"
            case .stratifiedWithoutField: "stratified sampling needs the field to stratify by"
            case .judgeStratifiedWithoutJudgments: "judge-stratified sampling needs the judge's scores"
            case .escalationWithoutDecisions: "escalation sampling needs the decisions a trust certificate made on the run"
            case .stratumNotADimension(let name, let dimensions):
                "\(name) is not a dimension of the rubric (\(dimensions.joined(separator: ", "))); judge-stratified sampling stratifies by the judge's level on one"
            case .idsAndSample: "a list of ids and a sample both choose the rows; give one"
            case .sampleTakesNoRows(let count): "a sample of \(count) takes no rows; ask for at least 1"
            case .sampleBeyondPool(let count, let pool, let labelledOnly):
                "a sample of \(count) is more than the \(pool) \(Self.poolName(labelledOnly: labelledOnly)); ask for at most \(pool)"
            case .labelColumnsOfFormat(let format):
                "label columns are fields of JSON Lines or CSV records (or JUDGE-BENCH metrics); a \(format) export has none"
            case .labelColumnRepeated(let path): "the label column '\(path)' is blank or given twice; name each field once"
            case .labelColumnNames(let problem): "label columns: \(problem)"
            case .labelColumnMapped(let path): "the label column \(path) is mapped to the row already; a label field is not the row's"
            case .metricMissing(let file, let metric, let metrics):
                "\(file) has no metric \(metric); its metrics are \(metrics.joined(separator: ", "))"
            }
        }

        /// What a sample of a run is drawn from, in words: `rows of the run`, or with
        /// `labelledOnly` `rows to choose from (labelled rows of the run)`.
        public static func poolName(labelledOnly: Bool) -> String {
            labelledOnly ? "rows to choose from (labelled rows of the run)" : "rows of the run"
        }

        public var description: String { message }
    }

    /// A sheet that cannot be drawn from the run and the earlier sheets as asked, located in the
    /// file at fault (``InputProblem``, ``DrawProblem``).
    public typealias DrawError = InputProblem<DrawProblem>

    /// Why a sheet cannot be drawn as asked, where the way out is a setting: a larger sample than
    /// the rows left, an overlap larger than the sample, or earlier sheets of another design.
    public enum DrawProblem: Sendable, Hashable {
        /// An overlap of `overlap` rows, more than the `sampled` ones (``Settings/overlap``).
        case overlapBeyondSample(overlap: Int, sampled: Int)
        /// A first batch of `size` rows, more than the run's `rows`.
        case sampleBeyondRun(size: Int, rows: Int)
        /// A next batch of `size` rows, more than the `left` that earlier sheets left unlabelled.
        case batchBeyondUnlabelled(size: Int, left: Int)
        /// An escalation batch asking `size` escalated rows (or, with `kept`, kept rows), more than
        /// the `left` of that stratum still unlabelled (``Settings/escalation``).
        case escalationBeyondStratum(size: Int, left: Int, kept: Bool)
        /// An earlier sheet drawn by `strategy`, which a next batch must keep (``Settings/strategy``).
        case strategyChanged(SamplingStrategy)
        /// The row `row` of an earlier sheet falls in another stratum now (``Settings/stratifyBy``).
        case stratumChanged(row: String)
    }
}

extension LabelSheet.SettingsError: KindedError {
    /// ``ErrorKind/usage``: options a label sheet cannot be made with.
    public var kind: ErrorKind { .usage }
}
