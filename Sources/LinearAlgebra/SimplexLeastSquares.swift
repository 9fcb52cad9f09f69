/// The least-squares solution of A·x ≈ c over the probability simplex
/// (x ≥ 0, Σx = 1): the constrained problem behind a distribution corrected by
/// a misclassification matrix.
///
/// **Method**: an active-set iteration in the manner of Lawson & Hanson's NNLS
/// (Solving Least Squares Problems, 1974, ch. 23), with the sum-to-one equality
/// kept in every subproblem. Starting from the feasible uniform point with every
/// coordinate free, each step solves the equality-constrained problem on the free
/// set P through LAPACK's `dgglse`, giving z:
/// - if z ≥ 0 it is the new point; the Karush–Kuhn–Tucker conditions are then
///   checked with the gradient g = Aᵀ(A·x − c): at the optimum every free gᵢ is
///   the same (−μ, the multiplier of Σx = 1) and every fixed gᵢ is at least that.
///   The fixed coordinate with the most negative gᵢ − ḡ_P is freed and the
///   iteration continues; if there is none, x is optimal.
/// - otherwise x moves towards z until the first coordinate reaches 0 and every
///   coordinate at 0 is fixed.
/// The objective is convex, so the KKT point is the global minimum, and unique
/// when A has full column rank.
///
/// Returns `nil` when a subproblem is rank-deficient (A's columns on the free set,
/// with the row of ones, are linearly dependent: two columns alike make the split
/// of mass between them arbitrary), or if the iteration has not converged after
/// 10·n steps (not observed; the guard keeps a bad input from looping forever).
package enum SimplexLeastSquares {
    /// The minimiser of ‖A·x − c‖ over x ≥ 0, Σx = 1, for an m × n matrix A (row-major, m ≥ n).
    package static func solve(_ a: [Double], rows m: Int, columns n: Int, target c: [Double]) -> [Double]? {
        precondition(a.count == m * n && c.count == m && m >= n && n > 0)
        let tolerance = 1e-12
        var x = [Double](repeating: 1 / Double(n), count: n)
        var free = Array(0..<n)
        for _ in 0..<(10 * n) {
            guard let z = solveOnFreeSet(a, rows: m, columns: n, target: c, free: free) else { return nil }
            if free.allSatisfy({ z[$0] >= -tolerance }) {
                x = z.map { max(0, $0) }
                let g = gradient(a, rows: m, columns: n, target: c, at: x)
                let freeMean = free.map { g[$0] }.reduce(0, +) / Double(free.count)
                let fixed = (0..<n).filter { !free.contains($0) }
                guard let entering = fixed.min(by: { g[$0] < g[$1] }), g[entering] - freeMean < -tolerance else {
                    return x
                }
                free.append(entering)
                free.sort()
            } else {
                var step = 1.0
                for i in free where z[i] < 0 { step = min(step, x[i] / (x[i] - z[i])) }
                for i in free { x[i] += step * (z[i] - x[i]) }
                free.removeAll { x[$0] <= tolerance }
                for i in 0..<n where !free.contains(i) { x[i] = 0 }
                if free.isEmpty { return nil }
            }
        }
        return nil
    }

    /// The equality-constrained solution with the fixed coordinates at 0.
    private static func solveOnFreeSet(_ a: [Double], rows m: Int, columns n: Int, target c: [Double], free: [Int])
        -> [Double]?
    {
        let p = free.count
        var sub = [Double](repeating: 0, count: m * p)
        for r in 0..<m { for (j, column) in free.enumerated() { sub[r * p + j] = a[r * n + column] } }
        guard
            let solution = LAPACK.equalityConstrainedLeastSquares(
                sub, rows: m, columns: p, rhs: c, constraints: [Double](repeating: 1, count: p), constraintRows: 1,
                values: [1])
        else { return nil }
        var z = [Double](repeating: 0, count: n)
        for (j, column) in free.enumerated() { z[column] = solution[j] }
        return z
    }

    /// Aᵀ(A·x − c).
    private static func gradient(_ a: [Double], rows m: Int, columns n: Int, target c: [Double], at x: [Double])
        -> [Double]
    {
        var residual = [Double](repeating: 0, count: m)
        for r in 0..<m {
            var s = -c[r]
            for j in 0..<n { s += a[r * n + j] * x[j] }
            residual[r] = s
        }
        return (0..<n).map { j in (0..<m).reduce(0) { $0 + a[$1 * n + j] * residual[$1] } }
    }
}
