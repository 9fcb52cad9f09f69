import DataFormats
import Foundation
import Testing
import _TestSupport

/// The check of what only `judgecal agreement` does: parse its options, turn
/// what it cannot do into usage errors, map failures to exit codes, and write
/// JSON or plain text on stdout. What it computes and reads is tested on the
/// library, in `CalibrationTests` (`AgreementReportTests`, `RatingsFileTests`).
@Suite("judgecal agreement as a process: options, usage errors, exit codes, output")
struct AgreementCommandTests {
    /// A command line the catalogue or the command refuses, and the exact first line of its error.
    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.dropFirst(2).joined(separator: " ") }
    }

    static let pair = "informativeness_1,informativeness_2"
    static let usageCases = [
        UsageCase(
            arguments: ["agreement", AgreementData.newsroom, "-r", pair, "-s", "spearman", "--ci", "analytic"],
            message: "--ci analytic does not apply to spearman; it applies to cohen-kappa, gwet-ac1, gwet-ac2, fleiss-kappa, pearson, icc"),
        UsageCase(
            arguments: ["agreement", AgreementData.newsroom, "-r", pair, "-s", "percent", "-c", "1,2,3,4,5", "--weights", "linear"],
            message: "--weights does not apply to percent; it applies to cohen-kappa, gwet-ac2, fleiss-kappa"),
        UsageCase(
            arguments: ["agreement", AgreementData.newsroom, "-r", pair, "-s", "pearson", "--icc-form", "C,1"],
            message: "--icc-form does not apply to pearson; it applies to icc"),
        UsageCase(
            arguments: ["agreement", AgreementData.newsroom, "-r", pair, "-s", "gwet-ac1"],
            message:
                "gwet-ac1 needs the declared scale: add --categories (for example 1,2,3,4); categories come from the rubric, not from the labels seen"
        ),
        UsageCase(
            arguments: ["agreement", AgreementData.newsroom, "-r", pair, "-s", "cohen-kappa", "-c", "1,2,3,4,5", "--resamples", "500"],
            message: "--resamples applies only with --ci bootstrap"),
        UsageCase(
            arguments: ["agreement", AgreementData.newsroom, "-r", pair, "-s", "pearson", "--ci", "analytic", "--seed", "3"],
            message: "--seed applies only with --ci bootstrap"),
        UsageCase(
            arguments: ["agreement", AgreementData.newsroom, "--table", "-r", pair, "-s", "cohen-kappa"],
            message: "--table reads the two raters from the table; --raters, --id and --group-by do not apply"),
    ]

    @Test("--version and --help print on stdout and exit 0")
    func versionAndHelp() throws {
        let version = try JudgeCalProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.output == "0.1.0\n")
        #expect(version.error == "")
        let help = try JudgeCalProcess.run(["agreement", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: judgecal agreement <file> [--raters <column,…>]"))
        #expect(help.output.contains("  -s, --statistic <name>    The statistic."))
        let root = try JudgeCalProcess.run(["-h"])
        #expect(root.output.contains("  agreement                 Agreement between raters"))
        #expect(root.output.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("64 usage error"))
    }

    @Test("a misspelt option: the suggestion and the usage line on stderr, nothing on stdout, exit 64")
    func misspelt() throws {
        let r = try JudgeCalProcess.run(["agreement", AgreementData.newsroom, "--raters", "a,b", "--wieghts", "linear"])
        #expect(r.status == 64)
        #expect(r.output == "")
        #expect(r.error.hasPrefix("error: unknown option --wieghts; did you mean --weights?\nusage: judgecal agreement <file>"))
    }

    @Test("options that do not apply, an interval not offered, a scale not declared: exit 64 with the exact message", arguments: usageCases)
    func usageError(_ usage: UsageCase) throws {
        let r = try JudgeCalProcess.run(usage.arguments)
        #expect(r.status == 64)
        #expect(r.output == "")
        let lines = r.error.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "error: " + usage.message)
        #expect(lines.dropFirst().first?.hasPrefix("usage: judgecal agreement <file>") == true, "\(r.error)")
    }

    @Test("a malformed ratings file or table of counts: exit 65, the error naming file, line and column on stderr")
    func malformed() throws {
        let path = try JudgeCalProcess.file("bad.csv", "id,a,b\nx,1,2\ny,\"two\nlines\",2\nz,abc,3\n")
        let r = try JudgeCalProcess.run(["agreement", path, "-r", "a,b", "-s", "bias"])
        #expect(r.status == 65)
        #expect(r.output == "")
        #expect(r.error == "error: \(path) line 3, column a: 'two\nlines' is not a number\n")
        let table = try JudgeCalProcess.file("u.csv", ",1,2\n1,3,x\n2,0,1\n")
        let bad = try JudgeCalProcess.run(["agreement", table, "--table", "-s", "percent"])
        #expect(bad.status == 65)
        #expect(bad.error == "error: \(table) line 2, column 2: 'x' is not a count (a non-negative integer)\n")
    }

    @Test("a missing file: exit 66")
    func missing() throws {
        let r = try JudgeCalProcess.run(["agreement", "no/such/file.csv", "-r", "a,b", "-s", "bias"])
        #expect(r.status == 66)
        #expect(r.output == "")
        #expect(r.error.hasPrefix("error: cannot read the ratings file 'no/such/file.csv': there is no such file"))
    }

    @Test("--json is valid JSON with every documented key, the options as given in its parameters")
    func json() throws {
        let r = try JudgeCalProcess.run([
            "agreement", AgreementData.newsroom, "-r", Self.pair, "-s", "cohen-kappa", "-c", "1,2,3,4,5", "--weights", "linear",
            "--ci", "bootstrap", "--resamples", "200", "--seed", "18446744073709551615", "--json",
        ])
        #expect(r.status == 0)
        #expect(r.error == "")
        let report = try JSONDecoder().decode(JSONValue.self, from: Data(r.output.utf8))
        guard case .object(let top) = report, case .object(let parameters)? = report["parameters"],
            case .object(let result)? = report["results"]?.array?.first
        else {
            Issue.record("not the documented shape: \(r.output)")
            return
        }
        #expect(Set(top.keys) == ["file", "statistic", "items", "parameters", "results"])
        #expect(
            Set(parameters.keys) == [
                "weights", "level", "categories", "ci", "resamples", "seed", "tolerance", "icc-form", "population",
            ])
        #expect(
            Set(result.keys) == [
                "group", "raters", "measure", "value", "se", "ci", "ci-undefined", "n", "excluded", "undefined", "undefined-resamples",
                "test", "table",
                "notes",
            ])
        #expect(report["file"] == .string(AgreementData.newsroom))
        #expect(report["statistic"] == .string("cohen-kappa"))
        #expect(parameters["categories"] == .array(AgreementData.newsroomCategories.map(JSONValue.string)))
        #expect(parameters["weights"] == .string("linear"))
        #expect(parameters["ci"] == .string("bootstrap"))
        #expect(parameters["resamples"] == .number(200))
        #expect(parameters["seed"] == .string("18446744073709551615"), "the seed is a string: it may exceed 2⁵³")
        #expect(result["raters"] == .array(["informativeness_1", "informativeness_2"].map(JSONValue.string)))
    }

    @Test("without --seed the bootstrap is seeded with align's fixed seed, 0: the same interval every run, as with --seed 0")
    func defaultSeed() throws {
        let line = [
            "agreement", AgreementData.newsroom, "-r", Self.pair, "-s", "cohen-kappa", "-c", "1,2,3,4,5", "--ci", "bootstrap",
            "--resamples", "200", "--json",
        ]
        let first = try JudgeCalProcess.run(line), second = try JudgeCalProcess.run(line)
        let seeded = try JudgeCalProcess.run(line + ["--seed", "0"]), other = try JudgeCalProcess.run(line + ["--seed", "7"])
        #expect(first.status == 0 && seeded.status == 0 && other.status == 0, "\(first.error)")
        let interval = { (r: JudgeCalProcess) in
            try JSONDecoder().decode(JSONValue.self, from: Data(r.output.utf8))["results"]?.array?.first?["ci"]
        }
        let report = try JSONDecoder().decode(JSONValue.self, from: Data(first.output.utf8))
        #expect(report["parameters"]?["seed"] == .string("0"))
        #expect(first.output == second.output)
        #expect(first.output == seeded.output)
        #expect(try interval(first) != nil)
        #expect(try interval(first) != interval(other), "another seed draws other resamples")
    }

    @Test("the text goes to stdout, nothing to stderr, and no escape codes when stdout is not a terminal")
    func text() throws {
        let r = try JudgeCalProcess.run(
            [
                "agreement", AgreementData.newsroom, "-r", AgreementData.informativeness.joined(separator: ","), "-s", "percent", "-c",
                "1,2,3,4,5",
            ],
            environment: ["TERM": "xterm-256color"])
        #expect(r.status == 0)
        #expect(r.error == "")
        #expect(r.output.hasPrefix("\(AgreementData.newsroom): percent — 420 items, categories 1, 2, 3, 4, 5\n"))
        #expect(r.output.contains("informativeness_1 · informativeness_2 · informativeness_3  all raters agree"))
        #expect(!r.output.contains("\u{1B}["), "no escapes when stdout is not a terminal, even without NO_COLOR")
    }

    @Test("spread, bias and pearson on values near 1e200: finite figures as JSON that parses, no 'all the same'")
    func hugeValues() throws {
        let file = try JudgeCalProcess.file(
            "huge.csv", "a,b\n" + (1...12).map { "\(Double($0) * 1e200),\(Double(($0 * 5) % 13) * 1e200)" }.joined(separator: "\n") + "\n")
        for statistic in ["spread", "bias", "pearson"] {
            let r = try JudgeCalProcess.run(["agreement", file, "--raters", "a,b", "-s", statistic, "--json"])
            #expect(r.status == 0, "\(statistic): \(r.error)")
            let results = try #require(try JSONValue.parse(Data(r.output.utf8))["results"]?.array)
            let defined = results.compactMap { $0["value"]?.double }
            #expect(!defined.isEmpty && defined.allSatisfy(\.isFinite), "\(statistic)")
            if statistic == "spread" {
                let sd = results.first { $0["measure"]?.string == "sd" }?["value"]?.double
                #expect((sd ?? 0) > 1e200, "the SD of 1e200…12e200 is about 3.6e200, not 0")
            }
        }
    }

    /// Issue #29: percent demanded --categories; a weighted kappa was printed as "kappa"; long ratings
    /// without a scale got the library's words instead of the option to add.
    @Test("percent needs no scale; a weighted kappa names its weights; long ratings without a scale are told to add --categories")
    func scaleAndWeightWords() throws {
        let long = try JudgeCalProcess.file("long.csv", "item,rater,score\na,r1,1\na,r2,2\nb,r1,2\nb,r2,2\nc,r1,3\nc,r2,3\nd,r1,1\nd,r2,1\n")
        let percent = try JudgeCalProcess.run(["agreement", long, "-s", "percent", "--json"])
        #expect(percent.status == 0, "\(percent.error)")
        #expect(percent.output.contains("\"value\" : 0.75"), "\(percent.output)")
        let within = try JudgeCalProcess.run(["agreement", AgreementData.newsroom, "-r", Self.pair, "-s", "percent", "--tolerance", "1"])
        let declared = try JudgeCalProcess.run(
            ["agreement", AgreementData.newsroom, "-r", Self.pair, "-s", "percent", "--tolerance", "1", "-c", "1,2,3,4,5"])
        #expect(within.status == 0, "\(within.error)")
        #expect(within.output.split(separator: "\n").dropFirst() == declared.output.split(separator: "\n").dropFirst(), "the values seen give the declared scale's figures")
        let weighted = try JudgeCalProcess.run(["agreement", long, "-s", "cohen-kappa", "--weights", "quadratic", "-c", "1,2,3"])
        #expect(weighted.output.contains("kappa (quadratic weights)  0.8000"), "\(weighted.output)")
        let plain = try JudgeCalProcess.run(["agreement", long, "-s", "cohen-kappa", "-c", "1,2,3"])
        #expect(plain.output.contains("kappa    0.6364"), "\(plain.output)")
        let unscaled = try JudgeCalProcess.run(["agreement", long, "-s", "cohen-kappa"])
        #expect(unscaled.status == 64)
        #expect(unscaled.error.hasPrefix("error: cohen-kappa needs the declared scale: add --categories"), "\(unscaled.error)")
    }
}
