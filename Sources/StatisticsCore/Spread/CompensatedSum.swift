/// A running sum with Neumaier's compensation, so that adding many values of
/// similar magnitude loses no more than a unit in the last place overall.
///
/// Plain left-to-right summation of n values has an error bound growing with
/// n·ε; the compensated sum's bound is 2ε independent of n (Neumaier 1974).
public struct CompensatedSum: Sendable {
    private var sum = 0.0
    private var compensation = 0.0

    /// An empty sum.
    public init() {}

    /// Adds `x`.
    public mutating func add(_ x: Double) {
        let t = sum + x
        if abs(sum) >= abs(x) {
            compensation += (sum - t) + x
        } else {
            compensation += (x - t) + sum
        }
        sum = t
    }

    /// The sum so far.
    public var value: Double { sum + compensation }

    /// The compensated sum of a sequence.
    public static func of<S: Sequence>(_ values: S) -> Double where S.Element == Double {
        var s = CompensatedSum()
        for x in values { s.add(x) }
        return s.value
    }
}
