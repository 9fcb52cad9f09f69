/// Holm's step-down adjustment of a family of p-values, which keeps the chance of any false
/// rejection in the family at or below α whatever the tests' dependence — with Tarone's refinement
/// for discrete tests, which leaves out of the count the tests that could not reach the level.
///
/// **Holm** (Holm 1979, "A simple sequentially rejective multiple test procedure", Scand. J.
/// Statist. 6:65–70; R `p.adjust(p, "holm")`, which gives 0.04, 0.06, 0.06, 0.2 for p = 0.01,
/// 0.02, 0.03, 0.2): with the m defined p-values sorted ascending, p₍₁₎ ≤ … ≤ p₍ₘ₎,
///
///     p̃₍ᵢ₎ = max over j ≤ i of min(1, Kⱼ · p₍ⱼ₎),   Kⱼ = m − j + 1,
///
/// and a test is rejected at level α when p̃ ≤ α. It needs no assumption about how the tests depend
/// on one another, which matters for the probes: every probe is compared with the same unchanged
/// judgments.
///
/// **Tarone–Holm** (Tarone 1990, "A modified Bonferroni method for discrete data", Biometrics
/// 46:515–522; the step-down form of Hommel & Krummenauer 1998, Biometrics 54:673–681): a discrete
/// test i has a smallest attainable p-value pᵢ* given what it is conditional on (a sign test over
/// three moved rows cannot go below 0.25). A test with pᵢ* > α/k cannot be rejected at α/k, so it
/// need not be paid for. With Rⱼ = {(j), …, (m)} the tests not yet rejected at step j,
///
///     Kⱼ = the smallest k ≥ 1 with #{i ∈ Rⱼ : pᵢ* ≤ α/k} ≤ k,
///
/// which is at most m − j + 1 (Holm's count) and is 1 when only one test of the rest could reach α.
/// Every local test of the closed family is then a Bonferroni test over at most K of its members,
/// each of which has P(p ≤ α/K) ≤ α/K, so the family-wise error stays at or below α. Kⱼ depends on α,
/// so these adjusted values answer "rejected at α?" for the α given (p̃ ≤ α), not for every level.
/// With every pᵢ* = 0 it is Holm's method.
///
/// A `nil` p-value (a test that could not be run) is not counted and stays `nil`.
public enum HolmAdjustment {
    /// Holm's adjusted p-values, in the order given.
    public static func adjusted(_ pValues: [Double?]) -> [Double?] {
        adjusted(pValues, attainable: pValues.map { _ in 0 }, alpha: 1)
    }

    /// Tarone–Holm's adjusted p-values at level `alpha`, in the order given; `attainable[i]` is test
    /// i's smallest attainable p-value (0 for a test that is not discrete, `nil` read as 0).
    ///
    /// - Precondition: the two have the same length.
    public static func adjusted(_ pValues: [Double?], attainable: [Double?], alpha: Double) -> [Double?] {
        precondition(pValues.count == attainable.count, "one attainable p-value per test")
        var remaining = pValues.indices.filter { pValues[$0] != nil }.sorted {
            (pValues[$0] ?? 1, $0) < (pValues[$1] ?? 1, $1)
        }[...]
        var result = [Double?](repeating: nil, count: pValues.count)
        var running = 0.0
        while let index = remaining.first {
            let floors = remaining.map { attainable[$0] ?? 0 }
            let k = (1...remaining.count).first { k in
                floors.count { $0 <= alpha / Double(k) } <= k
            } ?? remaining.count
            running = max(running, min(1, Double(k) * (pValues[index] ?? 1)))
            result[index] = running
            remaining.removeFirst()
        }
        return result
    }
}
