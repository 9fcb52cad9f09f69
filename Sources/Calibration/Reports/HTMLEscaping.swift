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
        var out = ""
        out.reserveCapacity(raw.utf8.count)
        for c in raw.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// JSON text made safe inside `<script type="application/json">`: every
    /// `<`, `>` and `&` becomes its `\u00XX` escape (still the same JSON), so
    /// no `</script>` or `<!--` can end or alter the element; U+2028 and
    /// U+2029 are escaped as well.
    public static func scriptJSON(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for c in json.unicodeScalars {
            switch c {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Text for a Markdown table cell: HTML-escaped (GitHub renders inline
    /// HTML), `|` escaped, line breaks folded to spaces.
    public static func markdownCell(_ raw: String) -> String {
        text(raw).replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ")
    }
}
