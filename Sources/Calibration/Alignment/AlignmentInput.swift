public import StatisticsCore

/// One judge score of one row on one dimension, with the judge's reasoning.
public struct JudgeScore: Sendable, Hashable, Codable {
    /// The score; may be fractional (probability-weighted or averaged scores).
    public var value: Double
    /// The judge's rationale, shown beside the row when it is among the worst disagreements.
    public var rationale: String?

    /// Creates a judge score.
    public init(_ value: Double, rationale: String? = nil) {
        self.value = value
        self.rationale = rationale
    }
}

/// What one judge produced on one dimension: a score per row id, and the rows
/// it failed on (an unparsable or off-scale reply after retries) with the reason.
///
/// A failed row is counted, never scored: it is neither paired with the
/// expert nor turned into the lowest score.
public struct JudgeScores: Sendable, Hashable, Codable {
    /// Scores by row id.
    public var scores: [String: JudgeScore]
    /// Failure reasons by row id.
    public var failures: [String: String]

    /// Creates a judge's scores and failures.
    public init(scores: [String: JudgeScore], failures: [String: String] = [:]) {
        self.scores = scores
        self.failures = failures
    }
}

/// One expert's label of one row on one dimension.
public struct ExpertLabel: Sendable, Hashable, Codable {
    /// The row the label belongs to.
    public var rowID: String
    /// Who labelled it; the order in which raters first appear in a label list
    /// is their order (the human ceiling compares the first two).
    public var rater: String
    /// The label; may be fractional (SummEval and Topical-Chat publish means of
    /// three experts, multiples of 1/3).
    public var value: Double
    /// The expert's note, shown beside the row when it is among the worst disagreements.
    public var note: String?
    /// The row's probability of being in the label set; when the labels carry
    /// it, the kappa figures weigh the row by 1/π (Horvitz–Thompson). Every
    /// label of a row gives the same.
    public var inclusionProbability: Double?

    /// Creates a label.
    public init(rowID: String, rater: String = "expert", value: Double, note: String? = nil, inclusionProbability: Double? = nil) {
        self.rowID = rowID
        self.rater = rater
        self.value = value
        self.note = note
        self.inclusionProbability = inclusionProbability
    }
}

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
    /// A group per row id (`--group-by`), for the per-group correlations.
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
