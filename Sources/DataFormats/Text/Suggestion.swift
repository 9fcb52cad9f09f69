/// The nearest of some known names to a misspelt one, for "did you mean"
/// messages: the command line's options and choices, and the keys of a
/// configuration file.
public enum Suggestion {
    /// The candidate closest to `word`, if any is close enough.
    ///
    /// Closeness is the optimal-string-alignment distance (insertions,
    /// deletions, substitutions and swaps of neighbours each cost 1), within a
    /// third of the word's length (at least 1, at most 3). Ties go to the
    /// earlier candidate.
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        let limit = min(3, max(1, word.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(Array(word.lowercased()), Array(candidate.lowercased()))
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// The optimal string alignment distance between two words.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var d = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in 0...a.count { d[i * width] = i }
        for j in 0...b.count { d[j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(d[(i - 1) * width + j] + 1, d[i * width + j - 1] + 1, d[(i - 1) * width + j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, d[(i - 2) * width + j - 2] + 1)
                }
                d[i * width + j] = value
            }
        }
        return d[a.count * width + b.count]
    }

    /// ` did you mean X?` or an empty string.
    public static func phrase(for word: String, among candidates: [String], prefix: String = "") -> String {
        nearest(to: word, among: candidates).map { "; did you mean \(prefix)\($0)?" } ?? ""
    }
}
