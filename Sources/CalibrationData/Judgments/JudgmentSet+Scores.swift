import Judging

extension JudgeScores {
    /// One dimension's scores and rationales from a judgment set, with the rows the judge failed on:
    /// a failed row, and a row with no score on this dimension (``Judging/Judgment/unscoredReason(_:)``).
    package init(judgments: JudgmentSet, dimension: String) {
        var scores: [String: JudgeScore] = [:]
        var failures: [String: String] = [:]
        for j in judgments.judgments {
            if let s = j.score(dimension) { scores[j.id] = JudgeScore(s.score, rationale: s.rationale, confidence: s.confidence) }
            if let failure = j.failure {
                failures[j.id] = failure.message
            } else if let reason = j.unscoredReason(dimension) {
                failures[j.id] = reason
            }
        }
        self.init(scores: scores, failures: failures)
    }
}
