import CommandLineParsing
import Testing

/// A small tool shaped like `judgecal`, declared once for every test.
enum Fixture {
    /// A choice read as an enumeration.
    enum Weights: String, CaseIterable, ArgumentValue {
        case unweighted = "none", linear, quadratic
    }

    static let rubric = PositionalKey<String>("rubric", help: "The rubric file.")
    static let lint = Command(name: "lint", abstract: "Check a rubric.", positionals: [rubric]) { _, _ in .success }

    static let weights = OptionKey<Weights>(
        "weights", short: "w", valueName: "scheme", help: "The weights.", choices: Weights.allCases.map(\.rawValue),
        defaultValue: .unweighted)
    static let raters = OptionKey<[String]>("raters", valueName: "name", help: "The rater columns.", commaSeparated: true)
    static let labels = OptionKey<[String]>("labels", valueName: "label", help: "Labels.", arity: .upToNextOption)
    static let tag = OptionKey<[String]>("tag", valueName: "tag", help: "A tag.", arity: .repeating)
    static let seed = OptionKey<Int?>("seed", valueName: "n", help: "The seed.")
    static let id = OptionKey<String>(required: "id", valueName: "column", help: "The id column.")
    static let worst = OptionKey<Int>("worst", valueName: "n", help: "How many.", defaultValue: 5, range: 0...)
    static let top = OptionKey<Int?>("top", valueName: "n", help: "The top.", range: 1...3)
    static let threshold = OptionKey<Double>("threshold", valueName: "x", help: "The threshold.", defaultValue: 0.6)
    static let categories = OptionKey<[Int]>("categories", valueName: "level", help: "The levels.", commaSeparated: true)
    static let output = OptionKey<String?>("output", short: "o", valueName: "file", help: "The output.")
    static let json = Flag("json", help: "Write JSON.")
    static let verbose = Flag("verbose", short: "v", help: "Say more.")
    static let quiet = Flag("quiet", short: "q", help: "Say less.")
    static let file = PositionalKey<String>("file", help: "The ratings file.")
    static let more = PositionalKey<[String]>("more", help: "More files.", optional: true)

    static let agreement = Command(
        name: "agreement",
        abstract: "Agreement between raters.",
        options: [weights, raters, labels, tag, seed, id, worst, top, threshold, categories, output],
        flags: [json, verbose, quiet],
        positionals: [file, more]
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
            #expect(try p[Fixture.weights] == .linear, "\(line)")
            #expect(p[Fixture.file] == "f.csv")
            #expect(p.commandPath == ["tool", "agreement"])
        }
    }

    @Test("a default applies only when the option is absent, and is not counted as given")
    func defaults() throws {
        let p = try Fixture.parsed(["agreement", "f.csv", "--id", "id"])
        #expect(try p[Fixture.weights] == .unweighted)
        #expect(!p.isGiven(Fixture.weights))
        #expect(try p[Fixture.seed] == nil)
        #expect(try p[Fixture.raters] == [])
    }

    @Test("comma-separated lists split and accumulate across occurrences")
    func commaLists() throws {
        let p = try Fixture.parsed(["agreement", "f.csv", "--id", "id", "--raters", "a,b", "--raters", "c"])
        #expect(try p[Fixture.raters] == ["a", "b", "c"])
        #expect(Fixture.usageMessage(["agreement", "f.csv", "--id", "id", "--raters", "a,,b"]) == "--raters: an empty item in 'a,,b'")
    }

    @Test("repeated options: --tag A --tag B, and --labels A B up to the next option")
    func repeatedOptions() throws {
        let p = try Fixture.parsed([
            "agreement", "--labels", "A", "B", "--tag", "x", "--labels", "C", "--tag", "y", "--id", "id", "--", "f.csv",
        ])
        #expect(try p[Fixture.labels] == ["A", "B", "C"])
        #expect(try p[Fixture.tag] == ["x", "y"])
        #expect(p[Fixture.file] == "f.csv")
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
        #expect(p[Fixture.json] && p[Fixture.verbose] && p[Fixture.quiet])
        #expect(p[Fixture.file] == "-odd-name.csv")
        #expect(p[Fixture.more] == ["g.csv"])
        let bare = try Fixture.parsed(["agreement", "f", "--id", "i"])
        #expect(!bare[Fixture.json] && bare[Fixture.more] == [])
        #expect(Fixture.usageMessage(["agreement", "f", "--id", "i", "--json=yes"]) == "--json is a flag and takes no value")
    }

    @Test("positional keys read as declared: required, optional (nil when left out), repeating (every remaining one)")
    func positionalKeys() throws {
        let first = PositionalKey<String>("first", help: "The first.")
        let second = PositionalKey<String?>("second", help: "The second.")
        let rest = PositionalKey<[String]>("rest", help: "The rest.", optional: true)
        let command = Command(name: "p", abstract: "P.", positionals: [first, second, rest]) { _, _ in .success }
        func parsed(_ line: [String]) throws -> ParsedArguments? {
            guard case .run(_, let parsed) = try command.parse(line) else { return nil }
            return parsed
        }
        let one = try #require(try parsed(["a"]))
        #expect(one[first] == "a" && one[second] == nil && one[rest] == [])
        let four = try #require(try parsed(["a", "b", "c", "d"]))
        #expect(four[first] == "a" && four[second] == "b" && four[rest] == ["c", "d"])
        #expect(command.positionals.map(\.synopsis) == ["<first>", "[<second>]", "[<rest> …]"])
    }

    @Test("a negative number is a value; an option where a value belongs is reported")
    func negativeValues() throws {
        let p = try Fixture.parsed(["agreement", "f", "--id", "i", "--seed", "-3"])
        #expect(try p[Fixture.seed] == -3)
        #expect(Fixture.usageMessage(["agreement", "f", "--id", "i", "--seed", "--json"]) == "missing value for --seed <n>")
    }

    @Test("typed values: a value that does not convert names the option and the expectation")
    func typedValues() throws {
        let p = try Fixture.parsed(["agreement", "f", "--id", "i", "--seed", "x1", "--threshold", "high", "--categories", "1,x"])
        #expect(throws: UsageError("--seed: 'x1' is not an integer", commandPath: ["tool", "agreement"])) {
            try p[Fixture.seed]
        }
        #expect(throws: UsageError("--threshold: 'high' is not a number", commandPath: ["tool", "agreement"])) {
            try p[Fixture.threshold]
        }
        #expect(throws: UsageError("--categories: 'x' is not an integer", commandPath: ["tool", "agreement"])) {
            try p[Fixture.categories]
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
        #expect(p[Fixture.rubric] == "r.md")
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
        #expect(p[Fixture.file] == "--help")
    }
}
