import Foundation

extension HTMLEscaping {
    /// Text for an XML 1.0 element's content (the JUnit file, ``VerdictSuite/junitXML()``): `&`, `<`
    /// and `>` become entities, a carriage return `&#13;` (a parser would fold it into the line feed),
    /// and a character XML 1.0 forbids is written as its code, `#x1B`, as pytest's JUnit writer does.
    ///
    /// XML 1.0 allows tab, line feed, carriage return, U+0020–U+D7FF, U+E000–U+FFFD and
    /// U+10000–U+10FFFF (§2.2, production `Char`); no escape can carry the rest (`&#1;` is as
    /// ill-formed as the byte), so a rendering that must parse shows them as text. Surrogates cannot
    /// occur in a Swift string.
    public static func xmlText(_ raw: String) -> String {
        xml(raw, inAttribute: false)
    }

    /// Text for a double- or single-quoted XML 1.0 attribute: as ``xmlText(_:)``, and `"` and `'`
    /// become entities, tab and line feed character references, which attribute-value normalisation
    /// would otherwise turn into spaces (§3.3.3).
    public static func xmlAttribute(_ raw: String) -> String {
        xml(raw, inAttribute: true)
    }

    private static func xml(_ raw: String, inAttribute: Bool) -> String {
        substituting(raw) { c in
            switch c {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\r": "&#13;"
            case "\"" where inAttribute: "&quot;"
            case "'" where inAttribute: "&apos;"
            case "\t" where inAttribute: "&#9;"
            case "\n" where inAttribute: "&#10;"
            case "\t", "\n": nil
            // XML 1.0 forbids the other C0 controls, U+FFFE and U+FFFF.
            case _ where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF:
                "#x" + String(format: c.value > 0xFF ? "%04X" : "%02X", c.value)
            default: nil
            }
        }
    }
}
