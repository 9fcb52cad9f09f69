import Foundation

extension DawidSkene {
    /// The EM iterations on the observed categories (K of them): the state ``DawidSkene`` is read from.
    struct Fit {
        /// The ratings, categories as positions among the observed ones.
        let responses: [Response]
        /// K, the observed categories.
        let k: Int
        /// Whether each item has a rating.
        let rated: [Bool]
        /// `gave[w][k]`: whether rater w gave category k.
        let gave: [[Bool]]
        /// Items × K.
        var posteriors: [[Double]]
        /// K.
        var priors: [Double]
        /// Raters × K (given) × K (true).
        var errors: [[[Double]]]

        init(observed: [Int], items: Int, raters: Int, responses: [Response]) {
            let k = observed.count
            self.responses = responses
            self.k = k
            var rated = [Bool](repeating: false, count: items)
            var gave = [[Bool]](repeating: [Bool](repeating: false, count: k), count: raters)
            var votes = [[Double]](repeating: [Double](repeating: 0, count: k), count: items)
            for r in responses {
                rated[r.item] = true
                gave[r.rater][r.category] = true
                votes[r.item][r.category] += 1
            }
            self.rated = rated
            self.gave = gave
            // Majority-vote start: each item's shares of its ratings.
            posteriors = votes.map { row in
                let total = row.reduce(0, +)
                return total > 0 ? row.map { $0 / total } : row
            }
            priors = []
            errors = []
            priors = meanPosterior()
            errors = confusionMatrices()
        }

        /// Runs EM until the lower bound per rating rises by less than `tolerance` or
        /// `maximumIterations` have run; returns the lower bound after each iteration and whether the
        /// tolerance stopped it.
        mutating func run(tolerance: Double, maximumIterations: Int) -> (lowerBounds: [Double], converged: Bool) {
            guard !responses.isEmpty else { return ([], true) }
            var previous = -Double.infinity
            var bounds: [Double] = []
            for _ in 0..<maximumIterations {
                posteriors = expectedCategories()
                priors = meanPosterior()
                errors = confusionMatrices()
                let bound = lowerBound() / Double(responses.count)
                bounds.append(bound)
                if bound - previous < tolerance { return (bounds, true) }
                previous = bound
            }
            return (bounds, false)
        }

        /// π(c): the mean posterior over the rated items.
        func meanPosterior() -> [Double] {
            var sum = [Double](repeating: 0, count: k)
            var n = 0.0
            for (t, row) in posteriors.enumerated() where rated[t] {
                n += 1
                for c in 0..<k { sum[c] += row[c] }
            }
            return n > 0 ? sum.map { $0 / n } : sum
        }

        /// The M step's matrices: expected counts floored at ε, each true category's column normalised
        /// over the categories the rater gave.
        func confusionMatrices() -> [[[Double]]] {
            var counts = gave.map { row in row.map { _ in [Double](repeating: 0, count: k) } }
            for r in responses {
                for c in 0..<k { counts[r.rater][r.category][c] += posteriors[r.item][c] }
            }
            for w in counts.indices {
                var columnSums = [Double](repeating: 0, count: k)
                for given in 0..<k where gave[w][given] {
                    for c in 0..<k {
                        counts[w][given][c] = max(counts[w][given][c], DawidSkene.floor)
                        columnSums[c] += counts[w][given][c]
                    }
                }
                for given in 0..<k where gave[w][given] {
                    for c in 0..<k { counts[w][given][c] /= columnSums[c] }
                }
            }
            return counts
        }

        /// The E step: each rated item's posterior from the prior and its raters' matrices, in base-2
        /// logs scaled by the row's largest term.
        func expectedCategories() -> [[Double]] {
            let logPrior = priors.map { log2(max($0, DawidSkene.floor)) }
            var logs = rated.map { $0 ? logPrior : [Double](repeating: 0, count: k) }
            for r in responses {
                for c in 0..<k { logs[r.item][c] += log2(errors[r.rater][r.category][c]) }
            }
            return logs.indices.map { t in
                guard rated[t], let top = logs[t].max() else { return posteriors[t] }
                let scaled = logs[t].map { exp2($0 - top) }
                let total = scaled.reduce(0, +)
                return scaled.map { $0 / total }
            }
        }

        /// The evidence lower bound (not yet per rating): the expected joint log-likelihood, the prior
        /// counted once per rating as crowd-kit counts it, plus the posteriors' entropy with each
        /// probability floored at ε.
        func lowerBound() -> Double {
            let logPrior = priors.map { log(max($0, DawidSkene.floor)) }
            var joint = 0.0
            for r in responses {
                for c in 0..<k { joint += posteriors[r.item][c] * (log(errors[r.rater][r.category][c]) + logPrior[c]) }
            }
            var entropy = 0.0
            for (t, row) in posteriors.enumerated() where rated[t] {
                for p in row {
                    let floored = max(p, DawidSkene.floor)
                    entropy -= floored * log(floored)
                }
            }
            return joint + entropy
        }
    }
}
