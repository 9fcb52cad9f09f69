import DataFormats
import EvaluationCore
import Foundation
import Testing
import _TestSupport

private let newsroom = "notebooks-data/newsroom-ratings.csv"

/// Decodes `judgecal --json` output.
private func json(_ text: String) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
}

@Suite("judgecal as a process: streams, exit codes, output")
struct JudgeCalToolTests {
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
        #expect(root.output.contains("64 usage"))
    }

    @Test("a misspelt option: the suggestion and the usage line on stderr, nothing on stdout, exit 64")
    func misspelt() throws {
        let r = try JudgeCalProcess.run(["agreement", newsroom, "--raters", "a,b", "--wieghts", "linear"])
        #expect(r.status == 64)
        #expect(r.output == "")
        #expect(r.error.hasPrefix("error: unknown option --wieghts; did you mean --weights?\nusage: judgecal agreement <file>"))
    }

    @Test("an interval a statistic does not have is a usage error naming the statistics that have it")
    func intervalNotApplicable() throws {
        let r = try JudgeCalProcess.run([
            "agreement", newsroom, "--raters", "informativeness_1,informativeness_2", "--statistic", "spearman", "--ci", "analytic",
        ])
        #expect(r.status == 64)
        #expect(
            r.error.hasPrefix(
                "error: --ci analytic does not apply to spearman; it applies to cohen-kappa, gwet-ac1, gwet-ac2, fleiss-kappa, pearson, icc\n"
            ))
    }

    @Test("options that do not apply, and a category statistic without the scale, are usage errors")
    func inapplicable() throws {
        let weights = try JudgeCalProcess.run([
            "agreement", newsroom, "-r", "informativeness_1,informativeness_2", "-s", "percent", "-c", "1,2,3,4,5", "--weights", "linear",
        ])
        #expect(weights.status == 64)
        #expect(weights.error.hasPrefix("error: --weights does not apply to percent; it applies to cohen-kappa, gwet-ac2, fleiss-kappa\n"))
        let form = try JudgeCalProcess.run([
            "agreement", newsroom, "-r", "informativeness_1,informativeness_2", "-s", "pearson", "--icc-form", "C,1",
        ])
        #expect(form.error.hasPrefix("error: --icc-form does not apply to pearson; it applies to icc\n"))
        let noScale = try JudgeCalProcess.run(["agreement", newsroom, "-r", "informativeness_1,informativeness_2", "-s", "percent"])
        #expect(noScale.status == 64)
        #expect(noScale.error.hasPrefix("error: percent needs the declared scale: add --categories"))
    }

    @Test("a value that does not parse: exit 65 and an error naming file, line and column")
    func badValue() throws {
        let path = try JudgeCalProcess.file("bad.csv", "id,a,b\nx,1,2\ny,\"two\nlines\",2\nz,abc,3\n")
        let r = try JudgeCalProcess.run(["agreement", path, "-r", "a,b", "-s", "bias"])
        #expect(r.status == 65)
        #expect(r.output == "")
        #expect(r.error == "error: \(path) line 3, column a: 'two\nlines' is not a number\n")
    }

    @Test("a malformed CSV and a missing file: exit 65 and 66")
    func malformedAndMissing() throws {
        let path = try JudgeCalProcess.file("open.csv", "id,a,b\nx,1,2\ny,\"3,2\n")
        let open = try JudgeCalProcess.run(["agreement", path, "-r", "a,b", "-s", "bias"])
        #expect(open.status == 65)
        #expect(open.error.hasPrefix("error: \(path) line 3, column 3: an unterminated quoted field starting at line 3, column 3"))
        let ragged = try JudgeCalProcess.run(["agreement", try JudgeCalProcess.file("r.csv", "a,b\n1,2\n3\n"), "-r", "a,b", "-s", "bias"])
        #expect(ragged.status == 65)
        #expect(ragged.error.hasSuffix("line 3: this row has 1 field, but the header has 2 columns\n"))
        let missing = try JudgeCalProcess.run(["agreement", "no/such/file.csv", "-r", "a,b", "-s", "bias"])
        #expect(missing.status == 66)
        #expect(missing.error.hasPrefix("error: cannot read the ratings file 'no/such/file.csv': there is no such file"))
    }

    @Test("a duplicate id names both lines")
    func duplicateID() throws {
        let path = try JudgeCalProcess.file("dup.csv", "id,a,b\nx,1,2\ny,2,2\nx,3,3\n")
        let r = try JudgeCalProcess.run(["agreement", path, "-r", "a,b", "-s", "bias", "--id", "id"])
        #expect(r.status == 65)
        #expect(r.error == "error: \(path) line 4, column id: the id 'x' was already used on line 2; ids must be unique\n")
    }
}

