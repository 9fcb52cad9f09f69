internal import StatisticsCore

/// Which seed samples one generation request shows the model.
///
/// Each request shows ``GenerationSettings/seedsPerRequest`` seeds (all of them when there are
/// fewer). The choice depends only on the request's number and the options' seed, never on earlier
/// replies, so the requests of a generation are known before any is answered: a stopped generation
/// asks the same requests again (and finds them in the response cache), and a recording of them can
/// be made and replayed.
public enum SeedSampling: String, Sendable, Hashable, Codable, CaseIterable {
    /// Seeds drawn without replacement, afresh for every request, from a generator seeded with
    /// the options' seed and the request's number (SplitMix64).
    case random
    /// Consecutive seeds, the window moving on by one seed a request and wrapping at the end:
    /// request *r* of *n* seeds, window *k*, shows seeds *r mod n*, …, *(r + k − 1) mod n*.
    case slidingWindow = "sliding-window"

    /// The indices into `seedCount` seeds that request `request` shows, `window` of them (all
    /// `seedCount` when `window` is larger), in the order shown.
    public func seedIndices(request: Int, seedCount: Int, window: Int, seed: UInt64) -> [Int] {
        let shown = min(window, seedCount)
        switch self {
        case .slidingWindow:
            return (0..<shown).map { (request + $0) % seedCount }
        case .random:
            var generator = SplitMix64(seed: seed ^ (UInt64(request) &* 0x9E37_79B9_7F4A_7C15))
            var pool = Array(0..<seedCount)
            for position in 0..<shown {
                pool.swapAt(position, Int.random(in: position..<seedCount, using: &generator))
            }
            return Array(pool.prefix(shown))
        }
    }
}
