import Foundation

extension Xoshiro256StarStar {
    /// A standard normal variate (Box–Muller, the cosine branch of one pair).
    public mutating func nextNormal() -> Double {
        let u1 = 1 - nextUniform()  // (0, 1]: log is finite
        let u2 = nextUniform()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// A Gamma(shape, 1) variate, by Marsaglia & Tsang (2000, "A simple method
    /// for generating gamma variables", ACM TOMS 26:363–372): for shape a ≥ 1,
    /// with d = a − 1/3 and c = 1/√(9d), draw x normal and v = (1 + cx)³ until
    /// v > 0 and log u < x²/2 + d − dv + d·log v, and return d·v; for a < 1, a
    /// Gamma(a + 1) variate times u^(1/a). Shape 0 gives 0 (a point mass, as a
    /// Dirichlet component with no weight).
    public mutating func nextGamma(shape a: Double) -> Double {
        precondition(a >= 0 && a.isFinite, "a gamma shape must be finite and non-negative")
        if a == 0 { return 0 }
        if a < 1 { return nextGamma(shape: a + 1) * pow(1 - nextUniform(), 1 / a) }
        let d = a - 1.0 / 3
        let c = 1 / (9 * d).squareRoot()
        while true {
            let x = nextNormal()
            let root = 1 + c * x
            guard root > 0 else { continue }
            let v = root * root * root
            let u = 1 - nextUniform()
            if log(u) < 0.5 * x * x + d - d * v + d * log(v) { return d * v }
        }
    }

    /// A draw from the Dirichlet distribution with the given parameters (each ≥ 0,
    /// not all 0): independent Gamma(αᵢ) variates divided by their sum.
    public mutating func nextDirichlet(_ alpha: [Double]) -> [Double] {
        let g = alpha.map { nextGamma(shape: $0) }
        let total = g.reduce(0, +)
        return g.map { $0 / total }
    }
}
