import Foundation
import StatisticsCore

/// Judge-versus-expert ratings on a 1–4 scale for several score dimensions,
/// generated from a seed, so that every run (and the Python baseline, which
/// reads the same file) sees the same numbers.
///
/// For each item and dimension the expert's rating is drawn from a skewed
/// categorical distribution (each dimension its own skew); the judge's is the
/// expert's shifted by a noise step (mostly 0, sometimes ±1, rarely ±2) and
/// clamped to the scale, with a small share of judge ratings missing, as when a
/// reply did not parse.
struct SyntheticRatings {
    /// The declared scale, 1…4.
    static let scale = CategoryScale(1...4)
    /// Dimension names, in column order.
    static let dimensions = ["accuracy", "completeness", "tone", "usefulness"]
    /// The expert's category shares for each dimension.
    private static let expertShares: [[Double]] = [
        [0.10, 0.20, 0.40, 0.30],
        [0.05, 0.15, 0.35, 0.45],
        [0.20, 0.30, 0.30, 0.20],
        [0.15, 0.25, 0.45, 0.15],
    ]
    /// The chance that a judge rating is missing.
    static let missingShare = 0.01

    /// `expert[d]` and `judge[d]` hold dimension d's ratings, item by item.
    var expert: [[Double?]]
    var judge: [[Double?]]

    var count: Int { expert.first?.count ?? 0 }

    init(count n: Int, seed: UInt64) {
        var generator = Xoshiro256StarStar(seed: seed)
        expert = []
        judge = []
        for shares in Self.expertShares {
            var e = [Double?](repeating: nil, count: n)
            var j = [Double?](repeating: nil, count: n)
            for i in 0..<n {
                let rating = Self.draw(shares, &generator) + 1
                e[i] = Double(rating)
                let u = generator.nextUniform()
                let step = u < 0.62 ? 0 : u < 0.80 ? 1 : u < 0.95 ? -1 : u < 0.98 ? 2 : -2
                j[i] = generator.nextUniform() < Self.missingShare ? nil : Double(min(4, max(1, rating + step)))
            }
            expert.append(e)
            judge.append(j)
        }
    }

    private static func draw(_ shares: [Double], _ generator: inout Xoshiro256StarStar) -> Int {
        var u = generator.nextUniform()
        for (c, share) in shares.enumerated() {
            if u < share { return c }
            u -= share
        }
        return shares.count - 1
    }

    /// The CSV text: `id`, then `expert_<dimension>` and `judge_<dimension>`
    /// for each dimension; a missing rating is an empty field.
    func csv() -> String {
        var header = ["id"]
        for d in Self.dimensions { header += ["expert_\(d)", "judge_\(d)"] }
        var lines = [header.joined(separator: ",")]
        lines.reserveCapacity(count + 1)
        for i in 0..<count {
            var fields = [String(i + 1)]
            for d in expert.indices {
                fields.append(Self.field(expert[d][i]))
                fields.append(Self.field(judge[d][i]))
            }
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func field(_ value: Double?) -> String {
        value.map { String(Int($0)) } ?? ""
    }
}

/// Continuous judge and expert scores (probability-weighted judge scores
/// against averaged expert scores): correlated normal pairs, no ties.
struct ContinuousScores {
    var expert: [Double]
    var judge: [Double]

    init(count n: Int, seed: UInt64) {
        var generator = Xoshiro256StarStar(seed: seed)
        expert = []
        judge = []
        expert.reserveCapacity(n)
        judge.reserveCapacity(n)
        for _ in 0..<n {
            let (z1, z2) = Self.normalPair(&generator)
            let x = 2.5 + 0.8 * z1
            expert.append(x)
            judge.append(x + 0.6 * z2)
        }
    }

    /// Two independent standard normals by the Box–Muller transform.
    private static func normalPair(_ generator: inout Xoshiro256StarStar) -> (Double, Double) {
        let u1 = 1 - generator.nextUniform()  // in (0, 1], so the log is finite
        let u2 = generator.nextUniform()
        let r = (-2 * log(u1)).squareRoot()
        return (r * cos(2 * .pi * u2), r * sin(2 * .pi * u2))
    }

    /// The CSV text: `expert,judge`, each value in the shortest form that reads back exactly.
    func csv() -> String {
        var lines = ["expert,judge"]
        lines.reserveCapacity(expert.count + 1)
        for i in expert.indices { lines.append("\(expert[i]),\(judge[i])") }
        return lines.joined(separator: "\n") + "\n"
    }
}
