/// Holm's step-down adjustment of a family of p-values, which keeps the chance of any false
/// rejection in the family at or below α whatever the tests' dependence.
///
/// With the m defined p-values sorted ascending, p₍₁₎ ≤ … ≤ p₍ₘ₎, the adjusted values are
///
///     p̃₍ᵢ₎ = max over j ≤ i of min(1, (m − j + 1) · p₍ⱼ₎),
///
/// and a test is rejected at level α when its adjusted p̃ ≤ α (Holm 1979, "A simple sequentially
/// rejective multiple test procedure", Scand. J. Statist. 6:65–70; R `p.adjust(p, "holm")`, which
/// gives 0.04, 0.06, 0.06, 0.2 for p = 0.01, 0.02, 0.03, 0.2). It is uniformly more powerful than
/// Bonferroni's p · m and needs no assumption about how the tests depend on one another, which
/// matters for the probes: every probe is compared with the same unchanged judgments.
///
/// A `nil` p-value (a test that could not be run) is not counted in m and stays `nil`.
public enum HolmAdjustment {
    /// The adjusted p-values, in the order given.
    public static func adjusted(_ pValues: [Double?]) -> [Double?] {
        let defined = pValues.indices.filter { pValues[$0] != nil }.sorted {
            (pValues[$0] ?? 1, $0) < (pValues[$1] ?? 1, $1)
        }
        let m = defined.count
        var result = [Double?](repeating: nil, count: pValues.count)
        var running = 0.0
        for (rank, index) in defined.enumerated() {
            let scaled = min(1, Double(m - rank) * (pValues[index] ?? 1))
            running = max(running, scaled)
            result[index] = running
        }
        return result
    }
}
