import Foundation

/// The degradations that drop, cut or add whole sentences or list items.
extension Degradation {
    /// `removed-content`: the part sharing the most words (of four letters or more) with the row's
    /// other text, the longer on a tie, the earlier on a second tie.
    static func removingContent(_ content: ProbeField.Content, other: [String]) -> Degraded {
        let parts = ResponseParts(content)
        guard parts.parts.count >= 2 else { return .leftOut(.onePart) }
        let context = Set(other.flatMap(ProbeText.contentWords))
        let scored = parts.parts.enumerated().map { k, part in
            (k: k, overlap: Set(ProbeText.contentWords(part)).intersection(context).count, length: part.count)
        }
        let chosen = scored.max { a, b in (a.overlap, a.length, b.k) < (b.overlap, b.length, a.k) }
        return .content(parts.removing(chosen?.k ?? 0))
    }

    /// `truncation`: the last third of the parts cut, at least one.
    static func truncated(_ content: ProbeField.Content) -> Degraded {
        let parts = ResponseParts(content)
        let count = parts.parts.count
        guard count >= 2 else { return .leftOut(.onePart) }
        return .content(parts.keeping(first: count - max(1, count / 3)))
    }

    /// `off-topic`: the middle part (index count / 2) replaced by the longest part of the next row
    /// that this row lacks (the earliest on a tie): a sentence with something to say, not a title.
    static func offTopic(_ content: ProbeField.Content, next: ProbeField.Content?) -> Degraded {
        let parts = ResponseParts(content)
        guard !parts.parts.isEmpty else { return .leftOut(.empty) }
        guard let next else { return .leftOut(.noOtherRow) }
        let candidates = newParts(of: next, beside: parts.parts)
        guard let foreign = candidates.enumerated().max(by: { ($0.element.count, $1.offset) < ($1.element.count, $0.offset) })?.element
        else { return .leftOut(.noOtherText) }
        return .content(parts.replacing(parts.parts.count / 2, with: foreign))
    }

    /// `irrelevant-items`: the first two items of the next row's list that this list lacks, added.
    static func irrelevantItems(_ content: ProbeField.Content, next: ProbeField.Content?) -> Degraded {
        guard case .list(let items) = content else { return .leftOut(.notAList) }
        guard let next else { return .leftOut(.noOtherRow) }
        let foreign = newParts(of: next, beside: items).prefix(2)
        return foreign.isEmpty ? .leftOut(.noOtherText) : .content(.list(items + foreign))
    }

    /// `invented-items`: the first two of ``fabricatedItems`` that neither the list nor the row's
    /// other text mentions, added.
    static func invented(_ content: ProbeField.Content, other: [String]) -> Degraded {
        guard case .list(let items) = content else { return .leftOut(.notAList) }
        let mentioned = (other + items).joined(separator: " ").lowercased()
        let fresh = fabricatedItems.filter { !mentioned.contains($0) && !mentioned.contains($0.replacingOccurrences(of: "-", with: " ")) }
        return .content(.list(items + fresh.prefix(2)))
    }

    /// The parts of `next` whose normalised form is not among `present`'s, in order.
    private static func newParts(of next: ProbeField.Content, beside present: [String]) -> [String] {
        let seen = Set(present.map(ProbeText.normalised))
        return ResponseParts(next).parts.filter { !seen.contains(ProbeText.normalised($0)) }
    }
}
