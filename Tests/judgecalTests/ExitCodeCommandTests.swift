import Foundation
import Testing
import _TestSupport

@Suite("judgecal's exit codes: malformed input 65, negative counts 64, never a trap")
struct ExitCodeCommandTests {
    @Test("report exits 65 on a report file whose JSON is malformed, naming the file")
    func malformedReport() throws {
        let broken = try JudgeCalProcess.file("broken.report.json", #"{"dimensions": [{"name": "relevance", "#)
        let r = try JudgeCalProcess.run(["report", broken, "--html", broken + ".html"])
        #expect(r.status == 65, "\(r.error)")
        #expect(r.error.contains("broken.report.json"))
        #expect(r.error.contains("line 1, column 39: not valid JSON"))
    }

    @Test(
        "a negative or zero count is a usage error naming the range (64), before any file is read",
        arguments: [
            (["align", "run.jsonl", "--worst", "-1"], "--worst takes an integer from 0 to 10000, not '-1'"),
            (["align", "run.jsonl", "--resamples", "-1"], "--resamples takes an integer from 0 to 100000, not '-1'"),
            (["compare", "run.jsonl", "--resamples", "-5"], "--resamples takes an integer from 0 to 100000, not '-5'"),
            (["judge", "run.jsonl", "--samples", "0"], "--samples takes an integer from 1 to 100, not '0'"),
            (["judge", "run.jsonl", "--concurrency", "-2"], "--concurrency takes an integer from 1 to 1024, not '-2'"),
            (["extract", "run.jsonl", "--sample", "-3"], "--sample takes an integer from 0 to 10000000, not '-3'"),
            (["extract", "run.jsonl", "--overlap", "-1"], "--overlap takes an integer from 0 to 10000000, not '-1'"),
        ])
    func negativeCounts(arguments: [String], message: String) throws {
        let r = try JudgeCalProcess.run(arguments)
        #expect(r.status == 64, "\(r.error)")
        #expect(r.error.contains(message), "\(r.error)")
    }

    /// Issue #29: `plan --replications 9223372036854775807` ran until killed; every count now states its maximum.
    @Test(
        "a count beyond its stated maximum is a usage error naming the range (64), before any work",
        arguments: [
            (["align", "run.jsonl", "--sequential", "9223372036854775807"], "--sequential takes an integer from 1 to 100"),
            (["compare", "run.jsonl", "--control", "r.md", "--worst", "10001"], "--worst takes an integer from 0 to 10000"),
            (["judge", "run.jsonl", "--concurrency", "1025"], "--concurrency takes an integer from 1 to 1024"),
            (["judge", "run.jsonl", "--sample", "10000001"], "--sample takes an integer from 1 to 10000000"),
            (["extract", "run.jsonl", "--next", "9223372036854775807"], "--next takes an integer from 1 to 10000000"),
            (["extract", "run.jsonl", "--planned", "10000001"], "--planned takes an integer from 1 to 10000000"),
            (["generate", "--target", "10000001"], "--target takes an integer from 1 to 10000000"),
            (["generate", "--target", "5", "--samples-per-request", "101"], "--samples-per-request takes an integer from 1 to 100"),
            (["generate", "--target", "5", "--max-requests", "1000001"], "--max-requests takes an integer from 1 to 1000000"),
        ])
    func countMaxima(arguments: [String], message: String) throws {
        let r = try JudgeCalProcess.run(arguments)
        #expect(r.status == 64, "\(r.error)")
        #expect(r.error.contains(message), "\(r.error)")
    }

    @Test("a value beginning with '-' is the option's value: --categories -2,-1,0,1,2 is not 'missing value'")
    func dashValue() throws {
        let r = try JudgeCalProcess.run(["align", "--judge-scores", "none.csv", "--labels", "none.csv", "--categories", "-2,-1,0,1,2"])
        #expect(!r.error.contains("missing value"), "\(r.error)")
        #expect(r.status == 66, "\(r.error)")
    }

    @Test("a --model-config key that is not a setting: exit 65 naming file, line, column and the key meant, before any call")
    func unknownModelConfigKey() throws {
        let config = try JudgeCalProcess.file("typo.model.json", "{\n  \"requestTimout\": 60\n}\n")
        let r = try JudgeCalProcess.run([
            "judge", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--model-config", config,
            "--output", NSTemporaryDirectory() + "typo.judgments.jsonl",
        ])
        #expect(r.status == 65, "\(r.error)")
        #expect(
            r.error.contains("typo.model.json line 2, column 3: requestTimout is not a model setting; did you mean requestTimeout?"),
            "\(r.error)")
    }

    @Test("no server at the address given with --base-url: exit 1, the address named as given, no advice to pass --base-url")
    func unreachableBaseURL() throws {
        let r = try JudgeCalProcess.run([
            "judge", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--base-url", "http://127.0.0.1:9/v1",
            "--cache", NSTemporaryDirectory() + "judgecal-unreachable-\(UUID()).sqlite",
            "--output", NSTemporaryDirectory() + "unreachable.judgments.jsonl",
        ])
        #expect(r.status == 1, "\(r.error)")
        #expect(r.error.contains("no judge server answers at http://127.0.0.1:9/v1 (given with --base-url)"), "\(r.error)")
        #expect(!r.error.contains("pass --base-url"), "\(r.error)")
    }

