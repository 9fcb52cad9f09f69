import CommandLineParsing
import Testing

@Suite("The runner maps what a command throws to an exit code, in one place")
struct ErrorClassificationTests {
    struct Malformed: Error, CustomStringConvertible {
        var description: String { "data.csv line 3: not a number" }
    }

    struct Missing: Error {}
    struct Unknown: Error {}

    static func tool(throwing error: any Error) -> Command {
        Command(
            name: "tool", abstract: "A tool.",
            subcommands: [Command(name: "go", abstract: "Go.") { _, _ in throw error }],
            exitCode: { error in
                switch error {
                case is Malformed: .dataError
                case is Missing: .noInput
                case is UsageError, is CommandFailure: .cantCreate  // never consulted for these
                default: nil
                }
            }
        )
    }

    @Test(
        "each error a command throws exits with the root's code for it, 1 when it names none",
        arguments: [
            (Malformed() as any Error, ExitCode.dataError), (Missing(), .noInput), (Unknown(), .failure),
        ])
    func classified(error: any Error, code: ExitCode) async {
        let c = Captured()
        #expect(await Self.tool(throwing: error).execute(["go"], console: c.console()) == code)
        #expect(c.error.hasPrefix("error: "))
    }

    @Test("the message is the error's description, on standard error")
    func message() async {
        let c = Captured()
        _ = await Self.tool(throwing: Malformed()).execute(["go"], console: c.console())
        #expect(c.error == "error: data.csv line 3: not a number\n")
        #expect(c.output == "")
    }

    @Test("the root's wording, where it gives one, replaces the description; its code stays the classification's")
    func worded() async {
        var tool = Self.tool(throwing: Malformed())
        tool.errorMessage = { error in error is Malformed ? "data.csv line 3: give --numbers" : nil }
        let c = Captured()
        #expect(await tool.execute(["go"], console: c.console()) == .dataError)
        #expect(c.error == "error: data.csv line 3: give --numbers\n")
        let unworded = Captured()
        tool.subcommands = [Command(name: "go", abstract: "Go.") { _, _ in throw Unknown() }]
        #expect(await tool.execute(["go"], console: unworded.console()) == .failure)
        #expect(unworded.error.hasPrefix("error: Unknown"))
    }

    @Test("usage errors and command failures keep their own codes")
    func ownCodes() async {
        let c = Captured()
        #expect(await Self.tool(throwing: UsageError("no")).execute(["go"], console: c.console()) == .usage)
        #expect(
            await Self.tool(throwing: CommandFailure("gone", exitCode: .noInput)).execute(["go"], console: c.console())
                == .noInput)
    }

    @Test("without a classification every other error exits 1")
    func unclassified() async {
        let c = Captured()
        let tool = Command(
            name: "tool", abstract: "A tool.",
            subcommands: [Command(name: "go", abstract: "Go.") { _, _ in throw Malformed() }])
        #expect(await tool.execute(["go"], console: c.console()) == .failure)
    }

    @Test("73 is EX_CANTCREAT")
    func cantCreate() {
        #expect(ExitCode.cantCreate.rawValue == 73)
    }
}
