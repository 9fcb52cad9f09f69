/// Finds near-duplicate texts by the similarity of their word sets.
///
/// A text is normalised to its set of words: lowercased, split at every character that is not a
/// letter or a digit. Two texts with word sets *A* and *B* are near-duplicates when their
/// similarity S(A, B) ≥ ``threshold``, where S is the larger of
/// - the Jaccard similarity J(A, B) = |A ∩ B| / |A ∪ B|, and
/// - when the smaller set has at least ``containmentMinimumWords`` words, the containment
///   C(A, B) = |A ∩ B| / min(|A|, |B|): a truncated copy of a text (the local model's habit of
///   copying the first sentences of a seed's review) has C = 1 whatever its J. Below that size
///   containment is not used, since a few common words are contained in almost anything.
///
/// Identical texts, and texts that differ only in case, punctuation, spacing or word order, have
/// S = 1. Two texts with no words at all are duplicates of each other (S taken as 1); an empty
/// text and a non-empty one are not (S = 0).
/// Every new text is compared with every text kept, O(n) sets per text; for the hundreds or few
/// thousands of samples a generation makes that is milliseconds.
public struct NearDuplicateIndex: Sendable {
    /// The similarity at and above which two texts are near-duplicates, in (0, 1].
    public let threshold: Double
    private var entries: [(label: String, words: Set<Substring>)] = []

    /// An empty index with the given threshold.
    public init(threshold: Double) { self.threshold = threshold }

    /// The words a text is compared on.
    public static func words(of text: String) -> Set<Substring> {
        let lowered = text.lowercased()
        return Set(lowered.split { !($0.isLetter || $0.isNumber) })
    }

    /// The smallest word set for which containment counts (``similarity(_:_:)``).
    public static let containmentMinimumWords = 10

    /// S(A, B): the larger of the Jaccard similarity and, for sets of 10 words or more, the containment.
    public static func similarity(_ a: Set<Substring>, _ b: Set<Substring>) -> Double {
        let jaccard = jaccard(a, b)
        let smaller = min(a.count, b.count)
        guard smaller >= containmentMinimumWords else { return jaccard }
        return max(jaccard, Double(a.intersection(b).count) / Double(smaller))
    }

    /// The Jaccard similarity of two word sets (1 for two empty sets).
    public static func jaccard(_ a: Set<Substring>, _ b: Set<Substring>) -> Double {
        if a.isEmpty && b.isEmpty { return 1 }
        let shared = a.intersection(b).count
        return Double(shared) / Double(a.count + b.count - shared)
    }

    /// The most similar text kept at or above the threshold (its label and similarity), or `nil`.
    public func match(for text: String) -> (label: String, similarity: Double)? {
        let words = Self.words(of: text)
        var best: (label: String, similarity: Double)?
        for entry in entries {
            let similarity = Self.similarity(words, entry.words)
            if similarity >= threshold, similarity > (best?.similarity ?? -1) { best = (entry.label, similarity) }
        }
        return best
    }

    /// Keeps `text` under `label` for later comparisons.
    public mutating func insert(_ text: String, label: String) {
        entries.append((label, Self.words(of: text)))
    }
}