@Suite("judgecal agreement on real data (Newsroom, JUDGE-BENCH)")
struct AgreementOnNewsroomTests {
    @Test("percent agreement between two annotators, as JSON: 133 of 420 summaries rated alike (counted with Python's csv module)")
    func percentJSON() throws {
        let r = try JudgeCalProcess.run([
            "agreement", newsroom, "--raters", "informativeness_1,informativeness_2", "--statistic", "percent", "--categories", "1,2,3,4,5",
            "--json",
        ])
        #expect(r.status == 0)
        #expect(r.error == "")
        let report = try json(r.output)
        #expect(report["statistic"] == .string("percent"))
        #expect(report["items"] == .number(420))
        #expect(report["parameters"]?["categories"] == .array(["1", "2", "3", "4", "5"].map(JSONValue.string)))
        guard case .object(let result)? = report["results"]?.array?.first else {
            Issue.record("no result in \(r.output)")
            return
        }
        #expect(
            Set(result.keys) == [
                "group", "raters", "measure", "value", "se", "ci", "ci-undefined", "n", "excluded", "undefined", "undefined-resamples",
                "test", "table",
                "notes",
            ])
        #expect(result["value"]?.double == 133.0 / 420.0)
        #expect(result["n"] == .number(420))
        #expect(result["se"] == .null)
        #expect(result["undefined"] == .null)
    }

    @Test("spread per rater matches Python's statistics module (mean 1388/420, sample sd 1.169409695638838)")
    func spread() throws {
        let r = try JudgeCalProcess.run(["agreement", newsroom, "-r", "informativeness_1", "-s", "spread", "--json"])
        let results = try json(r.output)["results"]?.array ?? []
        let byMeasure = Dictionary(uniqueKeysWithValues: results.compactMap { e in e["measure"]?.string.map { ($0, e["value"]?.double) } })
        #expect(byMeasure["mean"]?.map { abs($0 - 1388.0 / 420.0) < 1e-12 } == true)
        #expect(byMeasure["sd"]?.map { abs($0 - 1.169409695638838) < 1e-12 } == true)
        #expect(byMeasure["median"] == 4)
        #expect(byMeasure["min"] == 1)
        #expect(byMeasure["max"] == 5)
    }

    @Test("the human-readable table: header line, one row per pair, the pairwise and all-agree rows over all three, four decimals")
    func table() throws {
        let r = try JudgeCalProcess.run([
            "agreement", newsroom, "-r", "informativeness_1,informativeness_2,informativeness_3", "-s", "percent", "-c", "1,2,3,4,5",
        ])
        #expect(r.status == 0)
        let lines = r.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(newsroom): percent — 420 items, categories 1, 2, 3, 4, 5")
        #expect(lines.count == 7)
        #expect(lines[5].hasPrefix("informativeness_1 · informativeness_2 · informativeness_3  pairwise percent"))
        #expect(lines[6].hasPrefix("informativeness_1 · informativeness_2 · informativeness_3  all raters agree"))
        #expect(lines.contains("informativeness_1 · informativeness_2                      percent           0.3167  420         0"))
        #expect(!r.output.contains("\u{1B}["), "no escapes when stdout is not a terminal")
    }
}

@Suite("judgecal agreement inputs: tables, JSON Lines, groups")
struct AgreementInputTests {
    @Test("a contingency table: percent is the diagonal over n (24 of 30)")
    func contingencyTable() throws {
        let path = try JudgeCalProcess.file("t.csv", ",1,2,3\n1,10,2,0\n2,1,8,1\n3,0,2,6\n")
        let r = try JudgeCalProcess.run(["agreement", path, "--table", "-s", "percent", "--json"])
        let result = try json(r.output)["results"]?.array?.first
        #expect(result?["value"]?.double == 0.8)
        #expect(result?["n"] == .number(30))
        let bad = try JudgeCalProcess.run([
            "agreement", try JudgeCalProcess.file("u.csv", ",1,2\n1,3,x\n2,0,1\n"), "--table", "-s", "percent",
        ])
        #expect(bad.status == 65)
        #expect(bad.error.hasSuffix("line 2, column 2: 'x' is not a count (a non-negative integer)\n"))
    }

    @Test("JSON Lines with dotted paths; null is missing and counted as excluded")
    func jsonLines() throws {
        let path = try JudgeCalProcess.file(
            "r.jsonl",
            "{\"id\": 1, \"s\": {\"a\": 1, \"b\": 1}}\n{\"id\": 2, \"s\": {\"a\": 3, \"b\": null}}\n{\"id\": 3, \"s\": {\"a\": 2, \"b\": 3}}\n"
        )
        let r = try JudgeCalProcess.run(["agreement", path, "-r", "s.a,s.b", "-s", "percent", "-c", "1,2,3", "--id", "id", "--json"])
        let result = try json(r.output)["results"]?.array?.first
        #expect(result?["value"]?.double == 0.5)
        #expect(result?["n"] == .number(2))
        #expect(result?["excluded"] == .number(1))
        let off = try JudgeCalProcess.run(["agreement", path, "-r", "s.a,s.b", "-s", "percent", "-c", "1,2"])
        #expect(off.status == 65)
        #expect(off.error == "error: \(path) line 2, column s.a: 3 is not on the scale 1, 2\n")
    }

    @Test("--group-by: one figure per group in order of appearance; a group with no pairs is undefined with its reason")
    func groups() throws {
        let path = try JudgeCalProcess.file("g.csv", "id,a,b,g\nx,1,2,p\ny,,3,q\nz,2,2,p\n")
        let r = try JudgeCalProcess.run(["agreement", path, "-r", "a,b", "-s", "percent", "-c", "1,2,3", "-g", "g", "--json"])
        let results = try json(r.output)["results"]?.array ?? []
        #expect(results.map { $0["group"] } == [.string("p"), .string("q")])
        #expect(results.first?["value"]?.double == 0.5)
        #expect(results.last?["value"] == .null)
        #expect(results.last?["undefined"]?["code"] == .string("no-data"))
        let text = try JudgeCalProcess.run(["agreement", path, "-r", "a,b", "-s", "percent", "-c", "1,2,3", "-g", "g"])
        #expect(text.output.contains("q      a · b   percent       —  0         1  no paired ratings to compare"))
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
}
