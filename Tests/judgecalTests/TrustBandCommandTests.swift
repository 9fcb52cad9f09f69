import DataFormats
import Foundation
import Testing
import _TestSupport

/// `judgecal trust --band`: the abstain band of a pass/fail judge, on MAPIE's example and on the sample run.
@Suite("judgecal trust --band: the abstain band of each two-level dimension, its file, its notes and its refusals")
struct TrustBandCommandTests {
    /// MAPIE's example (``MAPIEExample``): 1,000 labelled rows `c…` and 500 unlabelled `t…`, as a run, a rubric with a 0/1
    /// dimension Hallucinated, rater a's labels and a scores file whose confidence is s on level 1 or 1 − s on level 0.
    enum MAPIEFiles {
        static func files() throws -> (arguments: [String], example: MAPIEExample) {
            let example = try #require(MAPIEExample.example)
            let rows = Array(zip(example.scores.indices.map { "c\($0)" }, example.scores))
                + Array(zip((example.testScores ?? []).indices.map { "t\($0)" }, example.testScores ?? []))
            let folder = try SharedData.temporaryFolder("trust-band-mapie")
            func write(_ name: String, _ lines: [String]) throws -> String {
                let url = folder.appendingPathComponent(name)
                try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
                return url.path
            }
            let run = try write(
                "halueval.run.jsonl",
                [#"{"run": {"name": "halueval", "info": {}}}"#]
                    + rows.map { #"{"id": "\#($0.0)", "input": {"question": "q"}, "response": {"answer": "a"}}"# })
            let rubric = try write(
                "halueval.md",
                [
                    "---", "name: halueval", "---", "", "# Instructions", "", "Judge the answer.", "", "# Target", "", "{{response.answer}}", "",
                    "# Dimension: Hallucinated", "", "Does the answer state what the question's knowledge does not support?", "",
                    "- 1: It does.", "- 0: It does not.",
                ])
            let labels = try write(
                "halueval.labels.csv",
                ["id,rater,hallucinated"] + zip(example.scores.indices, example.positive).map { "c\($0),a,\($1)" })
            let scores = try write(
                "halueval-judge.csv",
                ["id,hallucinated,hallucinated_confidence"] + rows.map { id, s in s >= 0.5 ? "\(id),1,\(s)" : "\(id),0,\(1 - s)" })
            return (["trust", "--no-history", run, "--rubric", rubric, "--labels", labels, "--judge-scores", scores, "--resamples", "200"], example)
        }
    }

    @Test("MAPIE's example: the band (0.4, 0.5) of 3 certified among 36, every row's s and decision, abstained first; MAPIE's test decisions")
    func mapieExample() throws {
        let (arguments, example) = try MAPIEFiles.files()
        let out = try SharedData.temporaryFolder("trust-band-out").appendingPathComponent("band.csv")
        let result = try JudgeCalProcess.run(arguments + ["--band", out.path])
        #expect([0, 2, 3].contains(result.status), "\(result.error)")
        #expect(
            result.error.contains(
                "abstain band: Hallucinated: (λ₁, λ₂) = (0.4, 0.5), abstaining least of the 3 certified among 36 candidates on 1000 "
                    + "labelled rows (targets NPV ≥ 0.85, PPV ≥ 0.8, at most 20% abstained, with probability 90%); there NPV 0.924 on "
                    + "421 rows decided 0, PPV 0.871 on 504 decided 1, 7.5% abstained; 115 of 1500 judged rows abstain"),
            "\(result.error)")
        let table = try CSVReader().read(Data(contentsOf: out), file: "band.csv")
        #expect(table.columns == ["id", "dimension", "probability", "decision", "labelled"])
        #expect(table.rowCount == 1500)
        let decisions = (0..<table.rowCount).map { table[$0, 3] }
        #expect(decisions.prefix(115).allSatisfy { $0 == "abstain" } && !decisions.dropFirst(115).contains("abstain"))
        var byID: [String: (s: Double, decision: String, labelled: String)] = [:]
        for row in 0..<table.rowCount { byID[table[row, 0]] = (Double(table[row, 2]) ?? -1, table[row, 3], table[row, 4]) }
        #expect(example.scores.indices.allSatisfy { abs((byID["c\($0)"]?.s ?? -1) - example.scores[$0]) < 1e-12 })
        #expect(example.scores.indices.allSatisfy { byID["c\($0)"]?.labelled == "yes" } && byID["t0"]?.labelled == "no")
        let words = ["negative": "0", "positive": "1", "abstain": "abstain"]
        #expect((example.testScores ?? []).indices.map { byID["t\($0)"]?.decision } == example.testDecisions?.map { words[$0] })
    }

    /// The sample run with a rubric of a four-level Relevance and a pass/fail Useful (expert A's usefulness 4 is pass), the
    /// judge sure and right (0.9) except every sixth row, where it says the other level at 0.6.
    static func passFail() throws -> [String] {
        let table = try SharedData.projectCSV("calibration/book-tags.labels.csv")
        let id = try #require(table.columns.firstIndex(of: "id"))
        let relevance = try #require(table.columns.firstIndex(of: "relevance"))
        let usefulness = try #require(table.columns.firstIndex(of: "usefulness"))
        var labels = "id,rater,relevance,useful\n", scores = "id,relevance,relevance_confidence,useful,useful_confidence\n"
        for row in 0..<table.rowCount {
            let pass = table[row, usefulness] == "4"
            let said = row % 6 == 0 ? !pass : pass
            labels += "\(table[row, id]),expert-a,\(table[row, relevance]),\(pass ? "pass" : "fail")\n"
            scores += "\(table[row, id]),\(table[row, relevance]),0.9,\(said ? "pass" : "fail"),\(row % 6 == 0 ? "0.6" : "0.9")\n"
        }
        let rubric = """
            ---
            name: book-tags-useful
            ---

            # Instructions

            Judge the tags.

            # Target

            {{response.tags | join: ", "}}

            # Dimension: Relevance

            Do the tags describe the book?

            - 4: Every tag.
            - 3: Most tags.
            - 2: Several are not.
            - 1: None.

            # Dimension: Useful

            Would every tag help a reader browse?

            - pass: Every tag could group several books and still narrow a search.
            - fail: Some tag would not.

            """
        return [
            "trust", "--no-history", TrustCommandTests.run, "--rubric", try JudgeCalProcess.file("useful.md", rubric),
            "--labels", try JudgeCalProcess.file("useful.labels.csv", labels), "--judge-scores", try JudgeCalProcess.file("useful-judge.csv", scores),
            "--resamples", "200",
        ]
    }

    @Test("Pass/fail on 42 rows: no band at MAPIE's targets, so every row abstains and the note says what one needs; Relevance named as left out")
    func noBand() throws {
        let out = try SharedData.temporaryFolder("trust-band-none").appendingPathComponent("band.csv")
        let result = try JudgeCalProcess.run(try Self.passFail() + ["--band", out.path])
        #expect([0, 2, 3].contains(result.status), "\(result.error)")
        #expect(
            result.error.contains(
                "abstain band: Useful: no band certified among 36 candidates on 42 labelled rows (targets NPV ≥ 0.85, PPV ≥ 0.8, at most "
                    + "20% abstained, with probability 90%), so all 42 judged rows abstain; certifying one needs, even with no row wrong, 64 "
                    + "labelled rows or more, a band deciding fail on 37 and pass on 27; the closest, (λ₁, λ₂) = (0.1, 0.7), has p-value 0.38"),
            "\(result.error)")
        #expect(result.error.contains("abstain band: Relevance left out: its scale has 4 levels, and a band is drawn on two"), "\(result.error)")
        let table = try CSVReader().read(Data(contentsOf: out), file: "band.csv")
        #expect(table.rowCount == 42)
        #expect((0..<table.rowCount).allSatisfy { table[$0, 1] == "Useful" && table[$0, 3] == "abstain" && table[$0, 4] == "yes" })
        #expect(Set((0..<table.rowCount).map { table[$0, 2] }) == ["0.1", "0.9", "0.4", "0.6"])
    }

