import CalibrationData
import DataFormats
import EvaluationCore
import Foundation
import Judging
import Testing
import _TestSupport

private let bookRun = "notebooks-data/book-tags.run.jsonl"
private let bookRubric = "rubrics/book-tags.md"

/// A path in a fresh temporary folder that does not exist yet.
private func outputPath(_ name: String) throws -> String {
    try SharedData.temporaryFolder("judgecal-out").appendingPathComponent(name).path
}

private func lines(ofFile path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

@Suite("judgecal import")
struct ImportCommandTests {
    @Test("JUDGE-BENCH Newsroom: 420 rows, detected by its keys, a header line and one line per row")
    func judgeBench() throws {
        let out = try outputPath("newsroom.run.jsonl")
        let r = try JudgeCalProcess.run(["import", "../shared/data/judge-bench/newsroom__newsroom.json", "--output", out, "--json"])
        #expect(r.status == 0, "\(r.error)")
        let summary = try JSONDecoder().decode(JSONValue.self, from: Data(r.output.utf8))
        #expect(summary["rows"] == .number(420))
        #expect(summary["format"] == .string("judge-bench"))
        let written = try lines(ofFile: out).filter { !$0.isEmpty }
        #expect(written.count == 421)
        #expect(written[1].contains("\"id\":\"newsroom-"))
    }

    @Test("An Xcode-shaped export: rows from Input's embedded JSON and Response.value")
    func xcode() throws {
        let export = try JudgeCalProcess.file(
            "book.xcevalresult.json",
            #"{"results": [{"Input": "{\"input\": {\"prompt\": \"A heist in Venice.\"}}", "Response": {"value": "heist, venice"}}, {"Input": "{\"input\": {\"prompt\": \"Bees.\"}}", "Response": {"value": "bees"}}]}"#
        )
        let out = try outputPath("xcode.run.jsonl")
        let r = try JudgeCalProcess.run(["import", export, "-o", out, "--name", "books"])
        #expect(r.status == 0, "\(r.error)")
        #expect(r.output.hasPrefix("imported 2 rows (xcode) from"))
        let written = try lines(ofFile: out)
        #expect(written[0].contains("\"name\":\"books\""))
        #expect(written[1].contains("\"input\":{\"prompt\":\"A heist in Venice.\"}"))
        #expect(written[1].contains("\"response\":\"heist, venice\""))
    }

    @Test("A CSV export with a column mapping: ids, two input columns, JSON cells parsed, other columns kept as metadata")
    func csv() throws {
        let export = try JudgeCalProcess.file(
            "export.csv",
            "key,review,title,tags,genre\nb1,Dark and witty.,Noir,\"[\"\"noir\"\",\"\"wit\"\"]\",crime\nb2,Bees.,Hive,bees,nature\n")
        let out = try outputPath("csv.run.jsonl")
        let r = try JudgeCalProcess.run([
            "import", export, "--id", "key", "--input", "review,title", "--response", "tags", "-o", out, "--json",
        ])
        #expect(r.status == 0, "\(r.error)")
        #expect(r.output.contains("\"format\":\"csv\""))
        let row = try JSONDecoder().decode(JSONValue.self, from: Data(try lines(ofFile: out)[1].utf8))
        #expect(row["id"] == .string("b1"))
        #expect(row["input"] == .object(["review": .string("Dark and witty."), "title": .string("Noir")]))
        #expect(row["response"] == .array([.string("noir"), .string("wit")]))
        #expect(row["metadata"]?["genre"] == .string("crime"))
    }

    @Test("A CSV without the mapped column: exit 65 naming file, line and column, and no output file")
    func csvMissingColumn() throws {
        let export = try JudgeCalProcess.file("bad.csv", "key,review\nb1,Dark.\n")
        let out = try outputPath("bad.run.jsonl")
        let r = try JudgeCalProcess.run(["import", export, "--id", "key", "--input", "review", "-o", out])
        #expect(r.status == 65)
        #expect(r.error.hasPrefix("error: \(export) line 2, column response: field `response` is missing"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("A mapping for a fixed format is a usage error; a missing export exits 66")
    func usage() throws {
        let out = try outputPath("x.run.jsonl")
        let mapped = try JudgeCalProcess.run(["import", "../shared/data/judge-bench/newsroom__newsroom.json", "--id", "x", "-o", out])
        #expect(mapped.status == 64)
        #expect(mapped.error.hasPrefix("error: --id maps fields of JSON Lines or CSV records"))
        let missing = try JudgeCalProcess.run(["import", "no/such.json", "-o", out])
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("An output that is a folder, or in a missing folder, is exit 73 with a sentence naming it, not a system error dump")
    func outputUnwritable() throws {
        let export = try JudgeCalProcess.file("one.jsonl", #"{"input": 1, "response": 2}"#)
        let folder = URL(fileURLWithPath: try outputPath("x")).deletingLastPathComponent().path
        let intoFolder = try JudgeCalProcess.run(["import", export, "-o", folder])
        #expect(intoFolder.status == 73)
        #expect(intoFolder.error == "error: cannot write the run file '\(folder)': it is a folder\n")
        let missing = folder + "/no/such/x.run.jsonl"
        let intoMissing = try JudgeCalProcess.run(["import", export, "-o", missing])
        #expect(intoMissing.status == 73)
        #expect(intoMissing.error == "error: cannot write the run file '\(missing)': the folder \(folder)/no/such does not exist\n")
    }
}

@Suite("judgecal extract")
struct ExtractCommandTests {
    @Test("book-tags: header id,relevance,usefulness,rater,note then the input and response fields; 42 rows")
    func header() throws {
        let out = try outputPath("book.labels.csv")
        let r = try JudgeCalProcess.run(["extract", bookRun, "--rubric", bookRubric, "--output", out])
        #expect(r.status == 0, "\(r.error)")
        let written = try lines(ofFile: out)
        #expect(
            written[0]
                == "id,relevance,usefulness,rater,note,author,review,title,tags,inclusion_probability,sampling_strategy,sampling_batch,sampling_stratum,sampling_check"
        )
        #expect(written[1].hasPrefix("book-001,,,,,Ines Varga-Holm,"))
        #expect(r.output == "wrote 42 rows for 2 dimensions to \(out)\n")
    }

    @Test("--sample and --seed reproduce the same file byte for byte; --overlap adds expert-b rows")
    func sampleAndOverlap() throws {
        let first = try outputPath("a.labels.csv")
        let second = try outputPath("b.labels.csv")
        let arguments = ["extract", bookRun, "--rubric", bookRubric, "--sample", "9", "--seed", "42", "--overlap", "3"]
        #expect(try JudgeCalProcess.run(arguments + ["-o", first]).status == 0)
        #expect(try JudgeCalProcess.run(arguments + ["-o", second]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))
        let rows = try lines(ofFile: first).dropFirst().filter { $0.hasPrefix("book-") }
        #expect(rows.count == 12)
        #expect(rows.filter { $0.contains(",expert-b,") }.count == 3)
        let stratified = try outputPath("s.labels.csv")
        let s = try JudgeCalProcess.run(arguments + ["--stratify-by", "metadata.genre", "--context", "input.title", "-o", stratified])
        #expect(s.status == 0, "\(s.error)")
        #expect(
            try lines(ofFile: stratified)[0]
                == "id,relevance,usefulness,rater,note,title,inclusion_probability,sampling_strategy,sampling_batch,sampling_stratum,sampling_check"
        )
    }

    @Test("--next draws after the --labels sheets; too large a batch is exit 65 and writes nothing; --raters writes a sheet per rater")
    func nextAndRaters() throws {
        let first = try outputPath("n1.labels.csv")
        #expect(try JudgeCalProcess.run(["extract", bookRun, "--rubric", bookRubric, "--sample", "30", "-o", first]).status == 0)
        let second = try outputPath("n2.labels.csv")
        let next = ["extract", bookRun, "--rubric", bookRubric, "--labels", first, "-o", second, "--next"]
        let tooMany = try JudgeCalProcess.run(next + ["13"])
        #expect(tooMany.status == 65)
        #expect(
            tooMany.error
                == "error: \(bookRun): --next 13 asks for more rows than the 12 that the earlier sheets left unlabelled; nothing was written\n"
        )
        #expect(!FileManager.default.fileExists(atPath: second))
        let r = try JudgeCalProcess.run(next + ["12"])
        #expect(r.status == 0, "\(r.error)")
        let rows = { (path: String) in try lines(ofFile: path).filter { $0.hasPrefix("book-") } }
        let ids = { (path: String) in Set(try rows(path).compactMap { $0.split(separator: ",").first.map(String.init) }) }
        #expect(try ids(first).count == 30 && ids(second).count == 12 && ids(first).isDisjoint(with: ids(second)))
        #expect(try rows(second).allSatisfy { $0.contains(",1,uniform,2,") }, "every row of the run is now drawn: π = 1")
        let usage = try JudgeCalProcess.run(["extract", bookRun, "--rubric", bookRubric, "--labels", first, "-o", second, "--sample", "2"])
        #expect(usage.status == 64)
        let unwritten = try outputPath("t.labels.csv")
        let threshold = try JudgeCalProcess.run(
            ["extract", bookRun, "--rubric", bookRubric, "--sample", "5", "--threshold", "2", "-o", unwritten])
        #expect(threshold.status == 64 && threshold.error.contains("--threshold 2.0 is outside quadratic kappa's range, −1 to 1"))
        #expect(!FileManager.default.fileExists(atPath: unwritten), "nothing written")
        let stem = try outputPath("r.labels.csv")
        let raters = try JudgeCalProcess.run(
            ["extract", bookRun, "--rubric", bookRubric, "--sample", "5", "--overlap", "2", "--raters", "alice,bob", "-o", stem])
        #expect(raters.status == 0, "\(raters.error)")
        let bob = stem.replacingOccurrences(of: "r.labels.csv", with: "r.bob.labels.csv")
        let bobRows = try lines(ofFile: bob).filter { $0.hasPrefix("book-") }
        #expect(bobRows.count == 2 && bobRows.allSatisfy { $0.contains(",bob,") })
    }

    @Test("A sample larger than the run: exit 65, the reason, and no file left behind")
    func tooLarge() throws {
        let out = try outputPath("big.labels.csv")
        let r = try JudgeCalProcess.run(["extract", bookRun, "--rubric", bookRubric, "--sample", "100", "-o", out])
        #expect(r.status == 65)
        #expect(r.error == "error: \(bookRun): --sample 100 asks for more rows than the run has (42)\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("A label page that cannot be written: exit 73 with a sentence naming it, and no sheet left without its page")
    func pageUnwritable() throws {
        let out = try outputPath("paged.labels.csv")
        let page = try SharedData.unwritableFolder() + "/paged.labels.html"
        let r = try JudgeCalProcess.run(["extract", bookRun, "--rubric", bookRubric, "-o", out, "--html", page])
        #expect(r.status == 73)
        // Refused by the check before any work (a read-only folder) or, for root, when the page is staged after the sheet.
        #expect(r.error.hasPrefix("error: cannot write the label page '\(page)': Permission denied"), "\(r.error)")
        #expect(geteuid() != 0 || r.error.hasSuffix(", so the label sheet '\(out)' was not written either\n"), "\(r.error)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: out).deletingLastPathComponent().path) == [])
    }

    @Test("A malformed run names its line; a missing rubric exits 66")
    func badInputs() throws {
        let run = try JudgeCalProcess.file(
            "bad.run.jsonl",
            "{\"run\": {\"name\": \"x\", \"info\": {}}}\n{\"id\": \"a\", \"input\": 1, \"response\": 2}\n{\"id\": \"b\", \"input\": \n")
        let out = try outputPath("never.labels.csv")
        let r = try JudgeCalProcess.run(["extract", run, "--rubric", bookRubric, "-o", out])
        #expect(r.status == 65)
        #expect(r.error.hasPrefix("error: \(run) line 3"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let missing = try JudgeCalProcess.run(["extract", bookRun, "--rubric", "rubrics/none.md", "-o", out])
        #expect(missing.status == 66)
        #expect(missing.error == "error: cannot read the rubric 'rubrics/none.md': there is no such file\n")
    }
}

/// A rubric whose dimensions are `first` and `second` (two levels each): `Quality` is on line 13, the second on line 20.
private func twoDimensionRubric(_ first: String, _ second: String) -> String {
    """
    ---
    name: twins
    ---

    # Instructions

    Judge the tags.

    # Target

    {{response.tags | join: ", "}}

    # Dimension: \(first)

    Is it good?

    - 1: bad
    - 2: good

    # Dimension: \(second)

    Is it good too?

    - 1: bad
    - 2: good

    """
}

@Suite("judgecal extract: refuses what the importer would not read back")
struct ExtractRefusalTests {
    @Test(
        "Usage errors: exit 64, a sentence, and no file",
        arguments: [
            (["--context", "id"], "error: --context id would head a column named like the sheet's own id column"),
            (["--context", "Relevance"], "error: --context Relevance would head a column named like the dimension column relevance"),
            (["--context", "input.title,input.title"], "error: --context names input.title twice; give each context path once"),
            (["--sample", "0"], "error: --sample 0 draws no rows, and the importer refuses a sheet without rows"),
        ])
    func usage(_ extra: [String], _ message: String) throws {
        let out = try outputPath("refused.labels.csv")
        let r = try JudgeCalProcess.run(["extract", bookRun, "--rubric", bookRubric, "-o", out] + extra)
        #expect(r.status == 64, "\(r.error)")
        #expect(r.error.hasPrefix(message), "\(r.error)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("Data errors: a dimension named like a column of the sheet, or two differing only in case; exit 65 naming the rubric")
    func rubricDimensions() throws {
        let out = try outputPath("refused.labels.csv")
        let note = try JudgeCalProcess.file("note.md", twoDimensionRubric("Quality", "Note"))
        let r = try JudgeCalProcess.run(["extract", bookRun, "--rubric", note, "-o", out])
        #expect(r.status == 65)
        #expect(
            r.error
                == "error: \(note): the dimension Note would be read from the sheet's own note column; rename the dimension (a sheet's id, rater, note and inclusion_probability, sampling_strategy, sampling_batch, sampling_stratum, sampling_check columns are reserved)\n"
        )
        let twins = try JudgeCalProcess.file("twins.md", twoDimensionRubric("Quality", "quality"))
        let t = try JudgeCalProcess.run(["extract", bookRun, "--rubric", twins, "-o", out])
        #expect(t.status == 65)
        #expect(t.error == "error: \(twins) line 20: dimension quality is defined twice (first at line 13); rename one\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("Data error: a row id with spaces around it; exit 65 naming the run and the id")
    func spacedID() throws {
        let run = try JudgeCalProcess.file(
            "spaced.run.jsonl",
            """
            {"run": {"name": "spaced", "info": {}}}
            {"id": "a", "input": {"title": "A"}, "response": {"tags": ["x"]}}
            {"id": "b ", "input": {"title": "B"}, "response": {"tags": ["y"]}}

            """)
        let out = try outputPath("spaced.labels.csv")
        let r = try JudgeCalProcess.run(["extract", run, "--rubric", bookRubric, "-o", out])
        #expect(r.status == 65)
        #expect(
            r.error
                == "error: \(run): the row id 'b ' starts or ends with white space or an invisible character, which the label importer trims, so labels for it would not match the row; import the run again with ids that have none\n"
        )
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("What extract accepts, the importer reads back: a sample with overlap and chosen context, as two raters")
    func roundTrip() throws {
        let out = try outputPath("round.labels.csv")
        let r = try JudgeCalProcess.run([
            "extract", bookRun, "--rubric", bookRubric, "--sample", "4", "--overlap", "2", "--context", "input.title,response.tags",
            "-o", out,
        ])
        #expect(r.status == 0, "\(r.error)")
        let labels = try ExpertLabels.load(
            from: [URL(fileURLWithPath: out)], dimensions: try Rubric.load(from: SharedData.projectURL(bookRubric)).dimensions,
            runIDs: Set(try FrozenRun.load(from: SharedData.projectURL(bookRun)).rows.map(\.id)))
        #expect(labels.labels.count == 6)
        #expect(labels.raters == ["expert-a", "expert-b"])
    }
}

@Suite("Dimensions equal without regard to case: refused with file and line by every command that reads the rubric")
struct DuplicateDimensionCommandTests {
    @Test(
        "align, compare, judge, extract and rubric render exit 65; rubric lint reports the error and exits 1",
        arguments: [
            ["align", bookRun, "--rubric", "RUBRIC", "--labels", "calibration/book-tags.labels.csv"],
            ["compare", bookRun, "--control", bookRubric, "--experimental", "RUBRIC", "--labels", "calibration/book-tags.labels.csv"],
            ["judge", bookRun, "--rubric", "RUBRIC"],
            ["extract", bookRun, "--rubric", "RUBRIC", "-o", "OUT"],
            ["rubric", "render", "--rubric", "RUBRIC", "--run", bookRun, "--row", "book-001"],
        ])
    func refused(_ arguments: [String]) throws {
        let rubric = try JudgeCalProcess.file("twins.md", twoDimensionRubric("Relevance", "relevance"))
        let out = try outputPath("never.labels.csv")
        let r = try JudgeCalProcess.run(arguments.map { $0 == "RUBRIC" ? rubric : $0 == "OUT" ? out : $0 })
        #expect(r.status == 65, "\(r.error)")
        #expect(r.error == "error: \(rubric) line 20: dimension relevance is defined twice (first at line 13); rename one\n")
    }

    @Test("rubric lint: the same finding, with its line, exit 1")
    func lint() throws {
        let rubric = try JudgeCalProcess.file("twins.md", twoDimensionRubric("Relevance", "relevance"))
        let r = try JudgeCalProcess.run(["rubric", "lint", rubric])
        #expect(r.status == 1)
        #expect(r.output.hasPrefix("\(rubric):20: error: dimension relevance is defined twice (first at line 13); rename one"))
    }

    @Test("align: a label sheet with two columns for one dimension is refused with its file and line, not read one of the two")
    func sheetWithTwoColumns() throws {
        let sheet = try JudgeCalProcess.file("two.labels.csv", "id,relevance,usefulness,Relevance\nbook-001,4,4,1\n")
        let r = try JudgeCalProcess.run(["align", bookRun, "--rubric", bookRubric, "--labels", sheet])
        #expect(r.status == 65, "\(r.error)")
        #expect(
            r.error.hasPrefix(
                "error: \(sheet) line 1, column Relevance: the columns relevance (column 2) and Relevance (column 4) both match the dimension Relevance"
            ), "\(r.error)")
    }
}

@Suite("judgecal rubric lint and render")
struct RubricCommandTests {
    @Test("lint summeval.md: the four odd-levels warnings with their lines, exit 0; --strict exits 1")
    func lint() throws {
        let r = try JudgeCalProcess.run(["rubric", "lint", "rubrics/summeval.md"])
        #expect(r.status == 0)
        let warnings = r.output.split(separator: "\n")
        #expect(warnings.count == 4)
        #expect(warnings.first?.hasPrefix("rubrics/summeval.md:19: warning: dimension Coherence has 5 levels") == true)
        let strict = try JudgeCalProcess.run(["rubric", "lint", "rubrics/summeval.md", "--strict"])
        #expect(strict.status == 1)
        let json = try JudgeCalProcess.run(["rubric", "lint", "rubrics/summeval.md", "--json"])
        let findings = try JSONDecoder().decode(JSONValue.self, from: Data(json.output.utf8)).array ?? []
        #expect(findings.map { $0["code"] } == Array(repeating: .string("odd-levels"), count: 4))
        #expect(findings.first?["line"] == .number(19))
    }

    @Test("lint: a clean rubric says so, checked against the run's row ids, and exits 0")
    func lintClean() throws {
        let r = try JudgeCalProcess.run(["rubric", "lint", "rubrics/book-tags-v2.md", "--run", bookRun])
        #expect(r.status == 0, "\(r.error)")
        #expect(r.output == "rubrics/book-tags-v2.md: no problems found\n")
    }

    @Test("lint: a rubric that does not parse is an error finding and exits 1")
    func lintError() throws {
        let path = try JudgeCalProcess.file("broken.md", "---\nname: x\n---\n# Instructions\nJudge.\n")
        let r = try JudgeCalProcess.run(["rubric", "lint", path])
        #expect(r.status == 1)
        #expect(r.output.contains(": error: "))
    }

    @Test("render book-001: the system message, then the user message with the row's review and tags")
    func render() throws {
        let r = try JudgeCalProcess.run(["rubric", "render", "--rubric", bookRubric, "--run", bookRun, "--row", "book-001"])
        #expect(r.status == 0, "\(r.error)")
        #expect(r.output.hasPrefix("--- system ---\nYou are an evaluator."))
        #expect(r.output.contains("\n--- user ---\n# Instructions\n"))
        #expect(r.output.contains("Odile maps the shifting islands of the Brine Reach"))
        #expect(r.output.contains("## Relevance"))
        let json = try JudgeCalProcess.run(["rubric", "render", "--rubric", bookRubric, "--run", bookRun, "--row", "book-001", "--json"])
        let messages = try JSONDecoder().decode(JSONValue.self, from: Data(json.output.utf8)).array ?? []
        #expect(messages.map { $0["role"] } == [.string("system"), .string("user")])
    }

    @Test("render an unknown row: exit 65 naming the run")
    func unknownRow() throws {
        let r = try JudgeCalProcess.run(["rubric", "render", "--rubric", bookRubric, "--run", bookRun, "--row", "book-999"])
        #expect(r.status == 65)
        #expect(r.error.hasPrefix("error: \(bookRun): there is no row book-999"))
    }
}
