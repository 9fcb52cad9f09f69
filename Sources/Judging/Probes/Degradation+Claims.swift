import Foundation

/// The degradations that change one claim: a negation, a figure, a name.
extension Degradation {
    /// `contradiction`: the first negatable word of the response negated (``negated(_:)``); in a
    /// list, of the first item of several words that has one, else the first item becomes
    /// `not-ITEM`.
    static func contradicted(_ content: ProbeField.Content) -> Degraded {
        let noClaim = LeftOutReason(
            code: "no-negatable-claim",
            message: "no sentence has an auxiliary or copula (is, can, was, has…) or a \"not\" to turn round")
        guard case .list(var items) = content else { return Degraded(content.changingFirst(negated), else: noClaim) }
        // A tag's words are not a claim (`must-read` is not `must not-read`): only items with a space are sentences.
        if let changed = content.changingFirst({ $0.contains(" ") ? negated($0) : nil }) { return .content(changed) }
        guard let first = items.first else { return .leftOut(noClaim) }
        items[0] = (first.contains(" ") ? "not " : "not-") + first
        return .content(.list(items))
    }

    /// `text` with its first negatable word turned round: `is` → `is not`, `can` → `cannot`, `has`
    /// → `has not` before a participle and `does not have` before a determiner or `to` (`has a`,
    /// `had to`), `is not` → `is`, `isn't` → `is`; `nil` when it has none.
    static func negated(_ text: String) -> String? {
        let words = ProbeText.wordRanges(text, apostrophes: true)
        func word(_ k: Int) -> String? {
            k < words.count ? text[words[k]].lowercased().replacingOccurrences(of: "\u{2019}", with: "'") : nil
        }
        for k in words.indices {
            guard let w = word(k) else { continue }
            let next = word(k + 1)
            if auxiliaries[w] != nil || ["do", "does", "did", "has", "have", "had"].contains(w), next == "not" || next == "n't" {
                return text.replacingCharacters(in: words[k].upperBound..<words[k + 1].upperBound, with: "")
            }
            var replacement = auxiliaries[w] ?? positives[w]
            if let possessive = ["has": "does", "have": "do", "had": "did"][w] {
                replacement = next.map { !possessions.contains($0) } ?? false ? w + " not" : possessive + " not have"
            }
            if w == "not", k > 0 { return text.replacingCharacters(in: words[k - 1].upperBound..<words[k].upperBound, with: "") }
            if let replacement { return text.replacingCharacters(in: words[k], with: matchingCase(replacement, of: text[words[k]])) }
        }
        return nil
    }

    private static let auxiliaries = [
        "is": "is not", "are": "are not", "was": "was not", "were": "were not", "can": "cannot", "will": "will not",
        "would": "would not", "could": "could not", "should": "should not", "must": "must not", "might": "might not",
    ]

    /// The words after which `has`, `have` and `had` mean possession rather than a perfect tense.
    private static let possessions: Set<String> = [
        "a", "an", "the", "no", "some", "any", "many", "much", "more", "his", "her", "their", "its", "my", "our", "your", "this",
        "that", "these", "those", "to", "one", "two", "three", "every", "each", "enough", "nothing", "something",
    ]

    private static let positives = [
        "isn't": "is", "aren't": "are", "wasn't": "was", "weren't": "were", "cannot": "can", "can't": "can", "won't": "will",
        "wouldn't": "would", "couldn't": "could", "shouldn't": "should", "mustn't": "must", "doesn't": "does", "don't": "do",
        "didn't": "did", "hasn't": "has", "haven't": "have", "hadn't": "had",
    ]

    /// `wrong-number`: the first figure of the response (digits, or a number word from two to
    /// twelve) changed to the first different figure of the same kind in the row's other text,
    /// else to itself plus 3 (`1,500` → `4,500`, `seven` → `ten`).
    static func wrongFigure(_ content: ProbeField.Content, other: [String]) -> Degraded {
        let elsewhere = other.flatMap { text in figures(in: text).map { text[$0].lowercased() } }
        let changed = content.changingFirst { text in
            guard let first = figures(in: text).first else { return nil }
            let figure = text[first].lowercased()
            let isWord = numberWords.contains(figure)
            let swap = elsewhere.first { $0 != figure && numberWords.contains($0) == isWord } ?? plusThree(figure)
            return text.replacingCharacters(in: first, with: matchingCase(swap, of: text[first]))
        }
        return Degraded(changed, else: LeftOutReason(code: "no-figure", message: "the response has no figure to change"))
    }

    private static let numberWords = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
    private static let largerWords = ["thirteen", "fourteen", "fifteen"]

    /// The figures of `text`: runs of digits (with `.` or `,` between digits) not inside or before
    /// a word (`M11`, `89th` and `1920s` are not figures), and the number words two to twelve.
    static func figures(in text: String) -> [Range<String.Index>] {
        ProbeText.wordRanges(text).filter { range in
            let word = text[range]
            if numberWords.contains(word.lowercased()) { return true }
            return word.allSatisfy(\.isASCII) && word.allSatisfy(\.isNumber)
        }
        .reduce(into: [Range<String.Index>]()) { merged, range in
            // 1,500 and 2.5 are one figure: join runs split by one separator between digits.
            if let last = merged.last, text[last].allSatisfy(\.isNumber), text[range].allSatisfy(\.isNumber),
                text.index(after: last.upperBound) == range.lowerBound, [",", "."].contains(text[last.upperBound])
            {
                merged[merged.count - 1] = last.lowerBound..<range.upperBound
            } else {
                merged.append(range)
            }
        }
    }

