public import CalibrationData
public import StatisticsCore

/// Free-text facts about what was aligned, filled in by the caller and carried
/// into the report and the history line unchanged.
public struct AlignmentInfo: Sendable, Hashable, Codable {
    /// The frozen run's name.
    public var run: String?
    /// The rubric's name.
    public var rubric: String?
    /// The rubric's version.
    public var rubricVersion: String?
    /// The judge model.
    public var model: String?
    /// The data set.
    public var dataset: String?
    /// The SHA-256 of the rubric file's text (hex), so a report names the exact rubric it was judged with.
    public var rubricHash: String?
    /// How many labelled rows were not rows of the run and were left out (a
    /// label sheet covering more than the run); `nil` when none were counted.
    public var labelledRowsNotInRun: Int? = nil

    /// How many annotations of Label Studio exports were skipped or cancelled and left out
    /// (``CalibrationData/ExpertLabels/cancelledAnnotations``); `nil` when no export was read.
    public var cancelledAnnotations: Int? = nil

    /// The sentence a report shows when ``cancelledAnnotations`` is more than 0
    /// (``CalibrationData/ExpertLabels/cancelledSentence(_:)``).
    public var cancelledSentence: String? { ExpertLabels.cancelledSentence(cancelledAnnotations) }

    /// The sentence a report shows when ``labelledRowsNotInRun`` is more than 0:
    /// `3 labelled rows are not rows of this run and were left out.` (the JSON keeps a 0).
    public var rowsNotInRunSentence: String? {
        labelledRowsNotInRun.flatMap { $0 == 0 ? nil : $0 }.map {
            "\($0) labelled \($0 == 1 ? "row is not a row" : "rows are not rows") of this run and \($0 == 1 ? "was" : "were") left out."
        }
    }

    /// Creates the information block.
    public init(
        run: String? = nil, rubric: String? = nil, rubricVersion: String? = nil, model: String? = nil, dataset: String? = nil,
        rubricHash: String? = nil
    ) {
        self.run = run
        self.rubric = rubric
        self.rubricVersion = rubricVersion
        self.model = model
        self.dataset = dataset
        self.rubricHash = rubricHash
    }
}

/// Everything ``AlignmentReport/init(_:options:)`` compares: the run's rows, the
/// rows the rubric uses as worked examples, optional groups, and per dimension
/// the judge's scores and the experts' labels.
public struct AlignmentInput: Sendable, Hashable {
    /// One score dimension.
    public struct Dimension: Sendable, Hashable {
        /// The dimension's name, as in the rubric and the label file.
        public var name: String
        /// The declared scale (the rubric's `ScoreDimension.categoryScale`);
        /// `nil` when none is known, and then the category statistics (kappa,
        /// alpha, AC2, exact agreement, the confusion matrix) are undefined with
        /// reason `no-scale` while the correlations are still computed.
        public var scale: CategoryScale?
        /// The judge's scores and failures.
        public var judge: JudgeScores
        /// The experts' labels, any number of raters per row.
        public var expertLabels: [ExpertLabel]

        /// Creates a dimension's input.
        public init(name: String, scale: CategoryScale?, judge: JudgeScores, expertLabels: [ExpertLabel]) {
            self.name = name
            self.scale = scale
            self.judge = judge
            self.expertLabels = expertLabels
        }
    }

    /// Facts about the run, rubric and model for the report.
    public var info: AlignmentInfo
    /// Every row id of the run.
    ///
    /// A score, failure or label for any other id is an error.
    public var runRowIDs: [String]
    /// Row ids the rubric quotes as worked examples: left out of the figures
    /// unless ``AlignmentSettings/includeExampleRows`` is set, and listed either way.
    public var exampleRowIDs: Set<String>
    /// A group per row id (a field of each run row), for the per-group correlations.
    ///
    /// Empty for none. When given, every paired row needs a group.
    public var groups: [String: String]
    /// The dimensions, in report order.
    public var dimensions: [Dimension]
    /// How the labelled rows were drawn, when they carry inclusion probabilities.
    public var sampling: LabelSampling?
    /// Each row's origin (`metadata.origin`), for the per-origin figures (``AlignmentReport/origins``); a row
    /// not listed is ``unmarkedOrigin``. Empty for none.
    public var origins: [String: String] = [:]

    /// Creates the input.
    public init(
        info: AlignmentInfo = AlignmentInfo(), runRowIDs: [String], exampleRowIDs: Set<String> = [],
        groups: [String: String] = [:], dimensions: [Dimension], sampling: LabelSampling? = nil
    ) {
        self.sampling = sampling
        self.info = info
        self.runRowIDs = runRowIDs
        self.exampleRowIDs = exampleRowIDs
        self.groups = groups
        self.dimensions = dimensions
    }
}
