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
            (["align", "run.jsonl", "--worst", "-1"], "--worst takes an integer at least 0, not '-1'"),
            (["align", "run.jsonl", "--resamples", "-1"], "--resamples takes an integer from 0 to 100000, not '-1'"),
            (["compare", "run.jsonl", "--resamples", "-5"], "--resamples takes an integer from 0 to 100000, not '-5'"),
            (["judge", "run.jsonl", "--samples", "0"], "--samples takes an integer at least 1, not '0'"),
            (["judge", "run.jsonl", "--concurrency", "-2"], "--concurrency takes an integer at least 1, not '-2'"),
            (["extract", "run.jsonl", "--sample", "-3"], "--sample takes an integer at least 0, not '-3'"),
            (["extract", "run.jsonl", "--overlap", "-1"], "--overlap takes an integer at least 0, not '-1'"),
        ])
    func negativeCounts(arguments: [String], message: String) throws {
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
}
