import DataFormats
import Foundation

/// Escaping for text that goes into an HTML page: model responses, rubric
/// text, expert notes, row ids.
///
/// Every piece of text the project did not write itself passes through one of
/// these before it reaches a page, so a response holding `<script>` or
/// `"><img onerror=…>` shows as those characters and never becomes markup.
public enum HTMLEscaping {
    /// Text for an element's content: `&`, `<` and `>` become entities
    /// (quotes are escaped too, so the same text is also safe in an attribute).
    public static func text(_ raw: String) -> String {
        attribute(raw)
    }

    /// Text for a double- or single-quoted attribute value: `&`, `<`, `>`,
    /// `"` and `'` become entities.
    public static func attribute(_ raw: String) -> String {
        substituting(raw) {
            switch $0 {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }

    /// JSON text made safe inside `<script type="application/json">`: every
    /// `<`, `>` and `&` becomes its `\u00XX` escape (still the same JSON), so
    /// no `</script>` or `<!--` can end or alter the element; U+2028 and
    /// U+2029 are escaped as well.
    public static func scriptJSON(_ json: String) -> String {
        substituting(json) { c in
            ["<", ">", "&", "\u{2028}", "\u{2029}"].contains(c) ? "\\u" + String(format: "%04x", c.value) : nil
        }
    }

    /// `raw` with each scalar for which `replacement` gives text replaced by that text.
    static func substituting(_ raw: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(raw.utf8.count)
        for c in raw.unicodeScalars {
            if let r = replacement(c) { out += r } else { out.unicodeScalars.append(c) }
        }
        return out
    }

    /// Text for Markdown (a table cell, a heading, a paragraph): the one
    /// escaping for `.md` reports, so that text from runs, models and experts
    /// renders inert.
    ///
    /// - `&`, `<`, `>`, `"` and `'` become HTML entities (GitHub renders
    ///   inline HTML, so `<img src=…>` would load);
    /// - `\`, `` ` ``, `*`, `_`, `[`, `]`, `~`, `|` are backslash-escaped, so
    ///   `![x](http://…)` is no image, `[click](javascript:…)` no link, and
    ///   emphasis, code spans and table cells cannot be opened or closed;
    /// - line breaks fold to spaces (a cell is one line), and other control
    ///   characters are shown as ``TerminalText/visible(_:)`` shows them.
    public static func markdownCell(_ raw: String) -> String {
        let folded = raw.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\t", with: " ")
        // The entities `attribute` writes hold no Markdown punctuation, so the
        // backslash escapes can follow them.
        return substituting(attribute(TerminalText.visible(folded))) {
            switch $0 {
            case "\\", "`", "*", "_", "[", "]", "~", "|": "\\" + String($0)
            default: nil
            }
        }
    }
}
