import CLapacke

/// Thin, typed calls into LAPACKE (Debian's liblapacke), row-major.
///
/// Each wrapper copies its input, so callers keep value semantics, and reports
/// LAPACK's `info` instead of trapping on it.
package enum LAPACK {
    /// The least-squares solution of A·β ≈ b for an m × p matrix A (row-major,
    /// m ≥ p) by `dgels` (QR factorisation), with the p diagonal entries of R.
    ///
    /// Returns `nil` when LAPACK reports an error or an exactly zero diagonal
    /// entry of R (`info` ≠ 0).
    package static func leastSquares(_ a: [Double], rows m: Int, columns p: Int, rhs b: [Double]) -> (solution: [Double], rDiagonal: [Double])? {
        precondition(a.count == m * p && b.count == m && m >= p)
        var a = a
        var b = b
        let info = a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in
                LAPACKE_dgels(
                    LAPACK_ROW_MAJOR, CChar(UInt8(ascii: "N")), Int32(m), Int32(p), 1,
                    a.baseAddress, Int32(p), b.baseAddress, 1)
            }
        }
        guard info == 0 else { return nil }
        return (Array(b[0..<p]), (0..<p).map { a[$0 * p + $0] })
    }

    /// The eigenvalues (descending) and unit eigenvectors of a symmetric d × d matrix
    /// (row-major; the upper triangle is read) by `dsyev`.
    ///
    /// `vectors[i]` belongs to `values[i]`. Returns `nil` when `dsyev` fails to converge.
    package static func symmetricEigen(_ matrix: [Double], dimension d: Int) -> (values: [Double], vectors: [[Double]])? {
        precondition(matrix.count == d * d)
        var a = matrix
        var w = [Double](repeating: 0, count: d)
        let info = a.withUnsafeMutableBufferPointer { a in
            w.withUnsafeMutableBufferPointer { w in
                LAPACKE_dsyev(
                    LAPACK_ROW_MAJOR, CChar(UInt8(ascii: "V")), CChar(UInt8(ascii: "U")), Int32(d),
                    a.baseAddress, Int32(d), w.baseAddress)
            }
        }
        guard info == 0 else { return nil }
        // dsyev returns ascending values with eigenvectors in the columns of a.
        let order = (0..<d).reversed()
        return (order.map { w[$0] }, order.map { column in (0..<d).map { a[$0 * d + column] } })
    }

    /// The x minimising ‖A·x − c‖ subject to B·x = d, for an m × n matrix A and a
    /// p × n matrix B (row-major, p ≤ n ≤ m + p), by `dgglse` (generalised RQ).
    ///
    /// Returns `nil` when LAPACK reports an error or a rank condition fails
    /// (B not of full row rank p, or [A; B] not of full column rank n: `info` ≠ 0).
    package static func equalityConstrainedLeastSquares(
        _ a: [Double], rows m: Int, columns n: Int, rhs c: [Double], constraints b: [Double], constraintRows p: Int,
        values d: [Double]
    ) -> [Double]? {
        precondition(a.count == m * n && c.count == m && b.count == p * n && d.count == p && p <= n && n <= m + p)
        var a = a
        var b = b
        var c = c
        var d = d
        var x = [Double](repeating: 0, count: n)
        let info = a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in
                c.withUnsafeMutableBufferPointer { c in
                    d.withUnsafeMutableBufferPointer { d in
                        x.withUnsafeMutableBufferPointer { x in
                            LAPACKE_dgglse(
                                LAPACK_ROW_MAJOR, Int32(m), Int32(n), Int32(p), a.baseAddress, Int32(n), b.baseAddress,
                                Int32(n), c.baseAddress, d.baseAddress, x.baseAddress)
                        }
                    }
                }
            }
        }
        guard info == 0 else { return nil }
        return x
    }
}
