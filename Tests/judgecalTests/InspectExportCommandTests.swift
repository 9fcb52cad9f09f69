import DataFormats
import Foundation
import Testing
import _TestSupport

private let fixtures = "Tests/Fixtures/inspect"

/// Decodes `judgecal --json` output.
private func json(_ text: String) throws -> JSONValue {
    try JSONValue.parse(Data(text.utf8))
}

/// A dimension of an alignment report by name.
private func dimension(_ report: JSONValue, _ name: String) throws -> JSONValue {
    try #require(report["dimensions"]?.array?.first { $0["name"]?.string == name })
}

/// `benchmarks/python/export_kappa.py` on a tidy table: pandas' read_csv and scikit-learn's
/// cohen_kappa_score, in the environment `scripts/python-reference` makes (the tests that call this need it, and make it first).
private func pythonKappas(_ table: URL, judge: String, expert: String, levels: String) throws -> JSONValue {
    let python = SharedData.projectURL(".python-reference/bin/python")
    try #require(
        FileManager.default.isExecutableFile(atPath: python.path),
        "no Python reference environment: the test needs .needs(.pythonReference), which runs scripts/python-reference")
    let outcome = try ChildProcess(
        executable: python,
        arguments: [SharedData.projectURL("benchmarks/python/export_kappa.py").path, table.path, judge, expert, levels]
    ).run()
    try #require(outcome.status == 0, "\(outcome.error)")
    return try json(outcome.output)
}

@Suite("import --format inspect and export: Inspect's scorer measured, notebooks' kappa reproduced")
struct InspectExportCommandTests {
    @Test(
        "Show: the real Inspect log imported with its scorer's scores, counted against `inspect log dump`, aligned, exported, and pandas + scikit-learn give align's kappa",
        .needs(.pythonReference)
    )
    func inspectLogEndToEnd() throws {
        let folder = try SharedData.temporaryFolder("inspect-show")
        let run = folder.appendingPathComponent("booktags.run.jsonl").path
        let scores = folder.appendingPathComponent("booktags.scores.jsonl").path
        let imported = try JudgeCalProcess.run(["import", "\(fixtures)/booktags.eval", "-o", run, "--scores", scores, "--json"])
        try #require(imported.status == 0, "\(imported.error)")
        let summary = try json(imported.output)
        #expect(summary["format"]?.string == "inspect")
        #expect(summary["scoreDimensions"] == .array([.string("includes")]))

        // Rows and scores against Inspect's own dump of the same log.
        let dump = try JSONValue.parse(Data(contentsOf: SharedData.projectURL("\(fixtures)/booktags.dump.json")))
        let samples = try #require(dump["samples"]?.array)
        let runLines = try JSONRecords.split(Data(contentsOf: URL(fileURLWithPath: run)), file: run)
        #expect(runLines.count - 1 == samples.count)
        #expect(summary["rows"]?.double == dump["results"]?["total_samples"]?.double)
        let scoreLines = try JSONRecords.split(Data(contentsOf: URL(fileURLWithPath: scores)), file: scores).map {
            try JSONValue.parse($0.data)
        }
        let reductions = try #require(dump["reductions"]?.array?.first?["samples"]?.array)
        #expect(scoreLines.count == dump["results"]?["scores"]?.array?.first?["scored_samples"]?.double.map(Int.init))
        for (line, reduced) in zip(scoreLines, reductions) {
            #expect(line["id"] == reduced["sample_id"])
            #expect(line["includes"] == reduced["value"])
        }

        // Aligned with the log's own scorer against the expert labels (1 0 0 0 0 against the scorer's 1 0 0 0 1).
        let labels = "\(fixtures)/booktags.labels.csv"
        let aligned = try JudgeCalProcess.run([
            "align", run, "--judge-scores", scores, "--labels", labels, "--categories", "0,1", "--json", "--no-history", "--resamples", "0",
        ])
        #expect([0, 2, 3].contains(aligned.status), "\(aligned.error)")
        let includes = try dimension(try json(aligned.output), "includes")
        #expect(includes["counts"]?["paired"]?.double == 5)
        #expect(includes["counts"]?["judgeFailures"]?.double == 0)
        let kappa = try #require(includes["cohenKappa"]?["unweighted"]?["value"]?.double)
        #expect(abs(kappa - 0.24 / 0.44) < 1e-12, "p_o 0.8, p_e 0.56")

        // The tidy export read by pandas gives the same kappa with scikit-learn.
        let table = folder.appendingPathComponent("booktags.tidy.csv")
        let exported = try JudgeCalProcess.run(["export", run, "--judgments", scores, "--labels", labels, "-o", table.path])
        try #require(exported.status == 0, "\(exported.error)")
        #expect(exported.output.contains("wrote 10 lines (csv)"))
        let python = try pythonKappas(table, judge: "judge:booktags.scores", expert: "inspect-helper", levels: "0,1")
        #expect(python["includes"]?["n"]?.double == 5)
        #expect(abs((python["includes"]?["unweighted"]?.double ?? .nan) - kappa) < 1e-12)
    }

