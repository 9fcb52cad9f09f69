import CommandLineParsing
import Synchronization
import Testing

/// A console that keeps what was written, for assertions.
final class Captured: Sendable {
    private let out = Mutex("")
    private let err = Mutex("")
    var output: String { out.withLock { $0 } }
    var error: String { err.withLock { $0 } }

    func console(terminal: Bool = false, environment: [String: String] = [:]) -> Console {
        Console(
            writeOutput: { text in self.out.withLock { $0 += text } },
            writeError: { text in self.err.withLock { $0 += text } },
            outputStyle: TextStyle(isTerminal: terminal, environment: environment),
            errorStyle: TextStyle(isTerminal: terminal, environment: environment),
            errorIsTerminal: terminal
        )
    }
}

@Suite("Running a command: streams and exit codes")
struct ExecuteTests {
    static let word = PositionalKey<String>("word", help: "A word.")
    static let tool = Command(
        name: "tool", abstract: "A tool.", version: "9.9",
        subcommands: [
            Command(name: "echo", abstract: "Echo.", positionals: [word]) { args, console in
                console.print(args[word])
                return .success
            },
            Command(name: "fail", abstract: "Fail.") { _, _ in throw CommandFailure("data.csv line 3: bad", exitCode: .dataError) },
            Command(name: "check", abstract: "Check.") { _, _ in throw UsageError("--x does not apply here") },
        ]
    )

    @Test("documented exit code numbers")
    func codes() {
        #expect([ExitCode.success, .failure, .usage, .dataError, .noInput].map(\.rawValue) == [0, 1, 64, 65, 66])
    }

    @Test("results on stdout, nothing on stderr")
    func results() async {
        let c = Captured()
        #expect(await Self.tool.execute(["echo", "hi"], console: c.console()) == .success)
        #expect(c.output == "hi\n")
        #expect(c.error == "")
    }

    @Test("a usage error goes to stderr with the usage line and exits 64")
    func usage() async {
        let c = Captured()
        #expect(await Self.tool.execute(["echo", "--wrd", "x"], console: c.console()) == .usage)
        #expect(c.output == "")
        #expect(c.error == "error: unknown option --wrd\nusage: tool echo <word>\nSee 'tool echo --help' for more.\n")
    }

    @Test("a usage error thrown while running names the running command")
    func usageFromRun() async {
        let c = Captured()
        #expect(await Self.tool.execute(["check"], console: c.console()) == .usage)
        #expect(c.error.hasPrefix("error: --x does not apply here\nusage: tool check"))
    }

    @Test("a command failure exits with its own code")
    func failure() async {
        let c = Captured()
        #expect(await Self.tool.execute(["fail"], console: c.console()) == .dataError)
        #expect(c.error == "error: data.csv line 3: bad\n")
    }

    @Test("--help and --version print on stdout and succeed")
    func helpVersion() async {
        let c = Captured()
        #expect(await Self.tool.execute(["--version"], console: c.console()) == .success)
        #expect(await Self.tool.execute(["echo", "-h"], console: c.console()) == .success)
        #expect(c.output.hasPrefix("9.9\nOVERVIEW: Echo."))
    }

    @Test("styling only on a terminal and never with NO_COLOR set")
    func styling() async {
        #expect(TextStyle(isTerminal: true, environment: [:]).red("x") == "\u{1B}[31mx\u{1B}[0m")
        #expect(TextStyle(isTerminal: true, environment: ["NO_COLOR": "1"]).red("x") == "x")
        #expect(TextStyle(isTerminal: true, environment: ["NO_COLOR": ""]).isEnabled)
        #expect(TextStyle(isTerminal: true, environment: ["TERM": "dumb"]).isEnabled == false)
        #expect(TextStyle(isTerminal: false, environment: [:]).bold("x") == "x")
        let c = Captured()
        _ = await Self.tool.execute(["fail"], console: c.console(terminal: true))
        #expect(c.error.hasPrefix("\u{1B}[31m\u{1B}[1merror:"))
    }

    @Test("a progress line is drawn only on a terminal")
    func progress() {
        let quiet = Captured()
        quiet.console(terminal: false).progressLine().update("reading…")
        #expect(quiet.error == "")
        let shown = Captured()
        shown.console(terminal: true).progressLine().update("reading…")
        #expect(shown.error == "\r\u{1B}[2Kreading…")
    }
}
