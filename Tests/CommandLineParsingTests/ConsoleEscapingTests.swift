import CommandLineParsing
import Testing

@Suite("The console shows the control characters of text it quotes, never obeys them")
struct ConsoleEscapingTests {
    @Test("Errors, warnings, notes and progress quoting a hostile file's text show its control characters")
    func consoleLines() async {
        let hostile = "row \u{1B}[2J\u{1B}]0;owned\u{07}\rx"
        let shown = "row ␛[2J␛]0;owned␇␍x"
        let tool = Command(name: "tool", abstract: "A tool.") { _, console in
            console.printWarning(hostile)
            console.printNote(hostile)
            console.progressLine().update(hostile)
            throw CommandFailure(hostile, exitCode: .dataError)
        }
        let c = Captured()
        #expect(await tool.execute([], console: c.console(terminal: true, environment: ["NO_COLOR": "1"])) == .dataError)
        #expect(
            c.error
                == "warning: \(shown)\n\(shown)\n\r\u{1B}[2K\(shown)error: \(shown)\n",
            "the console's own CR and erase-line stay; the file's are shown")
        let plain = Captured()
        let usage = Command(name: "tool", abstract: "A tool.") { _, _ in throw UsageError("no option \(hostile)") }
        #expect(await usage.execute([], console: plain.console()) == .usage)
        #expect(plain.error.hasPrefix("error: no option \(shown)\nusage: tool"))
        #expect(!plain.error.contains("\u{1B}") && !plain.error.contains("\r"))
    }
}
