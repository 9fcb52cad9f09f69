/// A stable least-significant-digit radix sort of positions by finite
/// `Double` keys: eight passes of one byte each over the keys' order-preserving
/// bit patterns, skipping a byte that every key shares. O(N) with a small
/// constant, where a comparison sort of a million scores costs ~20 comparisons
/// per score; the rank correlations of continuous scores spend most of their
/// time sorting.
enum RadixSort {
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
    /// keeping their order in `initial`. Sorting by y and then, from that
    /// order, by x gives the lexicographic (x, y) order.
    ///
    /// - Precondition: every value is finite (NaN has no place in the order).
    static func order(of values: [Double], from initial: [Int]? = nil) -> [Int] {
        var items: [(key: UInt64, position: Int)] =
            if let initial { initial.map { (key(values[$0]), $0) } } else { values.enumerated().map { (key($0.element), $0.offset) } }
        let n = items.count
        guard n > 1 else { return items.map(\.position) }
        var scratch = items
        var counts = [Int](repeating: 0, count: 8 * 256)
        for item in items {
            var k = item.key
            for byte in 0..<8 {
                counts[byte * 256 + Int(k & 0xFF)] += 1
                k >>= 8
            }
        }
        items.withUnsafeMutableBufferPointer { original in
            scratch.withUnsafeMutableBufferPointer { other in
                var source = original
                var target = other
                var offsets = [Int](repeating: 0, count: 256)
                for byte in 0..<8 {
                    let shift = UInt64(8 * byte)
                    let histogram = counts[(byte * 256)..<(byte * 256 + 256)]
                    if histogram[byte * 256 + Int((source[0].key >> shift) & 0xFF)] == n { continue }  // all share this byte
                    var running = 0
                    for (digit, count) in histogram.enumerated() {
                        offsets[digit] = running
                        running += count
                    }
                    for item in source {
                        let digit = Int((item.key >> shift) & 0xFF)
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
