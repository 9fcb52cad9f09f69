import CommandLineParsing
import Testing

/// A small tool shaped like `judgecal`, declared once for every test.
enum Fixture {
    static let lint = Command(
        name: "lint", abstract: "Check a rubric.",
        positionals: [Positional("rubric", help: "The rubric file.")]
    ) { _, _ in .success }

    static let agreement = Command(
        name: "agreement",
        abstract: "Agreement between raters.",
        options: [
            Option(
                "weights", short: "w", valueName: "scheme", help: "The weights.", choices: ["none", "linear", "quadratic"],
                defaultValue: "none"),
            Option("raters", valueName: "name", help: "The rater columns.", commaSeparated: true),
            Option("labels", valueName: "label", help: "Labels.", arity: .upToNextOption),
            Option("tag", valueName: "tag", help: "A tag.", arity: .repeating),
            Option("seed", valueName: "n", help: "The seed."),
            Option("id", valueName: "column", help: "The id column.", required: true),
            Option("worst", valueName: "n", help: "How many.", defaultValue: "5", range: 0...),
            Option("top", valueName: "n", help: "The top.", range: 1...3),
            Option("threshold", valueName: "x", help: "The threshold.", defaultValue: "0.6"),
            Option("categories", valueName: "level", help: "The levels.", commaSeparated: true),
            Option("output", short: "o", valueName: "file", help: "The output."),
        ],
        flags: [
            Flag("json", help: "Write JSON."), Flag("verbose", short: "v", help: "Say more."), Flag("quiet", short: "q", help: "Say less."),
        ],
        positionals: [
            Positional("file", help: "The ratings file."), Positional("more", help: "More files.", optional: true, repeating: true),
        ]
    ) { _, _ in .success }

    static let root = Command(
        name: "tool", abstract: "A tool.", version: "1.2.3",
        subcommands: [agreement, Command(name: "rubric", abstract: "Rubric commands.", subcommands: [lint])]
    )

    static func parsed(_ line: [String]) throws -> ParsedArguments {
        guard case .run(_, let parsed) = try root.parse(line) else {
            Issue.record("expected a run outcome for \(line)")
            throw UsageError("not a run")
        }
        return parsed
    }

    static func usageMessage(_ line: [String]) -> String? {
        do {
            _ = try root.parse(line)
            return nil
        } catch {
            return error.message
        }
    }
}

@Suite("Parsing command lines")
struct CommandParserTests {
    @Test("every option shape: --name value, --name=value, -n value, -nvalue")
    func optionShapes() throws {
        for line in [
            ["agreement", "f.csv", "--id", "id", "--weights", "linear"],
            ["agreement", "f.csv", "--id", "id", "--weights=linear"],
            ["agreement", "f.csv", "--id", "id", "-w", "linear"],
            ["agreement", "f.csv", "--id", "id", "-wlinear"],
        ] {
            let p = try Fixture.parsed(line)
            #expect(p.value("weights") == "linear", "\(line)")
            #expect(p.positional("file") == "f.csv")
            #expect(p.commandPath == ["tool", "agreement"])
        }
    }

    @Test("a default applies only when the option is absent, and is not counted as given")
    func defaults() throws {
        let p = try Fixture.parsed(["agreement", "f.csv", "--id", "id"])
        #expect(p.value("weights") == "none")
        #expect(!p.isGiven("weights"))
        #expect(p.value("seed") == nil)
    }

    @Test("comma-separated lists split and accumulate across occurrences")
    func commaLists() throws {
        let p = try Fixture.parsed(["agreement", "f.csv", "--id", "id", "--raters", "a,b", "--raters", "c"])
        #expect(p.values("raters") == ["a", "b", "c"])
        #expect(Fixture.usageMessage(["agreement", "f.csv", "--id", "id", "--raters", "a,,b"]) == "--raters: an empty item in 'a,,b'")
    }

    @Test("repeated options: --tag A --tag B, and --labels A B up to the next option")
    func repeatedOptions() throws {
        let p = try Fixture.parsed([
            "agreement", "--labels", "A", "B", "--tag", "x", "--labels", "C", "--tag", "y", "--id", "id", "--", "f.csv",
        ])
        #expect(p.values("labels") == ["A", "B", "C"])
        #expect(p.values("tag") == ["x", "y"])
        #expect(p.positional("file") == "f.csv")
    }