    /// Book Tracker's labels as judge scores: every row's own (`perturbed` false), or one row in five moved a level on
    /// relevance and another one in five on usefulness (quadratic kappa 0.892, bootstrap interval [0.756, 0.953]).
    static func bookScores(perturbed: Bool) throws -> String {
        let sheet = try String(
            contentsOf: SharedData.packageRoot.appendingPathComponent("calibration/book-tags.labels.csv"), encoding: .utf8)
        var lines = ["id,relevance,usefulness"]
        for (index, line) in sheet.split(separator: "\n").dropFirst().enumerated() {
            let cells = line.split(separator: ",", maxSplits: 3).map(String.init)
            let moved = { (level: String, moves: Bool) in
                guard perturbed, moves, let n = Int(level) else { return level }
                return String(n > 1 ? n - 1 : n + 1)
            }
            lines.append([cells[0], moved(cells[1], index % 5 == 0), moved(cells[2], index % 5 == 2)].joined(separator: ","))
        }
        return try JudgeCalProcess.file("book-tags-\(perturbed ? "near" : "same").scores.csv", lines.joined(separator: "\n") + "\n")
    }

    @Test(
        "align's exit code is its worst verdict: 0 aligned, 2 not aligned, 3 inconclusive, 4 undefined",
        arguments: [(true, "0.6", Int32(0)), (true, "0.99", 2), (true, "0.8", 3), (false, "0.6", 4)])
    func alignVerdicts(perturbed: Bool, threshold: String, status: Int32) throws {
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", try Self.bookScores(perturbed: perturbed), "--labels", "calibration/book-tags.labels.csv",
            "--rubric", "rubrics/book-tags.md", "--no-history", "--threshold", threshold,
        ])
        #expect(r.status == status, "\(r.output)\n\(r.error)")
    }

    @Test("the root help lists every command's exit codes: the shared ones, rubric lint's, and align's, certify's and probe's verdicts")
    func rootHelpExitCodes() throws {
        let r = try JudgeCalProcess.run(["--help"])
        #expect(r.status == 0)
        let help = r.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for text in [
            "Exit codes of every command: 0 success; 1 failure (the judge server failed, a certificate refused, rubric lint found",
            "64 usage error; 65 malformed input data; 66 input file cannot be opened; 73 output cannot be created; 74 standard output cannot be written.",
            "align and certify: 2 some dimension not aligned, else 4 some undefined, else 3 some inconclusive, else 0 (every",
            "probe: 2 some probe biased, else 4 some undefined, else 0 (no effect detected).",
            "compare and the others: 0 when they finish",
        ] {
            #expect(help.contains(text), "\(text)\n\(r.output)")
        }
    }
}

/// Issue #29: an output that names one of the command's inputs replaced it without a word (`extract --next -o`
/// its own `--labels` sheet: 20 expert labels became a blank sheet). Each is refused (64) before anything is
/// written, and the input is left as it was.
@Suite("An output never replaces an input")
struct OutputOverInputTests {
    /// A copy of the sample's label sheet in a fresh folder, and the folder.
    static func copiedSheet() throws -> (folder: URL, sheet: URL, bytes: Data) {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("judgecal-overwrite-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sheet = folder.appendingPathComponent("book-tags.labels.csv")
        let bytes = try Data(contentsOf: SharedData.projectURL("calibration/book-tags.labels.csv"))
        try bytes.write(to: sheet)
        return (folder, sheet, bytes)
    }

    @Test(
        "extract -o, align --report and --history, estimate --report, export -o naming an input: 64, the input unchanged",
        arguments: [
            ["extract", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--next", "5", "--labels", "SHEET", "-o", "SHEET"],
            ["align", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--labels", "SHEET", "--report", "SHEET"],
            ["align", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--labels", "SHEET", "--history", "SHEET"],
            ["estimate", "--judge-scores", "notebooks-data/hanna-judges/ChatGPT.p1.csv", "--labels", "SHEET", "--report", "SHEET"],
            ["export", "notebooks-data/book-tags.run.jsonl", "--labels", "SHEET", "-o", "SHEET"],
            ["export", "notebooks-data/book-tags.run.jsonl", "--labels", "SHEET", "-o", "notebooks-data/../notebooks-data/book-tags.run.jsonl"],
        ])
    func refused(arguments: [String]) throws {
        let (folder, sheet, bytes) = try Self.copiedSheet()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try JudgeCalProcess.run(
            arguments.map { $0 == "SHEET" ? sheet.path : $0 } + ["--base-url", "http://127.0.0.1:9/v1"].filter { _ in arguments[0] == "align" })
        #expect(run.status == 64, "\(run.error)")
        #expect(run.error.contains("is one of this command's inputs"), "\(run.error)")
        #expect(try Data(contentsOf: sheet) == bytes, "the label sheet is unchanged")
    }

    @Test("align's report and history on one file: 64")
    func outputsCollide() throws {
        let (folder, sheet, _) = try Self.copiedSheet()
        defer { try? FileManager.default.removeItem(at: folder) }
        let both = folder.appendingPathComponent("out.json").path
        let run = try JudgeCalProcess.run([
            "align", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--labels", sheet.path, "--report", both,
            "--history", both, "--base-url", "http://127.0.0.1:9/v1",
        ])
        #expect(run.status == 64, "\(run.error)")
        #expect(run.error.contains("the history '\(both)' is also the report"), "\(run.error)")
    }
}