    /// `figure` plus 3: the integer part of digits (one too large to add to gets a 1 in front), or
    /// the number word three further on.
    private static func plusThree(_ figure: String) -> String {
        if let k = numberWords.firstIndex(of: figure) { return (numberWords + largerWords)[k + 3] }
        let integer = figure.prefix { $0.isNumber }
        let value = Int(integer).flatMap { n in n < Int.max - 3 ? String(n + 3) : nil } ?? "1" + integer
        return value + figure.dropFirst(integer.count)
    }

    /// `wrong-entity`: the first name of the response changed, at every mention, to the first name
    /// of the row's other text that the response does not use (lower case where the name was).
    ///
    /// A name is a word of a text, or a whole item of a list, that the other text capitalises in
    /// the middle of a sentence and never writes in lower case, or that the response itself
    /// capitalises so twice (once could be a heading's word).
    static func wrongName(_ content: ProbeField.Content, other: [String]) -> Degraded {
        let parts = ResponseParts(content).parts
        let others = names(in: other)
        let own = names(in: parts)
        let known = Set(others.map { $0.lowercased() } + own.filter { n in own.filter { $0 == n }.count >= 2 }.map { $0.lowercased() })
        let units: [String]
        switch content {
        case .text(let text): units = ProbeText.wordRanges(text).map { text[$0].lowercased() }
        case .list(let items): units = items.map { $0.lowercased() }
        }
        guard let name = units.first(where: known.contains) else {
            return .leftOut(LeftOutReason(code: "no-name", message: "the response names no one and nothing the row capitalises"))
        }
        let used = Set(parts.flatMap { part in ProbeText.wordRanges(part).map { part[$0].lowercased() } })
        guard let swap = others.first(where: { !used.contains($0.lowercased()) }) else {
            return .leftOut(LeftOutReason(code: "no-other-name", message: "the row names no one else to put in its place"))
        }
        func swapped(_ original: Substring) -> String { original.allSatisfy { !$0.isUppercase } ? swap.lowercased() : swap }
        switch content {
        case .text(var text):
            for range in ProbeText.wordRanges(text).reversed() where text[range].lowercased() == name {
                text.replaceSubrange(range, with: swapped(text[range]))
            }
            return .content(.text(text))
        case .list(let items): return .content(.list(items.map { $0.lowercased() == name ? swapped(Substring($0)) : $0 }))
        }
    }

    /// The names of `texts`, in order, each as often as it occurs: capitalised words that neither
    /// open a sentence nor follow an opening quote, a bracket or a colon, that the texts never
    /// write in lower case, less capitalised function words, days and months.
    static func names(in texts: [String]) -> [String] {
        var found: [String] = []
        var lower = Set<String>()
        for text in texts {
            let openings = Set(ProbeText.sentenceRanges(text).map(\.lowerBound))
            for range in ProbeText.wordRanges(text) {
                let word = String(text[range])
                guard word.first?.isUppercase == true else {
                    lower.insert(word)
                    continue
                }
                guard !openings.contains(range.lowerBound), word.count >= 2, !notNames.contains(word.lowercased()) else { continue }
                let before = text[..<range.lowerBound].last { !$0.isWhitespace || $0.isNewline }
                if let before, "\"\u{201C}\u{2018}'(:".contains(before) { continue }
                found.append(word)
            }
        }
        return found.filter { !lower.contains($0.lowercased()) }
    }

    /// Capitalised words that are not names, in lower case.
    private static let notNames: Set<String> = [
        "the", "a", "an", "and", "but", "or", "if", "in", "on", "at", "as", "of", "to", "for", "with", "he", "she", "it", "they",
        "we", "you", "his", "her", "its", "their", "our", "my", "your", "this", "that", "these", "those", "there", "then", "when",
        "what", "who", "mr", "mrs", "ms", "dr", "st", "tv", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
        "sunday", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]

    /// `replacement` with the first letter upper case when `original`'s is.
    private static func matchingCase(_ replacement: String, of original: Substring) -> String {
        guard original.first?.isUppercase == true, let first = replacement.first else { return replacement }
        return first.uppercased() + replacement.dropFirst()
    }
}

extension ProbeField.Content {
    /// The content with `transform` applied to a text, or to the first item of a list for which it
    /// gives a value; `nil` when it gives none.
    func changingFirst(_ transform: (String) -> String?) -> ProbeField.Content? {
        switch self {
        case .text(let text): return transform(text).map(ProbeField.Content.text)
        case .list(var items):
            for k in items.indices {
                if let changed = transform(items[k]) {
                    items[k] = changed
                    return .list(items)
                }
            }
            return nil
        }
    }
}
