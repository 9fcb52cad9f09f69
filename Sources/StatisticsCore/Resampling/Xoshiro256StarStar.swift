/// xoshiro256** (Blackman & Vigna 2018, "Scrambled linear pseudorandom number
/// generators"): the seedable generator every resampling statistic here uses,
/// so a bootstrap run is reproduced exactly by its seed on any platform.
///
/// The 256-bit state is filled from the 64-bit seed by four outputs of
/// ``SplitMix64`` (never all zero). The generator has period 2²⁵⁶ − 1, passes
/// BigCrush, and produces 64 bits per step with a few shifts and rotations.
/// Uniform doubles take the top 53 bits: u = (x >> 11) · 2⁻⁵³ ∈ [0, 1).
/// The first outputs from seed 0 are fixed in the tests, so a change to the
/// stream cannot pass unnoticed.
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable, Hashable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator whose state is expanded from `seed` by SplitMix64.
    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        s0 = mixer.next()
        s1 = mixer.next()
        s2 = mixer.next()
        s3 = mixer.next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// A uniform double in [0, 1), from the top 53 bits.
    public mutating func nextUniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform integer in 0..<`bound`, without modulo bias.
    public mutating func nextIndex(below bound: Int) -> Int {
        Int(next(upperBound: UInt64(bound)))
    }

    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}
