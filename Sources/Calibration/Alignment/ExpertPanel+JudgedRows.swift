public import CalibrationData

extension ExpertPanel {
    /// A labelled row with both sides: the experts' value (``expertValue(_:)``) and the judge's score.
    public struct JudgedRow: Sendable, Hashable {
        /// The row's id.
        public var id: String
        /// The raters' values combined.
        public var expert: Double
        /// The judge's score, with its rationale and confidence.
        public var judge: JudgeScore
    }

    /// Labelled rows left without an expert value and a judge score, by why.
    public struct LeftOut: Sendable, Hashable, Codable {
        /// The row has no expert value here: not labelled on this dimension, or its raters' majority tied.
        public var noExpertValue = 0
        /// The judge failed on the row or was not asked about it.
        public var noJudgeScore = 0
        /// The row is one of the rubric's worked examples.
        public var workedExamples = 0

        /// Creates the counts.
        public init(noExpertValue: Int = 0, noJudgeScore: Int = 0, workedExamples: Int = 0) {
            self.noExpertValue = noExpertValue
            self.noJudgeScore = noJudgeScore
            self.workedExamples = workedExamples
        }

        /// Every row left out.
        public var total: Int { noExpertValue + noJudgeScore + workedExamples }
    }

    /// Each of `rows`, in order, with its expert value and `judge`'s score, and those left out, counted
    /// by the first of these that holds: the row is in `examples`; it has no expert value; the judge
    /// gave it no score (it failed, or was not asked).
    public func judgedRows(_ rows: [String], judge: JudgeScores, examples: Set<String>) -> (rows: [JudgedRow], leftOut: LeftOut) {
        var leftOut = LeftOut()
        var judged: [JudgedRow] = []
        for id in rows {
            guard !examples.contains(id) else {
                leftOut.workedExamples += 1
                continue
            }
            guard let expert = expertValue(id) else {
                leftOut.noExpertValue += 1
                continue
            }
            guard let score = judge.scores[id] else {
                leftOut.noJudgeScore += 1
                continue
            }
            judged.append(JudgedRow(id: id, expert: expert, judge: score))
        }
        return (judged, leftOut)
    }
}
