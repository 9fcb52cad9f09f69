import CommandLineParsing
import Testing

@Suite("Option values: those beginning with '-', declared ranges, declared defaults")
struct OptionValueTests {
    static let base = ["agreement", "f.csv", "--id", "id"]

    @Test("the token after an option is its value even when it begins with '-'")
    func dashValues() throws {
        let p = try Fixture.parsed(Self.base + ["--threshold", "-0.1", "--categories", "-2,-1,0,1,2", "--output", "-x"])
        #expect(try p[Fixture.threshold] == -0.1)
        #expect(try p[Fixture.categories] == [-2, -1, 0, 1, 2])
        #expect(try p[Fixture.output] == "-x")
        let labels = try Fixture.parsed(Self.base + ["--labels", "-1", "-2", "--tag", "t"])
        #expect(try labels[Fixture.labels] == ["-1", "-2"])
        #expect(try labels[Fixture.tag] == ["t"])
    }

    @Test("…unless it is an option: '--…', '--', a declared short name or -h; '=' gives such a value")
    func optionsAreNotValues() throws {
        #expect(Fixture.usageMessage(Self.base + ["--seed", "--json"]) == "missing value for --seed <n>")
        #expect(Fixture.usageMessage(Self.base + ["--seed", "--bogus"]) == "missing value for --seed <n>")
        #expect(Fixture.usageMessage(Self.base + ["--seed", "-v"]) == "missing value for --seed <n>")
        #expect(Fixture.usageMessage(Self.base + ["--seed", "-o", "out"]) == "missing value for --seed <n>")
        #expect(Fixture.usageMessage(Self.base + ["--seed", "--"]) == "missing value for --seed <n>")
        #expect(try Fixture.parsed(Self.base + ["--output=--json"])[Fixture.output] == "--json")
        let p = try Fixture.parsed(Self.base + ["--labels", "a", "-o", "out"])
        #expect(try p[Fixture.labels] == ["a"] && p[Fixture.output] == "out")
    }

    @Test("a value outside an integer option's range is a usage error naming the range")
    func ranges() throws {
        #expect(Fixture.usageMessage(Self.base + ["--worst", "-1"]) == "--worst takes an integer at least 0, not '-1'")
        #expect(Fixture.usageMessage(Self.base + ["--worst", "two"]) == "--worst takes an integer at least 0, not 'two'")
        #expect(Fixture.usageMessage(Self.base + ["--top", "4"]) == "--top takes an integer from 1 to 3, not '4'")
        #expect(Fixture.usageMessage(Self.base + ["--top=0"]) == "--top takes an integer from 1 to 3, not '0'")
        #expect(try Fixture.parsed(Self.base + ["--worst", "0"])[Fixture.worst] == 0)
        #expect(try Fixture.parsed(Self.base + ["--top", "3"])[Fixture.top] == 3)
    }

    @Test("the declared default is what a key reads when the option is absent, and the help shows it")
    func defaults() throws {
        let p = try Fixture.parsed(Self.base)
        #expect(try p[Fixture.worst] == 5)
        #expect(try p[Fixture.threshold] == 0.6)
        #expect(try p[Fixture.weights] == .unweighted)
        #expect(try p[Fixture.top] == nil)
        #expect(try p[Fixture.id] == "id", "a required option reads as what was given")
        #expect(!p.isGiven(Fixture.worst))
        let given = try Fixture.parsed(Self.base + ["--worst", "7", "--threshold", "0.75", "-w", "quadratic"])
        #expect(try given[Fixture.worst] == 7 && given[Fixture.threshold] == 0.75 && given[Fixture.weights] == .quadratic)
        #expect(given.isGiven(Fixture.worst))
        let help = Command.helpText(path: [Fixture.root, Fixture.agreement])
        #expect(help.contains("--worst <n>               How many. (at least 0) (default: 5)"), "\(help)")
        #expect(help.contains("--top <n>                 The top. (from 1 to 3)"), "\(help)")
        #expect(help.contains("--threshold <x>           The threshold. (default: 0.6)"), "\(help)")
        #expect(help.contains("The weights. (none, linear, quadratic) (default:\n                            none)"), "\(help)")
    }

    @Test("a range is declared with any of Swift's integer range forms")
    func rangeForms() {
        let range = { (range: (any RangeExpression<Int> & Sendable)?) in
            OptionKey<Int?>("a", help: "", range: range).option.rangeDescription
        }
        #expect(range(0...) == "at least 0")
        #expect(range(1...64) == "from 1 to 64")
        #expect(range(0..<5) == "from 0 to 4")
        #expect(range(...10) == "at most 10")
        #expect(range(nil) == nil)
    }
}
