import LanguageModels
import StatisticsCore

extension ModelJudge {
    /// Asks each of `requests` (sampled replies, or simulated annotators), each retried on its own,
    /// and summarises the usable replies per dimension: mean, spread, self-agreement, and the
    /// confidence by `method`.
    ///
    /// - Throws: ``JudgeFailure`` when no request gave a usable reply; the
    ///   model's own error when the server cannot be reached.
    func sampledJudgment(
        _ requests: [ChatRequest],
        id: String,
        promptHash: String,
        method: JudgeConfidence.Method
    ) async throws -> Judgment {
        let count = requests.count
        var replies: [UsableReply] = []
        var failures: [JudgeFailure.Attempt] = []
        var raw: [String] = []
        for request in requests {
            do {
                let reply = try await usableReply(to: request)
                replies.append(reply)
                raw += reply.rawReplies
            } catch let failure as JudgeFailure {
                failures += failure.attempts
                raw += failure.attempts.map(\.reply)
            }
        }
        guard let first = replies.first else { throw JudgeFailure(attempts: failures) }
        let judged = dimensions.enumerated().map { i, d in
            let chosen = replies.map { $0.written[i] }
            let values = chosen.map(\.level.value)
            let sampling = SampledScores(
                values: values,
                mean: Spread.mean(values).value ?? values[0],
                standardDeviation: values.count > 1 ? Spread.standardDeviation(values).value : nil,
                selfAgreement: Self.pairwiseAgreement(chosen.map(\.level.label))
            )
            return DimensionJudgment(
                dimension: d.name,
                score: sampling.mean,
                label: first.written[i].level.label,
                rationale: first.written[i].rationale,
                sampling: sampling,
                confidence: JudgeConfidence.mostSampled(values, method: method)
            )
        }
        return Judgment(
            id: id,
            scores: judged,
            rawReplies: raw,
            retries: raw.count - count,
            failedSamples: count - replies.count,
            model: first.model,
            promptHash: promptHash
        )
    }

    /// The share of pairs of labels that are equal: Σ nₖ(nₖ − 1) / (n(n − 1));
    /// `nil` with fewer than two labels.
    static func pairwiseAgreement(_ labels: [String]) -> Double? {
        let n = labels.count
        guard n > 1 else { return nil }
        var counts: [String: Int] = [:]
        for l in labels { counts[l, default: 0] += 1 }
        let agreeing = counts.values.reduce(0) { $0 + $1 * ($1 - 1) }
        return Double(agreeing) / Double(n * (n - 1))
    }
}
