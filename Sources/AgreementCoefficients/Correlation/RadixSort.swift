/// A stable least-significant-digit radix sort of positions by finite `Double`
/// keys: six passes of 11 bits each over the keys' order-preserving bit
/// patterns, skipping a digit that every key shares (11-bit digits measured faster
/// than bytes at a million keys: benchmarks/README.md, "Speed-ups made for this benchmark").
///
/// O(N) with a small constant, where a comparison sort of a million scores
/// costs ~20 comparisons per score; the rank correlations of continuous scores
/// spend most of their time sorting.
enum RadixSort {
    /// Bits per digit, digits per key (11 × 6 ≥ 64), and the digit mask.
    private static let bits = 11, passes = 6, radix = 1 << bits
    private static let mask = UInt64(radix - 1)

    /// An unsigned integer ordered as the finite double `x` is: the sign bit
    /// flipped for positives, every bit flipped for negatives, with −0 taken as
    /// +0 (they compare equal, so they must sort together).
    @inline(__always)
    static func key(_ x: Double) -> UInt64 {
        let bits = (x + 0.0).bitPattern
        return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
    }

    /// The positions of `values`, stably ordered by value ascending: those in
    /// `initial` (every position 0..<values.count when `nil`), equal values
    /// keeping their order in `initial`.
    ///
    /// Sorting by y and then, from that order, by x gives the lexicographic
    /// (x, y) order.
    ///
    /// - Precondition: every value is finite (NaN has no place in the order).
    static func order(of values: [Double], from initial: [Int]? = nil) -> [Int] {
        var items: [(key: UInt64, position: Int)] =
            if let initial { initial.map { (key(values[$0]), $0) } } else { values.enumerated().map { (key($0.element), $0.offset) } }
        let n = items.count
        guard n > 1 else { return items.map(\.position) }
        var scratch = items
        var counts = [Int](repeating: 0, count: passes * radix)
        for item in items {
            var k = item.key
            for pass in 0..<passes {
                counts[pass * radix + Int(k & mask)] += 1
                k >>= bits
            }
        }
        items.withUnsafeMutableBufferPointer { original in
            scratch.withUnsafeMutableBufferPointer { other in
                var source = original
                var target = other
                var offsets = [Int](repeating: 0, count: radix)
                for pass in 0..<passes {
                    let shift = UInt64(bits * pass)
                    let histogram = counts[(pass * radix)..<(pass * radix + radix)]
                    if histogram[pass * radix + Int((source[0].key >> shift) & mask)] == n { continue }  // all share this digit
                    var running = 0
                    for (digit, count) in histogram.enumerated() {
                        offsets[digit] = running
                        running += count
                    }
                    for item in source {
                        let digit = Int((item.key >> shift) & mask)
                        target[offsets[digit]] = item
                        offsets[digit] += 1
                    }
                    swap(&source, &target)
                }
                if source.baseAddress != original.baseAddress {
                    _ = original.update(fromContentsOf: source)
                }
            }
        }
        return items.map(\.position)
    }
}
