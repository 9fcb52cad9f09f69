import Foundation

/// A response's parts — a text's sentences, located in it, or a list's items — and the response
/// rebuilt with one part changed, dropped, or the last ones cut.
///
/// A text is rebuilt in place: the rest of it keeps its spacing and line breaks, and where a
/// sentence is dropped the space or blank line it stood in goes with it.
struct ResponseParts {
    /// The response.
    let content: ProbeField.Content
    /// Its sentences (``ProbeText/sentences(_:)``) or items.
    let parts: [String]
    private let ranges: [Range<String.Index>]

    init(_ content: ProbeField.Content) {
        self.content = content
        switch content {
        case .text(let text):
            ranges = ProbeText.sentenceRanges(text)
            parts = ranges.map { String(text[$0]) }
        case .list(let items):
            ranges = []
            parts = items
        }
    }

    /// The response with part `k` replaced by `new`.
    func replacing(_ k: Int, with new: String) -> ProbeField.Content {
        switch content {
        case .list(var items):
            items[k] = new
            return .list(items)
        case .text(let text): return .text(text.replacingCharacters(in: ranges[k], with: new))
        }
    }

    /// The response without part `k`.
    func removing(_ k: Int) -> ProbeField.Content {
        switch content {
        case .list(var items):
            items.remove(at: k)
            return .list(items)
        case .text(let text):
            var before = text[..<ranges[k].lowerBound]
            var after = text[ranges[k].upperBound...]
            let horizontal: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
            if before.allSatisfy(\.isWhitespace) {
                before = ""
                after = after.drop(while: \.isWhitespace)
            } else if after.first.map(horizontal) == true {
                after = after.drop(while: horizontal)
            } else {
                while before.last.map(horizontal) == true { before = before.dropLast() }
                if before.last?.isNewline == true { after = after.drop(while: \.isWhitespace) }
            }
            if after.isEmpty { while before.last?.isWhitespace == true { before = before.dropLast() } }
            return .text(String(before + after))
        }
    }

    /// The response with only its first `count` parts.
    func keeping(first count: Int) -> ProbeField.Content {
        switch content {
        case .list(let items): return .list(Array(items.prefix(count)))
        case .text(let text): return .text(count == 0 ? "" : String(text[..<ranges[count - 1].upperBound]))
        }
    }
}
