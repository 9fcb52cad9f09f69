import CommandLineParsing
import Testing

@Suite("Option values: those beginning with '-', declared ranges, declared defaults")
struct OptionValueTests {
    static let base = ["agreement", "f.csv", "--id", "id"]

    @Test("the token after an option is its value even when it begins with '-'")
    func dashValues() throws {
        let p = try Fixture.parsed(Self.base + ["--threshold", "-0.1", "--categories", "-2,-1,0,1,2", "--seed", "-x"])
        #expect(try p.valueOrDefault("threshold", as: Double.self) == -0.1)
        #expect(try p.values("categories", as: Int.self) == [-2, -1, 0, 1, 2])
        #expect(p.value("seed") == "-x")
        let labels = try Fixture.parsed(Self.base + ["--labels", "-1", "-2", "--tag", "t"])
        #expect(labels.values("labels") == ["-1", "-2"])
        #expect(labels.values("tag") == ["t"])
    }

    @Test("…unless it is an option: '--…', '--', a declared short name or -h; '=' gives such a value")
    func optionsAreNotValues() throws {
        #expect(Fixture.usageMessage(Self.base + ["--seed", "--json"]) == "missing value for --seed <n>")
        #expect(Fixture.usageMessage(Self.base + ["--seed", "--bogus"]) == "missing value for --seed <n>")
        #expect(Fixture.usageMessage(Self.base + ["--seed", "-v"]) == "missing value for --seed <n>")
        #expect(Fixture.usageMessage(Self.base + ["--seed", "-o", "out"]) == "missing value for --seed <n>")
        #expect(Fixture.usageMessage(Self.base + ["--seed", "--"]) == "missing value for --seed <n>")
        #expect(try Fixture.parsed(Self.base + ["--seed=--json"]).value("seed") == "--json")
        let p = try Fixture.parsed(Self.base + ["--labels", "a", "-o", "out"])
        #expect(p.values("labels") == ["a"] && p.value("output") == "out")
    }

    @Test("a value outside an integer option's range is a usage error naming the range")
    func ranges() throws {
        #expect(Fixture.usageMessage(Self.base + ["--worst", "-1"]) == "--worst takes an integer at least 0, not '-1'")
        #expect(Fixture.usageMessage(Self.base + ["--worst", "two"]) == "--worst takes an integer at least 0, not 'two'")
        #expect(Fixture.usageMessage(Self.base + ["--top", "4"]) == "--top takes an integer from 1 to 3, not '4'")
        #expect(Fixture.usageMessage(Self.base + ["--top=0"]) == "--top takes an integer from 1 to 3, not '0'")
        #expect(try Fixture.parsed(Self.base + ["--worst", "0"]).valueOrDefault("worst", as: Int.self) == 0)
        #expect(try Fixture.parsed(Self.base + ["--top", "3"]).value("top", as: Int.self) == 3)
    }

    @Test("the declared default is what a typed read returns when the option is absent, and the help shows it")
    func defaults() throws {
        let p = try Fixture.parsed(Self.base)
        #expect(try p.valueOrDefault("worst", as: Int.self) == 5)
        #expect(try p.valueOrDefault("threshold", as: Double.self) == 0.6)
        #expect(p.valueOrDefault("id") == "id")
        #expect(!p.isGiven("worst"))
        let help = Command.helpText(path: [Fixture.root, Fixture.agreement])
        #expect(help.contains("--worst <n>               How many. (at least 0) (default: 5)"), "\(help)")
        #expect(help.contains("--top <n>                 The top. (from 1 to 3)"), "\(help)")
    }

    @Test("a range is declared with any of Swift's integer range forms")
    func rangeForms() {
        #expect(Option("a", help: "", range: 0...).rangeDescription == "at least 0")
        #expect(Option("a", help: "", range: 1...64).rangeDescription == "from 1 to 64")
        #expect(Option("a", help: "", range: 0..<5).rangeDescription == "from 0 to 4")
        #expect(Option("a", help: "", range: ...10).rangeDescription == "at most 10")
        #expect(Option("a", help: "").rangeDescription == nil)
    }
}
