public import StatisticsCore

/// Dawid & Skene's latent-class model of several raters: each item has one true category, each rater
/// a confusion matrix of what they say given it, both estimated by EM (Dawid & Skene 1979, "Maximum
/// likelihood estimation of observer error-rates using the EM algorithm", Applied Statistics
/// 28:20–28), as PyPI `crowd-kit`'s `DawidSkene` (1.4.2) computes it, whose posteriors (`probas_`),
/// confusion matrices (`errors_`) and priors it reproduces within 1e-6 on three multi-rater sets.
///
/// With items t, raters w, categories c and yₜʷ the category rater w gave item t:
///
/// - **Start** (majority vote, as crowd-kit): pₜ(c) = the share of item t's ratings that are c.
/// - **M step**: the prior π(c) = mean over items of pₜ(c); each rater's confusion matrix from the
///   expected counts nʷ(k, c) = Σ over items w rated k of pₜ(c), each floored at ε = 10⁻¹⁰, then
///   eʷ(k, c) = nʷ(k, c) / Σₖ′ nʷ(k′, c) over the categories k′ that rater gave.
/// - **E step**: pₜ(c) ∝ max(π(c), ε) · Πʷ eʷ(yₜʷ, c) over the raters who rated t, computed in logs
///   (base 2) and scaled by the row's largest term before normalising, so no product underflows.
/// - **Convergence**: after each E and M step the evidence lower bound per rating,
///   L = [Σ over ratings Σ_c pₜ(c)·(ln eʷ(yₜʷ, c) + ln max(π(c), ε)) − Σₜ Σ_c p̃ₜ(c) ln p̃ₜ(c)] / R,
///   with p̃ = max(p, ε) and R the number of ratings (crowd-kit's `_evidence_lower_bound`, which adds the
///   prior once per rating). EM stops when L rises by less than ``defaultTolerance`` (10⁻⁵), or after
///   ``defaultMaximumIterations`` (100) iterations, crowd-kit's defaults; ``converged`` says which.
///
/// **Missing ratings.** A rater who did not rate an item contributes no factor to its E step and no
/// count to their matrix: only the ratings given enter (a rater may rate any subset of the items). An
/// item nobody rated has no posterior (`nil`) and does not count in the prior.
///
/// **Categories.** Ratings are positions on the declared scale, but EM runs on the categories some
/// rater gave, as crowd-kit's does (its columns are the labels seen): a category nobody gave keeps
/// posterior and prior 0 and a zero column. In a rater's matrix the rows of categories that rater
/// never gave are 0 (crowd-kit has no row for them).
///
/// The most probable category of an item (``mostProbableCategory(item:)``) is the panel's verdict on
/// it; an exact tie between categories has no value, as a tied majority has none.
public struct DawidSkene: Sendable, Hashable {
    /// crowd-kit's stopping tolerance on the evidence lower bound per rating, 10⁻⁵.
    public static let defaultTolerance = 1e-5
    /// crowd-kit's most iterations, 100.
    public static let defaultMaximumIterations = 100
    /// The floor ε = 10⁻¹⁰ of priors, expected counts and probabilities in logs (crowd-kit's `_EPS`).
    public static let floor = 1e-10

    /// The declared scale; posteriors, priors and matrices are indexed by its positions.
    public let scale: CategoryScale
    /// The positions on the scale of the categories some rater gave, in scale order: where EM runs.
    public let observedCategories: [Int]
    /// Per item, the posterior probability of each category of the scale; `nil` for an item nobody rated.
    public let posteriors: [[Double]?]
    /// The prior of each category of the scale (the mean posterior over the rated items).
    public let priors: [Double]
    /// Per rater, `errors[w][k][c]`: the probability that rater w says category k when the truth is c.
    /// Rows of categories the rater never gave, and every row of a rater who rated nothing, are 0.
    public let errors: [[[Double]]]
    /// The evidence lower bound per rating after each iteration.
    public let lowerBounds: [Double]
    /// Whether EM stopped on the tolerance rather than at the most iterations.
    public let converged: Bool

    /// The EM iterations run.
    public var iterations: Int { lowerBounds.count }

    /// Fits the model to `ratings` (raters × items, `nil` for a missing rating), each rating a
    /// category of `scale`.
    ///
    /// - Parameters:
    ///   - tolerance: stop when the lower bound per rating rises by less than this.
    ///   - maximumIterations: stop after this many iterations at the latest.
    /// - Throws: ``RatingError`` for a rating that is not a category of `scale` (naming its item and
    ///   its rater, 1-based), or raters of different numbers of items.
    public init(
        scale: CategoryScale, ratings: [[Double?]], tolerance: Double = Self.defaultTolerance,
        maximumIterations: Int = Self.defaultMaximumIterations
    ) throws(RatingError) {
        let items = ratings.first?.count ?? 0
        var responses: [Response] = []
        var given = Set<Int>()
        for (rater, column) in ratings.enumerated() {
            guard column.count == items else { throw RatingError.lengthMismatch(items, column.count) }
            for (item, value) in column.enumerated() {
                guard let value else { continue }
                guard let category = scale.index(of: value) else {
                    throw RatingError.offScale(value: value, position: item, rater: rater + 1, scale: scale)
                }
                given.insert(category)
                responses.append(Response(item: item, rater: rater, category: category))
            }
        }
        let observed = given.sorted()
        var fit = Fit(
            observed: observed, items: items, raters: ratings.count,
            responses: responses.map { Response(item: $0.item, rater: $0.rater, category: observed.firstIndex(of: $0.category) ?? 0) })
        let (lowerBounds, converged) = fit.run(tolerance: tolerance, maximumIterations: maximumIterations)
        let k = scale.count
        func onScale(_ row: [Double]) -> [Double] {
            var full = [Double](repeating: 0, count: k)
            for (i, c) in observed.enumerated() { full[c] = row[i] }
            return full
        }
        self.scale = scale
        self.observedCategories = observed
        self.posteriors = fit.rated.indices.map { fit.rated[$0] ? onScale(fit.posteriors[$0]) : nil }
        self.priors = onScale(fit.priors)
        self.errors = fit.errors.indices.map { w in
            var matrix = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
            for (i, c) in observed.enumerated() where fit.gave[w][i] { matrix[c] = onScale(fit.errors[w][i]) }
            return matrix
        }
        self.lowerBounds = lowerBounds
        self.converged = converged
    }

    /// The value on the scale of item `item`'s most probable category; `nil` when nobody rated it or
    /// when two categories tie for the highest posterior.
    public func mostProbableCategory(item: Int) -> Double? {
        guard let posterior = posteriors[item], let best = posterior.max() else { return nil }
        let leaders = posterior.indices.filter { posterior[$0] == best }
        return leaders.count == 1 ? scale.values[leaders[0]] : nil
    }

    /// One rating: which item, which rater, which category (a position among the observed categories).
    struct Response: Hashable {
        var item: Int
        var rater: Int
        var category: Int
    }
}
