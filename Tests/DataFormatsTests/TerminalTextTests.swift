import DataFormats
import Testing

@Suite("Text for a terminal: control characters shown, never obeyed")
struct TerminalTextTests {
    @Test("ESC, CR, DEL, C1 CSI and bidi overrides are shown, LF and tab kept")
    func visible() {
        #expect(TerminalText.visible("plain ünïcode") == "plain ünïcode")
        #expect(TerminalText.visible("\u{1B}[2J\u{1B}]0;title\u{07}") == "␛[2J␛]0;title␇")
        #expect(TerminalText.visible("a\rb\u{7F}\u{9B}31m\u{202E}x") == "a␍b␡\\u{9B}31m\\u{202E}x")
        #expect(TerminalText.visible("line\n\tindented") == "line\n\tindented")
    }
}