    @Test("a single option given twice is an error naming both values")
    func givenTwice() {
        #expect(
            Fixture.usageMessage(["agreement", "f", "--id", "i", "--weights", "linear", "--weights", "quadratic"])
                == "--weights is given twice (linear and quadratic); give it once")
    }

    @Test("flags, combined short flags, and positionals after --")
    func flags() throws {
        let p = try Fixture.parsed(["agreement", "--json", "-vq", "--id", "id", "--", "-odd-name.csv", "g.csv"])
        #expect(p.flag("json") && p.flag("verbose") && p.flag("quiet"))
        #expect(p.positional("file") == "-odd-name.csv")
        #expect(p.positionals("more") == ["g.csv"])
        #expect(Fixture.usageMessage(["agreement", "f", "--id", "i", "--json=yes"]) == "--json is a flag and takes no value")
    }

    @Test("a negative number is a value; an option where a value belongs is reported")
    func negativeValues() throws {
        let p = try Fixture.parsed(["agreement", "f", "--id", "i", "--seed", "-3"])
        #expect(try p.value("seed", as: Int.self) == -3)
        #expect(Fixture.usageMessage(["agreement", "f", "--id", "i", "--seed", "--json"]) == "missing value for --seed <n>")
    }

    @Test("typed values: a value that does not convert names the option and the expectation")
    func typedValues() throws {
        let p = try Fixture.parsed(["agreement", "f", "--id", "i", "--seed", "x1"])
        #expect(throws: UsageError("--seed: 'x1' is not an integer", commandPath: ["tool", "agreement"])) {
            try p.value("seed", as: Int.self)
        }
    }

    @Test("a misspelt option suggests the nearest declared one")
    func misspeltOption() {
        #expect(
            Fixture.usageMessage(["agreement", "f", "--id", "i", "--wieghts", "linear"])
                == "unknown option --wieghts; did you mean --weights?")
        #expect(Fixture.usageMessage(["agreement", "f", "--id", "i", "--rater", "a"]) == "unknown option --rater; did you mean --raters?")
        #expect(Fixture.usageMessage(["agreement", "f", "--id", "i", "--zzzzzz"]) == "unknown option --zzzzzz")
        #expect(Fixture.usageMessage(["agreement", "f", "--id", "i", "-x"]) == "unknown option -x in -x")
    }

    @Test("a value outside the choices suggests the nearest choice")
    func misspeltChoice() {
        #expect(
            Fixture.usageMessage(["agreement", "f", "--id", "i", "--weights", "lineer"])
                == "--weights: unknown value 'lineer'; did you mean linear? (choose one of none, linear, quadratic)")
    }

    @Test("missing and surplus arguments")
    func missingAndSurplus() {
        #expect(Fixture.usageMessage(["agreement", "--id", "i"]) == "missing <file>")
        #expect(Fixture.usageMessage(["agreement", "f"]) == "missing --id <column>")
        #expect(Fixture.usageMessage(["rubric", "lint", "a.md", "b.md"]) == "unexpected argument 'b.md'")
    }

    @Test("subcommands nest, and a misspelt one is suggested")
    func subcommands() throws {
        guard case .run(let path, let p) = try Fixture.root.parse(["rubric", "lint", "r.md"]) else {
            Issue.record("expected run")
            return
        }
        #expect(path.map(\.name) == ["tool", "rubric", "lint"])
        #expect(p.positional("rubric") == "r.md")
        #expect(
            Fixture.usageMessage(["agrement"]) == "unknown subcommand 'agrement'; did you mean agreement? (choose one of agreement, rubric)"
        )
        #expect(Fixture.usageMessage([]) == "missing subcommand; choose one of agreement, rubric")
    }

    @Test("--help and -h win over everything else on the line; --version is the root's")
    func helpAndVersion() throws {
        guard case .help(let path) = try Fixture.root.parse(["agreement", "--bogus", "-h"]) else {
            Issue.record("expected help")
            return
        }
        #expect(path.map(\.name) == ["tool", "agreement"])
        guard case .help(let nested) = try Fixture.root.parse(["rubric", "lint", "--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(nested.map(\.name) == ["tool", "rubric", "lint"])
        guard case .version(let v) = try Fixture.root.parse(["--version"]) else {
            Issue.record("expected version")
            return
        }
        #expect(v == "1.2.3")
        // After `--`, --help is a positional value.
        let p = try Fixture.parsed(["agreement", "--id", "i", "--", "--help"])
        #expect(p.positional("file") == "--help")
    }
}
