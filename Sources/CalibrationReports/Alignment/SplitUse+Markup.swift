public import CalibrationData

extension SplitUse {
    /// ``summaryLines`` as an HTML section, one paragraph a line; "test rows reused" stands out (class `reused`).
    public var html: String {
        let paragraphs = summaryLines.map { line in
            "<p\(line.hasPrefix(SplitWording.testRowsReusedPrefix) ? " class=\"reused\"" : "")>\(HTMLEscaping.text(line))</p>"
        }
        return "<section class=\"split\">\n" + paragraphs.joined(separator: "\n") + "\n</section>"
    }

    /// ``summaryLines`` as Markdown paragraphs ("test rows reused" in bold), followed by a blank line.
    public var markdown: String {
        summaryLines.map { line in
            let text = HTMLEscaping.markdownCell(line)
            return line.hasPrefix(SplitWording.testRowsReusedPrefix) ? "**\(text)**\n" : text + "\n"
        }.joined(separator: "\n")
    }
}