    @Test(
        "Book tags on a 1–4 rubric: the exported CSV gives align's unweighted and quadratic kappa per dimension in scikit-learn; JSON Lines holds the same lines",
        .needs(.pythonReference)
    )
    func bookTagsKappaInPandas() throws {
        let folder = try SharedData.temporaryFolder("export-kappa")
        // A judge that agrees with expert-a except on a fixed pattern of rows (one level up or down, within 1–4).
        let sheet = try SharedData.projectCSV("calibration/book-tags.labels.csv")
        var judge = "id,relevance,usefulness,relevance_rationale\n"
        for r in 0..<sheet.rowCount {
            let shift = [0, 0, 1, 0, -1, 0, 0, 2][r % 8]
            let relevance = min(4, max(1, Int(sheet[r, 1])! + shift))
            let usefulness = min(4, max(1, Int(sheet[r, 2])! - (r % 3 == 0 ? 1 : 0)))
            judge += "\(sheet[r, 0]),\(relevance),\(usefulness),\"=row \(r), a rationale, with a comma\"\n"
        }
        let judgeFile = folder.appendingPathComponent("judge.csv")
        try Data(judge.utf8).write(to: judgeFile)
        let common = [
            "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--labels", "calibration/book-tags.labels.csv",
        ]
        let aligned = try JudgeCalProcess.run(
            ["align"] + common + ["--judge-scores", judgeFile.path, "--json", "--no-history", "--resamples", "0"])
        #expect([0, 2, 3].contains(aligned.status), "\(aligned.error)")
        let report = try json(aligned.output)
        let table = folder.appendingPathComponent("book-tags.tidy.csv")
        let exported = try JudgeCalProcess.run(
            ["export"] + common + ["--judgments", judgeFile.path, "--splits", "calibration/book-tags.splits.json", "-o", table.path])
        try #require(exported.status == 0, "\(exported.error)")
        let python = try pythonKappas(table, judge: "judge:judge", expert: "expert-a", levels: "1,2,3,4")
        for name in ["Relevance", "Usefulness"] {
            let d = try dimension(report, name)
            #expect(python[name]?["n"]?.double == d["counts"]?["paired"]?.double)
            for weighting in ["unweighted", "quadratic"] {
                let ours = try #require(d["cohenKappa"]?[weighting]?["value"]?.double)
                let theirs = try #require(python[name]?[weighting]?.double)
                #expect(abs(ours - theirs) < 1e-12, "\(name) \(weighting): judgecal \(ours), scikit-learn \(theirs)")
            }
        }

        // The CSV's header, a split from the record, a rationale made inert; JSON Lines: the same lines, values as numbers.
        let csv = try CSVReader().read(Data(contentsOf: table), file: table.path)
        #expect(csv.columns == ["row_id", "dimension", "rater", "role", "value", "rationale", "failure", "split", "example"])
        let examples = Set((0..<csv.rowCount).filter { csv[$0, 8] == "true" }.map { csv[$0, 0] })
        let excluded = try dimension(report, "Relevance")["counts"]?["excludedAsExamples"]?.double
        #expect(!examples.isEmpty && excluded == Double(examples.count), "example rows \(examples.sorted())")
        #expect(csv.rowCount == 42 * 2 + sheet.rowCount * 2)
        #expect(csv[0, 7] == "development")
        #expect(csv[0, 5] == "'=row 0, a rationale, with a comma")
        let jsonl = folder.appendingPathComponent("book-tags.tidy.jsonl")
        let exportedJSON = try JudgeCalProcess.run(
            ["export"] + common + ["--judgments", judgeFile.path, "--format", "jsonl", "-o", jsonl.path])
        try #require(exportedJSON.status == 0, "\(exportedJSON.error)")
        let records = try JSONRecords.split(Data(contentsOf: jsonl), file: jsonl.path).map { try JSONValue.parse($0.data) }
        #expect(records.count == csv.rowCount)
        #expect(records[0]["value"]?.double == Double(csv[0, 4]))
        #expect(records[0]["rationale"]?.string == "=row 0, a rationale, with a comma")
        #expect(records[0]["split"] == .null)
    }

    @Test("export refuses: nothing to export, a judgments row the run lacks, a label sheet without a rubric or judgments")
    func exportRefusals() throws {
        let folder = try SharedData.temporaryFolder("export-refusals")
        let out = folder.appendingPathComponent("t.csv").path
        let nothing = try JudgeCalProcess.run(["export", "notebooks-data/book-tags.run.jsonl", "-o", out])
        #expect(nothing.status == 65)
        #expect(nothing.error.contains("nothing to export"))
        let stray = folder.appendingPathComponent("stray.csv")
        try Data("id,relevance\nbook-001,3\nno-such-row,2\n".utf8).write(to: stray)
        let strayRun = try JudgeCalProcess.run(["export", "notebooks-data/book-tags.run.jsonl", "--judgments", stray.path, "-o", out])
        #expect(strayRun.status == 65)
        #expect(strayRun.error.contains("line 3, column id: no-such-row is not a row of the run"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let labelsOnly = try JudgeCalProcess.run([
            "export", "notebooks-data/book-tags.run.jsonl", "--labels", "calibration/book-tags.labels.csv", "-o", out,
        ])
        #expect(labelsOnly.status == 65)
        let notInspect = try JudgeCalProcess.run([
            "import", "notebooks-data/book-tags.run.jsonl", "--format", "jsonl", "-o", out, "--scores",
            folder.appendingPathComponent("s.jsonl").path,
        ])
        #expect(notInspect.status == 65)
        #expect(notInspect.error.contains("only an Inspect log has scorer scores"))
    }
}
