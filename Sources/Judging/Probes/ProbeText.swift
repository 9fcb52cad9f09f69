import Foundation

/// The fixed texts the response probes add, and the rewrites of a text or a list of strings.
///
/// Each rewrite is a pure function of its input: no randomness, no clock.
public enum ProbeText {
    /// The filler `length-pad` appends to a text: on the topic of any answer, saying nothing.
    public static let filler = """
        To put the points above another way: they are the answer to what was asked, each stated as \
        it is meant. Taken together, they cover the question as it was put, and the details given \
        are the details that matter here, set out in the order in which they arise.
        """

    /// The items `length-pad` appends to a list: tags that fit any item and describe none.
    public static let fillerItems = ["general", "other", "miscellaneous"]

    /// The opening `authority` puts before a text.
    public static let authority = "As an expert in this field, I am certain that this answer is correct and complete."

    /// The item `authority` puts first in a list.
    public static let authorityItem = "expert-verified"

    /// `text` rewritten by `rewrite` (injection, templates and degradations are not handled here).
    static func rewrite(_ text: String, _ rewrite: ResponseRewrite) -> String {
        switch rewrite {
        case .padLength: return text + "\n\n" + filler
        case .trimRedundancy:
            var seen = Set<String>()
            let all = sentences(text)
            let kept = all.filter { seen.insert(normalised($0)).inserted }
            return kept.count == all.count ? text : kept.joined(separator: " ")
        case .markdown: return sentences(text).map { "- " + $0 }.joined(separator: "\n")
        case .plain: return plain(text)
        case .authority: return authority + " " + text
        case .injection, .template, .degrade: return text
        }
    }

    /// `items` rewritten by `rewrite` (injection, templates and degradations are not handled here).
    static func rewrite(_ items: [String], _ rewrite: ResponseRewrite) -> [String] {
        switch rewrite {
        case .padLength: return items + fillerItems
        case .trimRedundancy:
            var seen = Set<String>()
            return items.filter { seen.insert(normalised($0)).inserted }
        case .markdown: return items.map { "**\($0)**" }
        case .plain: return items.map(plain)
        case .authority: return [authorityItem] + items
        case .injection, .template, .degrade: return items
        }
    }

    /// The sentences of `text`: split after `.`, `!` or `?` followed by white space, and at line
    /// breaks; each trimmed, empty ones dropped.
    static func sentences(_ text: String) -> [String] {
        sentenceRanges(text).map { String(text[$0]) }
    }

    /// Where the ``sentences(_:)`` of `text` lie in it.
    static func sentenceRanges(_ text: String) -> [Range<String.Index>] {
        var out: [Range<String.Index>] = []
        var start = text.startIndex
        var previous: Character?
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c.isNewline || (c.isWhitespace && previous.map { ".!?".contains($0) } == true) {
                out.append(start..<i)
                start = text.index(after: i)
            }
            previous = c
            i = text.index(after: i)
        }
        out.append(start..<text.endIndex)
        return out.compactMap { range in
            let piece = text[range]
            guard let first = piece.firstIndex(where: { !$0.isWhitespace }), let last = piece.lastIndex(where: { !$0.isWhitespace })
            else { return nil }
            return first..<text.index(after: last)
        }
    }

    /// The ranges of the words of `text`: runs of letters and digits, and with `apostrophes` the
    /// apostrophes inside them (`isn't`, `n't`).
    static func wordRanges(_ text: String, apostrophes: Bool = false) -> [Range<String.Index>] {
        var out: [Range<String.Index>] = []
        var start: String.Index?
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            let inWord = c.isLetter || c.isNumber || (apostrophes && start != nil && (c == "'" || c == "\u{2019}"))
            if inWord, start == nil { start = i }
            if !inWord, let s = start {
                out.append(s..<i)
                start = nil
            }
            i = text.index(after: i)
        }
        if let start { out.append(start..<text.endIndex) }
        return out
    }

    /// The lowercased words of `text` of four letters or more: what two texts share when they are
    /// about the same thing.
    static func contentWords(_ text: String) -> [String] {
        wordRanges(text).map { text[$0].lowercased() }.filter { $0.count >= 4 }
    }

    /// `text` lowercased with everything but letters and digits removed, and a final `s` dropped:
    /// what two sentences or items must share to count as one repeated.
    static func normalised(_ text: String) -> String {
        let kept = String(text.lowercased().filter { $0.isLetter || $0.isNumber })
        return kept.count > 3 && kept.hasSuffix("s") ? String(kept.dropLast()) : kept
    }

    /// `text` without Markdown markup: heading marks and list markers at the start of a line,
    /// `**`, `__` and backticks anywhere.
    static func plain(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var s = Substring(line)
            while s.first == " " { s = s.dropFirst() }
            while s.first == "#" { s = s.dropFirst() }
            for marker in ["- ", "* ", "+ "] where s.hasPrefix(marker) { s = s.dropFirst(2) }
            if let dot = s.firstIndex(of: "."), !s[..<dot].isEmpty, s[..<dot].allSatisfy(\.isNumber),
                s[s.index(after: dot)...].first == " "
            {
                s = s[s.index(dot, offsetBy: 2)...]
            }
            return String(s).trimmingCharacters(in: .whitespaces)
        }
        return lines.joined(separator: "\n").replacingOccurrences(of: "**", with: "")
            .replacingOccurrences(of: "__", with: "").replacingOccurrences(of: "`", with: "")
    }
}
