import CommandLineParsing
import Testing

@Suite("Help text generated from declarations")
struct HelpTextTests {
    @Test("a command's help lists its usage, arguments, options with choices and defaults, and flags")
    func commandHelp() {
        let text = Command.helpText(path: [Fixture.root, Fixture.agreement])
        let expectedLines = [
            "OVERVIEW: Agreement between raters.",
            "USAGE: tool agreement <file> [<more> …] [--weights <scheme>] [--raters <name,…>]",
            "  <file>                    The ratings file.",
            "  --labels <label> …        Labels. Can be repeated.",
            "  --id <column>             The id column.",
            "  -v, --verbose             Say more.",
            "  --version                 Show the version.",
            "  -h, --help                Show help information.",
        ]
        let lines = text.split(separator: "\n").map(String.init)
        for line in expectedLines {
            #expect(lines.contains(line), "missing line: \(line)\n\(text)")
        }
        #expect(
            text.contains(
                "  -w, --weights <scheme>    The weights. (none, linear, quadratic) (default:\n                            none)\n"))
        #expect(text.contains("USAGE: tool agreement <file> [<more> …] [--weights <scheme>] [--raters <name,…>]\n       [--labels"))
        #expect(!text.contains("SUBCOMMANDS"))
    }

    @Test("a group's help lists its subcommands with their abstracts")
    func groupHelp() {
        let text = Command.helpText(path: [Fixture.root])
        #expect(text.contains("USAGE: tool <subcommand>"))
        #expect(text.contains("  agreement                 Agreement between raters.\n"))
        #expect(text.contains("See 'tool <subcommand> --help' for detailed help."))
    }

    @Test("long help wraps at the width, continuation lines under the help column")
    func wrapping() {
        let long = Command(name: "x", abstract: "X.", flags: [Flag("long", help: String(repeating: "word ", count: 30))]) { _, _ in .success
        }
        let text = Command.helpText(path: [long], width: 60)
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(text)")
        #expect(lines.contains { $0.hasPrefix(String(repeating: " ", count: 28) + "word") })
    }
}
