import CalibrationReports
import Foundation
import Testing

@Suite("HTML escaping: text, attributes, JSON in a script element, Markdown cells")
struct HTMLEscapingTests {
    @Test("Element text: a script tag becomes entities")
    func text() {
        #expect(
            HTMLEscaping.text(#"<script>alert("gotcha")</script> & co"#)
                == "&lt;script&gt;alert(&quot;gotcha&quot;)&lt;/script&gt; &amp; co")
    }

    @Test("Attribute values: both quotes are escaped, so no value can be closed")
    func attribute() {
        #expect(HTMLEscaping.attribute(#""><img onerror='x'>"#) == "&quot;&gt;&lt;img onerror=&#39;x&#39;&gt;")
        #expect(HTMLEscaping.attribute("plain text, é 😀") == "plain text, é 😀")
    }

    @Test("JSON in a script element cannot close it, and still decodes to the same text")
    func scriptJSON() throws {
        let hostile = "</script><script>alert(1)</script><!-- & \u{2028}"
        let json = String(decoding: try JSONEncoder().encode([hostile]), as: UTF8.self)
        let escaped = HTMLEscaping.scriptJSON(json)
        #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("&"))
        #expect(try JSONDecoder().decode([String].self, from: Data(escaped.utf8)) == [hostile])
    }

    @Test("Markdown cells: pipes escaped, line breaks folded, HTML escaped")
    func markdownCell() {
        #expect(HTMLEscaping.markdownCell("a|b\nc<i>") == "a\\|b c&lt;i&gt;")
    }
}
