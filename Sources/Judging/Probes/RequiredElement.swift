import Foundation

/// An element a rubric can require of a response — a heading, a list, a citation, a closing
/// question — with the words that name it in a rubric, and how to find it in a text and take it
/// out: what `ignored-instruction` removes.
struct RequiredElement: Sendable {
    /// The element's name, for a reason.
    let name: String
    /// Words or phrases that name it in a rubric's wording (whole words, case aside).
    let words: [String]
    /// The text with the element removed, or `nil` when the text does not have it.
    let removed: @Sendable (String) -> String?

    /// The elements, in the order they are tried.
    static let all: [RequiredElement] = [
        RequiredElement(name: "a heading", words: ["heading", "headings", "title"]) { text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            var headings = Set(lines.indices.filter { lines[$0].hasPrefix("#") || lines[$0].hasPrefix("Title:") })
            // A bare title: a short first line without end punctuation, a paragraph of its own.
            if let first = lines.firstIndex(where: { !$0.isEmpty }), first + 1 < lines.count, lines[first + 1].isEmpty,
                lines[first].split(separator: " ").count <= 12, let last = lines[first].last, !".!?,:;".contains(last)
            {
                headings.insert(first)
            }
            guard !headings.isEmpty else { return nil }
            let kept = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter { !headings.contains($0.offset) }
            return kept.map(\.element).joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        },
        RequiredElement(name: "a list", words: ["bullet", "bullets", "bulleted", "bullet points", "numbered list", "a list"]) { text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.contains(where: isListLine) else { return nil }
            var out: [String] = []
            var previousWasItem = false
            for line in lines {
                let item = isListLine(line)
                if item, previousWasItem {
                    out[out.count - 1] += " " + ProbeText.plain(line)
                } else {
                    out.append(item ? ProbeText.plain(line) : line)
                }
                previousWasItem = item
            }
            return out.joined(separator: "\n")
        },
        RequiredElement(name: "a citation", words: ["cite", "cites", "cited", "citation", "citations"]) { text in
            let cited = ProbeText.wordRanges(text).filter { range in
                text[range].allSatisfy(\.isNumber) && range.lowerBound > text.startIndex && range.upperBound < text.endIndex
                    && text[text.index(before: range.lowerBound)] == "[" && text[range.upperBound] == "]"
            }
            guard !cited.isEmpty else { return nil }
            var out = text
            for range in cited.reversed() {
                var lower = out.index(before: range.lowerBound)
                if lower > out.startIndex, out[out.index(before: lower)] == " " { lower = out.index(before: lower) }
                out.removeSubrange(lower..<out.index(after: range.upperBound))
            }
            return out
        },
        RequiredElement(
            name: "a closing question",
            words: ["closing question", "follow-up question", "ends with a question", "end with a question"]
        ) { text in
            let parts = ResponseParts(.text(text))
            guard parts.parts.count >= 2, parts.parts.last?.hasSuffix("?") == true,
                case .text(let cut) = parts.removing(parts.parts.count - 1)
            else { return nil }
            return cut
        },
    ]

    /// The elements `rubric`'s wording names: its instructions, its dimensions' descriptions and
    /// their levels' descriptions.
    static func named(in rubric: Rubric) -> [RequiredElement] {
        let wording = ([rubric.instructions] + rubric.dimensions.flatMap { [$0.description] + $0.scale.levels.map(\.description) })
            .joined(separator: "\n").lowercased()
        return all.filter { element in element.words.contains { wording.containsWord($0) } }
    }

    /// `ignored-instruction`: the first element the rubric names that the response has, removed.
    static func ignoring(in content: ProbeField.Content, rubric: Rubric) -> Degraded {
        let named = named(in: rubric)
        guard !named.isEmpty else {
            return .leftOut(
                LeftOutReason(
                    code: "no-element-in-rubric",
                    message: "the rubric's wording names no element a response must have "
                        + "(\(all.map(\.name).joined(separator: ", ")))"))
        }
        if case .text(let text) = content, let changed = named.lazy.compactMap({ $0.removed(text) }).first {
            return .content(.text(changed))
        }
        return .leftOut(
            LeftOutReason(
                code: "no-element-in-response",
                message: "the response has none of the elements the rubric names (\(named.map(\.name).joined(separator: ", ")))"))
    }

    private static func isListLine(_ line: String) -> Bool {
        let s = line.drop { $0 == " " }
        if ["- ", "* ", "+ "].contains(where: s.hasPrefix) { return true }
        let digits = s.prefix { $0.isNumber }
        return !digits.isEmpty && s.dropFirst(digits.count).hasPrefix(". ")
    }
}

extension String {
    /// Whether `phrase` occurs in the string with no letter just before or just after it.
    fileprivate func containsWord(_ phrase: String) -> Bool {
        var searchStart = startIndex
        while let found = range(of: phrase, range: searchStart..<endIndex) {
            let before = found.lowerBound > startIndex ? self[index(before: found.lowerBound)] : " "
            let after = found.upperBound < endIndex ? self[found.upperBound] : " "
            if !before.isLetter, !after.isLetter { return true }
            searchStart = index(after: found.lowerBound)
        }
        return false
    }
}
