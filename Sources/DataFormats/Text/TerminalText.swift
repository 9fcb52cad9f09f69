/// Escaping for text that goes to a terminal: rationales, notes, row ids and
/// names from runs, models and experts, printed by the text renderings, and
/// every error, warning and note the console writes (which quote ids, column
/// names and values from the user's files).
///
/// It lives here, at the bottom, so that the console (`CommandLineParsing`)
/// and the libraries that render text for a terminal (`Calibration`) share
/// one definition without a library depending on the option parser.
///
/// A terminal obeys control characters, so an ESC sequence in a judge's
/// rationale could recolour, retitle or clear the screen, and a CR could
/// overwrite a line. ``visible(_:)`` shows every control character as a
/// visible stand-in instead, and keeps only line feeds and tabs as they are.
public enum TerminalText {
    /// `raw` with each control character made visible:
    /// - C0 controls other than LF and TAB become their Control Pictures
    ///   (ESC U+001B → `␛` U+241B, CR → `␍`, NUL → `␀`), DEL becomes `␡`;
    /// - C1 controls (U+0080–U+009F, such as the one-byte CSI U+009B) and the
    ///   bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069),
    ///   which reorder what a reader sees, become `\u{…}`.
    ///
    /// Text without control characters is returned unchanged.
    public static func visible(_ raw: String) -> String {
        guard raw.unicodeScalars.contains(where: needsEscape) else { return raw }
        var out = String.UnicodeScalarView()
        for c in raw.unicodeScalars {
            guard needsEscape(c) else {
                out.append(c)
                continue
            }
            switch c.value {
            case 0x00...0x1F: out.append(Unicode.Scalar(0x2400 + c.value) ?? "?")
            case 0x7F: out.append("\u{2421}")
            default: out.append(contentsOf: "\\u{\(String(c.value, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(out)
    }

    private static func needsEscape(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
