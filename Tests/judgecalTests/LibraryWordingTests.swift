import CommandLineParsing
import Foundation
import Testing
import _TestSupport

@testable import judgecal

/// Issue #34, "The CLI speaks, the libraries decide": a library says what is wrong in its own
/// terms, and `judgecal` names its flags (`Messages/`).
@Suite("The CLI speaks, the libraries decide: no library names a judgecal flag")
struct LibraryWordingTests {
    /// Every option and flag name any command declares, `help` and `version` besides.
    static func flagNames(_ command: Command = JudgeCalCommands.root) -> Set<String> {
        Set(command.options.map(\.name) + command.flags.map(\.name) + ["help", "version"])
            .union(command.subcommands.flatMap(flagNames))
    }

    /// The library targets' Swift files: everything in `Sources/` but the tool and its parser.
    static func librarySources() throws -> [URL] {
        let sources = SharedData.projectURL("Sources")
        return try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter {
            $0.hasSuffix(".swift") && !$0.hasPrefix("judgecal/") && !$0.hasPrefix("CommandLineParsing/")
        }
        .sorted().map { sources.appendingPathComponent($0) }
    }

    @Test("Outside comments, no line of a library target holds --name for a name judgecal declares")
    func noFlagInLibraryCode() throws {
        let names = Self.flagNames()
        #expect(names.contains("raters") && names.contains("sequential") && names.contains("model-config"))
        let files = try Self.librarySources()
        #expect(files.count > 100, "the library sources were found")
        var found: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for match in line.matches(of: /--([a-z][a-z0-9-]*)/) where names.contains(String(match.output.1)) {
                    found.append("\(file.lastPathComponent):\(number + 1): --\(match.output.1)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The issue's own check: a grep for `"--` or a backquoted `--` before a letter over the library
    /// sources, doc comments and DocC pages included, finds nothing; the libraries name a setting, and
    /// at most `judgecal`'s `name` option in prose.
    @Test("No library source or DocC page, comments included, quotes a --flag")
    func noQuotedFlagAnywhere() throws {
        let sources = SharedData.projectURL("Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter {
            ($0.hasSuffix(".swift") || $0.hasSuffix(".md")) && !$0.hasPrefix("judgecal/") && !$0.hasPrefix("CommandLineParsing/")
        }
        #expect(files.count > 100, "the library sources were found")
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(/["`]--[a-z]/) {
                found.append("\(file):\(number + 1)")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
