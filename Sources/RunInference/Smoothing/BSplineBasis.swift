/// The cubic B-spline features of one variable, as scikit-learn's
/// `SplineTransformer(n_knots, degree=3, knots="uniform", extrapolation="constant", include_bias=False)`
/// makes them: the smooth part of CJE's two-stage calibrator (Landesberg 2025), one basis per variable.
///
/// **Knots.** `knots` base knots spaced evenly from the lowest to the highest value the basis is fitted
/// on (NumPy's `linspace`: the last is the highest exactly), and three more beyond each end at the
/// spacing of the end intervals, so the knot vector t has knots + 6 entries and there are knots + 2
/// B-splines Bⱼ of degree 3 (de Boor 1978, the Cox–de Boor recursion, as SciPy's `BSpline` evaluates it).
///
/// **Features** of x: B₀(x) … B₍knots₊₁₎(x) less the last (`include_bias=False`: the B-splines sum to 1
/// inside the range, and the intercept of the regression they feed takes that part), so knots + 1
/// numbers. Outside [lowest, highest] x is held at the nearer end ("constant" extrapolation: scikit-learn
/// sets the features to their values at the end, which is the same).
///
/// **Edge cases.** When every value is the same, all knots coincide and every feature is 0, as in
/// scikit-learn: the variable carries nothing. At least 2 knots are needed; the two-stage map uses 5 or more.
public struct BSplineBasis: Sendable, Hashable, Codable {
    /// The lowest and highest value the basis was fitted on: the first and last base knot.
    public let lowest: Double
    public let highest: Double
    /// The number of base knots (scikit-learn's `n_knots`).
    public let knots: Int

    /// The degree of the B-splines: cubic.
    public static let degree = 3

    /// The most base knots a basis takes: far beyond any use, far below what would exhaust memory.
    public static let maximumKnots = 10_000

    /// The basis on `knots` base knots spanning `lowest`…`highest`; `nil` for fewer than 2 knots or more than
    /// ``maximumKnots``, or a range that is not finite and ordered.
    public init?(lowest: Double, highest: Double, knots: Int) {
        guard (2...Self.maximumKnots).contains(knots), lowest.isFinite, highest.isFinite, lowest <= highest else { return nil }
        self.lowest = lowest
        self.highest = highest
        self.knots = knots
    }

    enum CodingKeys: String, CodingKey {
        case lowest, highest, knots
    }

    /// Reads a basis, refusing one ``init(lowest:highest:knots:)`` would not make.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let lowest = try c.decode(Double.self, forKey: .lowest), highest = try c.decode(Double.self, forKey: .highest)
        guard let basis = BSplineBasis(lowest: lowest, highest: highest, knots: try c.decode(Int.self, forKey: .knots)) else {
            throw DecodingError.dataCorruptedError(
                forKey: .knots, in: c, debugDescription: "a spline needs 2 to \(Self.maximumKnots) knots over a finite, ordered range")
        }
        self = basis
    }

    /// The number of features of one value: knots + 1.
    public var featureCount: Int { knots + Self.degree - 2 }

    /// The full knot vector t: three knots below, the base knots, three above.
    public var knotVector: [Double] {
        let base = Self.linspace(lowest, highest, count: knots)
        let below = base[1] - base[0], above = base[knots - 1] - base[knots - 2]
        let d = Double(Self.degree)
        return Self.linspace(base[0] - d * below, base[0] - below, count: Self.degree) + base
            + Self.linspace(base[knots - 1] + above, base[knots - 1] + d * above, count: Self.degree)
    }

    /// The features of `x` (knots + 1 numbers): x held inside [lowest, highest], the B-splines at it, the last dropped.
    public func features(_ x: Double) -> [Double] {
        features(x, knotVector: knotVector)
    }

    /// ``features(_:)`` with the knot vector computed once by the caller.
    func features(_ x: Double, knotVector t: [Double]) -> [Double] {
        let k = Self.degree, n = t.count - k - 1
        let x = min(max(x, t[k]), t[n])
        // SciPy's find_interval: the l with t[l] ≤ x < t[l + 1], the last interval closed on the right.
        var l = k + 1
        while l != n && x >= t[l] { l += 1 }
        l -= 1
        // SciPy's _deBoor_D with nu = 0: the k + 1 B-splines not zero at x, B_{l−k} … B_l.
        var h = [Double](repeating: 0, count: k + 1), previous = h
        h[0] = 1
        for j in 1...k {
            for i in 0..<j { previous[i] = h[i] }
            h[0] = 0
            for i in 1...j {
                let right = t[l + i], left = t[l + i - j]
                if right == left {
                    h[i] = 0
                    continue
                }
                let w = previous[i - 1] / (right - left)
                h[i - 1] += w * (right - x)
                h[i] = w * (x - left)
            }
        }
        var out = [Double](repeating: 0, count: n)
        for i in 0...k where l - k + i >= 0 && l - k + i < n { out[l - k + i] = h[i] }
        out.removeLast()
        return out
    }

    /// NumPy's `linspace(start, stop, count)` with its endpoint: i · step + start, the last exactly `stop`.
    static func linspace(_ start: Double, _ stop: Double, count: Int) -> [Double] {
        let divisions = Double(count - 1), delta = stop - start, step = delta / divisions
        var y = (0..<count).map { step == 0 ? Double($0) / divisions * delta + start : Double($0) * step + start }
        if count > 1 { y[count - 1] = stop }
        return y
    }
}