    @Test("Each band option reaches the band: looser targets on a coarser grid certify (0.25, 0.75), the judge's unsure rows abstained first")
    func options() throws {
        let out = try SharedData.temporaryFolder("trust-band-options").appendingPathComponent("band.csv")
        let result = try JudgeCalProcess.run(
            try Self.passFail() + ["--band", out.path, "--band-npv", "0.7", "--band-ppv", "0.7", "--band-abstain", "0.5", "--band-grid", "0.25"])
        #expect([0, 2, 3].contains(result.status), "\(result.error)")
        #expect(
            result.error.contains(
                "abstain band: Useful: (λ₁, λ₂) = (0.25, 0.75), abstaining least of the 1 certified among 9 candidates on 42 labelled rows "
                    + "(targets NPV ≥ 0.7, PPV ≥ 0.7, at most 50% abstained, with probability 90%); there NPV 1.000 on 15 rows decided fail, "
                    + "PPV 1.000 on 20 decided pass, 16.7% abstained; 7 of 42 judged rows abstain"),
            "\(result.error)")
        let table = try CSVReader().read(Data(contentsOf: out), file: "band.csv")
        let rows = (0..<table.rowCount).map { (s: table[$0, 2], decision: table[$0, 3]) }
        #expect(rows.prefix(7).allSatisfy { $0.decision == "abstain" && ["0.4", "0.6"].contains($0.s) })
        #expect(rows.dropFirst(7).allSatisfy { ($0.s == "0.9" && $0.decision == "pass") || ($0.s == "0.1" && $0.decision == "fail") })
        // Any one of the four at its default certifies nothing here (0.85¹⁵, 0.8²⁰ and P(Bin(42, 0.2) ≤ 7) exceed 0.1/9; 36 bands ask 0.1/36).
        for (option, value) in [("--band-npv", "0.85"), ("--band-ppv", "0.8"), ("--band-abstain", "0.2"), ("--band-grid", "0.1")] {
            var arguments = try Self.passFail() + ["--band", out.path, "--band-npv", "0.7", "--band-ppv", "0.7", "--band-abstain", "0.5", "--band-grid", "0.25"]
            if let at = arguments.firstIndex(of: option) { arguments[at + 1] = value }
            let one = try JudgeCalProcess.run(arguments)
            #expect(one.error.contains("abstain band: Useful: no band certified"), "\(option) \(value): \(one.error)")
        }
    }

