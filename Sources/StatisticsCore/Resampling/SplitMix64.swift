/// SplitMix64 (Steele, Lea & Flood 2014; Vigna's reference constants): a tiny
/// 64-bit generator whose outputs are well mixed even from seeds 0, 1, 2…, used
/// here to expand one seed into the 256-bit state of ``Xoshiro256StarStar``,
/// as Vigna recommends.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A seed for one part of a seeded study, mixed from `seed` and the part's numbers: for each
    /// number p in turn, s ← the first output of SplitMix64 seeded with s ⊕ p (s starting at `seed`).
    ///
    /// Distinct parts give unrelated streams, and the same parts the same stream on any platform,
    /// so each cell and replication of a simulation can be rerun alone.
    public static func mixed(_ seed: UInt64, _ parts: some Sequence<UInt64>) -> UInt64 {
        parts.reduce(seed) { s, part in
            var mixer = SplitMix64(seed: s ^ part)
            return mixer.next()
        }
    }
}
