/// What a degradation should do to a judge's scores: lower them on some dimensions, by about how
/// much (docs/PROBES.md, "Degradations").
///
/// A probe with a target (``Probe/degrades``) is a degradation: unlike a bias probe, which should
/// leave the score where it was, it makes the response worse in a named way, and a judge that
/// notices should score it lower on ``dimensions``.
public struct DegradationTarget: Sendable, Hashable {
    /// How much worse the rewrite makes a response: how far a judge that notices should move.
    public enum Severity: String, Sendable, Hashable, CaseIterable {
        /// The response is now wrong or broken (a claim negated, a figure changed): a drop of
        /// several levels, or a pass turned to a fail.
        case severe
        /// Part of the response is lost or beside the point: a drop of about one level.
        case moderate
        /// A small flaw: a drop of at most one level, and not always.
        case minor
    }

    /// Which dimensions should move.
    public enum Dimensions: Sendable, Hashable {
        /// Every dimension of the rubric.
        case all
        /// The dimensions named, as a probe file lists them; each must be one of the rubric's
        /// (``Probe/check(rubric:pairwise:)``).
        case named([String])
        /// The dimensions whose name contains one of these fragments, case aside (`relevan`
        /// matches Relevance); every dimension when none does.
        case namedLike([String])
    }

    /// The dimensions that should move down.
    public var dimensions: Dimensions
    /// How far they should move.
    public var severity: Severity

    /// A target.
    public init(dimensions: Dimensions, severity: Severity) {
        self.dimensions = dimensions
        self.severity = severity
    }

    /// The dimensions of `rubric` that should move down, in the rubric's order; a named dimension
    /// the rubric lacks is left out (``Probe/check(rubric:pairwise:)`` reports it).
    public func dimensions(in rubric: Rubric) -> [ScoreDimension] {
        switch dimensions {
        case .all:
            return rubric.dimensions
        case .named(let names):
            let wanted = Set(names.map { $0.lowercased() })
            return rubric.dimensions.filter { wanted.contains($0.name.lowercased()) }
        case .namedLike(let fragments):
            let matching = rubric.dimensions.filter { d in fragments.contains { d.name.lowercased().contains($0) } }
            return matching.isEmpty ? rubric.dimensions : matching
        }
    }
}