    @Test(
        "Refused before any work (64), naming the option, and nothing written",
        arguments: [
            (["--band-npv", "0.9"], "--band-npv shapes the abstain band; give --band FILE"),
            (["--band-grid", "0.05"], "--band-grid shapes the abstain band; give --band FILE"),
            (["--band", "OUT", "--band-npv", "-0.5"], "--band-npv -0.5 is not a predictive value"),
            (["--band", "OUT", "--band-ppv", "1"], "--band-ppv 1 is not a predictive value"),
            (["--band", "OUT", "--band-abstain", "0"], "--band-abstain 0 is not a share of rows"),
            (["--band", "OUT", "--band-grid", "0.3"], "--band-grid 0.3: give a step that divides 0.5 into 1 to 50 whole steps"),
            (["--band", "OUT", "--band-grid", "1"], "--band-grid 1: give a step that divides 0.5"),
        ])
    func refused(extra: [String], words: String) throws {
        let out = try SharedData.temporaryFolder("trust-band-refused").appendingPathComponent("band.csv")
        let result = try JudgeCalProcess.run(try Self.passFail() + extra.map { $0 == "OUT" ? out.path : $0 })
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains(words), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("Refused (64): a rubric with no two-level dimension, naming each one's levels; a cascade; the band over an input")
    func refusedSetups() throws {
        let out = try SharedData.temporaryFolder("trust-band-setups").appendingPathComponent("band.csv")
        let bookTags = ["trust", "--no-history", TrustCommandTests.run, "--rubric", TrustCommandTests.rubric, "--labels", TrustCommandTests.labels[0]]
        let noTwo = try JudgeCalProcess.run(bookTags + ["--judge-scores", try TrustCommandTests.scores("band-judge.csv"), "--band", out.path])
        #expect(noTwo.status == 64, "\(noTwo.error)")
        #expect(
            noTwo.error.contains("--band draws the abstain band of a pass/fail judge, and no dimension of the rubric has two levels: "
                + "Relevance has 4, Usefulness has 4"), "\(noTwo.error)")
        var twoJudges = try Self.passFail()
        let judge = try #require(twoJudges.firstIndex(of: "--judge-scores"))
        twoJudges.insert(twoJudges[judge + 1], at: judge + 2)
        let cascade = try JudgeCalProcess.run(twoJudges + ["--band", out.path])
        #expect(cascade.status == 64, "\(cascade.error)")
        #expect(cascade.error.contains("--band draws one judge's level distributions; give one --judge-scores file"), "\(cascade.error)")
        let arguments = try Self.passFail()
        let labels = try #require(arguments.firstIndex(of: "--labels").map { arguments[$0 + 1] })
        let over = try JudgeCalProcess.run(arguments + ["--band", labels])
        #expect(over.status == 64 && over.error.contains("the abstain band '\(labels)' is one of this command's inputs"), "\(over.error)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
