import Foundation
import StatisticsCore

/// The confidence above which a judge may be trusted without an expert: the lowest threshold at
/// which agreement with the experts on the rows kept is at least 1 − α with probability at least
/// 1 − δ (Jung, Brahman & Choi, "Trust or Escalate", ICLR 2025; the fixed-sequence form of
/// Angelopoulos et al.'s "Learn then Test", 2021).
///
/// **Procedure.** From labelled rows, each with the judge's confidence and whether it agreed with
/// the experts: the candidate thresholds λ are the distinct confidences at which at least
/// ``minimumKept`` rows have a confidence ≥ λ, taken from the highest down. At each, with n_λ rows
/// kept and k_λ of them disagreeing, the exact upper bound u_λ on the disagreement rate
/// (``ExactBinomialBound/upper(events:trials:error:)`` at confidence 1 − δ) tests the hypothesis
/// "the risk at λ exceeds α"; fixed-sequence testing rejects in order and stops at the first
/// candidate with u_λ > α, so no multiplicity correction is needed and the family-wise error is
/// at most δ (Bauer 1991). The threshold is the last candidate rejected. The guarantee is over
/// the draw of the labelled rows: a judge kept at that threshold on new rows from the same
/// distribution disagrees with the experts on at most a share α of them, except with probability δ.
///
/// **Edge cases.** No candidate (fewer than ``minimumKept`` rows): no threshold, and
/// ``minimumRows(risk:error:minimumKept:)`` says how many labelled rows the test needs at least.
/// The first candidate failing: no threshold achieves α; ``bestReachableRisk`` is the smallest α
/// that one would (the first candidate's bound). Ties keep or leave out every row at a confidence
/// together.
///
/// Equal, on 200 synthetic calibration sets, to the rows Jung et al.'s released code keeps (its
/// thresholds lie on a 5,000-point grid of [0, 1], its candidates keep at least 30 rows;
/// `benchmarks/python/trust_threshold_fixtures.py`).
public struct TrustThreshold: Sendable, Hashable, Encodable {
    /// One labelled row: the judge's confidence and whether it agreed with the experts.
    public struct Row: Sendable, Hashable, Codable {
        /// The judge's confidence (any finite number; higher is surer).
        public var confidence: Double
        /// Whether the judge's value agreed with the experts' (exactly, or within a tolerance the caller chose).
        public var agrees: Bool

        /// Creates a row.
        public init(confidence: Double, agrees: Bool) {
            self.confidence = confidence
            self.agrees = agrees
        }
    }

    /// One candidate threshold, from the most confident down: a point of the coverage–risk curve.
    public struct Candidate: Sendable, Hashable, Codable {
        /// The threshold: rows with a confidence at or above it are kept.
        public var threshold: Double
        /// Labelled rows kept.
        public var kept: Int
        /// Of those, the rows on which the judge disagreed with the experts.
        public var disagreements: Int
        /// The exact upper bound, at confidence 1 − δ, on the disagreement rate of the rows kept.
        public var riskBound: Double
        /// The smallest α at which fixed-sequence testing reaches this candidate: the largest
        /// ``riskBound`` from the first candidate to this one.
        public var certifiableRisk: Double
    }

    /// The largest share of kept rows allowed to disagree with the experts: α.
    public let risk: Double
    /// The probability allowed that the guarantee fails: δ.
    public let error: Double
    /// The fewest labelled rows a candidate threshold keeps.
    public let minimumKept: Int
    /// Labelled rows given.
    public let rows: Int
    /// Every candidate, from the most confident down (the whole curve, past the threshold too).
    public let candidates: [Candidate]

    /// Finds the threshold for `rows` at risk α = `risk` and error δ = `error`.
    ///
    /// - Parameter minimumKept: the fewest rows a candidate keeps (default 30, as Jung et al.): the
    ///   bound on a handful of rows is too wide to pass, and testing starts there.
    /// - Precondition: 0 < risk < 1, 0 < error < 1, minimumKept ≥ 1, every confidence finite.
    public init(rows: [Row], risk: Double, error: Double, minimumKept: Int = 30) {
        precondition(risk > 0 && risk < 1, "a risk lies in (0, 1)")
        precondition(error > 0 && error < 1, "an error probability lies in (0, 1)")
        precondition(minimumKept >= 1, "a threshold keeps at least one row")
        precondition(rows.allSatisfy { $0.confidence.isFinite }, "confidences are finite")
        self.risk = risk
        self.error = error
        self.minimumKept = minimumKept
        self.rows = rows.count
        let sorted = rows.sorted { $0.confidence > $1.confidence }
        var candidates: [Candidate] = []
        var kept = 0
        var disagreements = 0
        var certifiable = 0.0
        var index = 0
        while index < sorted.count {
            let threshold = sorted[index].confidence
            while index < sorted.count, sorted[index].confidence == threshold {
                kept += 1
                if !sorted[index].agrees { disagreements += 1 }
                index += 1
            }
            guard kept >= minimumKept else { continue }
            let bound = ExactBinomialBound.upper(events: disagreements, trials: kept, error: error)
            certifiable = max(certifiable, bound)
            candidates.append(
                Candidate(
                    threshold: threshold, kept: kept, disagreements: disagreements, riskBound: bound,
                    certifiableRisk: certifiable))
        }
        self.candidates = candidates
    }

    /// The candidate chosen: the last that fixed-sequence testing certifies at α; `nil` when none is.
    public var chosen: Candidate? { candidates.last { $0.certifiableRisk <= risk } }

    /// The threshold: rows with a confidence at or above it are trusted; `nil` when no threshold
    /// achieves α with these rows.
    public var threshold: Double? { chosen?.threshold }

    /// The smallest α that some threshold would achieve with these rows (the first candidate's
    /// bound); `nil` when no candidate keeps ``minimumKept`` rows.
    public var bestReachableRisk: Double? { candidates.first?.riskBound }

    /// The fewest labelled rows with which any threshold can be certified at α and δ, even if the
    /// judge never disagrees: at least `minimumKept`, and at least the n with (1 − α)ⁿ ≤ δ (the
    /// exact bound with no disagreement, 1 − δ^(1/n), at most α).
    public static func minimumRows(risk: Double, error: Double, minimumKept: Int = 30) -> Int {
        precondition(risk > 0 && risk < 1 && error > 0 && error < 1, "risk and error lie in (0, 1)")
        return max(minimumKept, Int((log(error) / log1p(-risk)).rounded(.up)))
    }
}
