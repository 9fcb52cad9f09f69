import DataFormats
import Foundation
import Testing
import _TestSupport

@Suite("judgecal judge, align and probe --pairwise, over HTTP against planted pairwise judges on loopback")
struct PairwiseCommandTests {
    /// A pairwise run of 12 rows whose response b is longer on even rows, and a preference sheet that
    /// says the longer one is better on 10 of them.
    static func sample(in folder: URL) throws -> (run: String, labels: String) {
        let records = (0..<12).map { i -> String in
            let (a, b) = i % 2 == 0 ? ("short \(i)", "a longer answer \(i)") : ("a longer answer \(i)", "short \(i)")
            return #"{"id": "q\#(i)", "input": "question \#(i)", "response": {"a": "\#(a)", "b": "\#(b)"}}"#
        }
        let source = folder.appendingPathComponent("pairs.jsonl")
        try Data(records.joined(separator: "\n").utf8).write(to: source)
        let run = folder.appendingPathComponent("pairs.run.jsonl").path
        let imported = try JudgeCalProcess.run(["import", source.path, "--id", "id", "--output", run])
        try #require(imported.status == 0, "\(imported.error)")
        let labels = folder.appendingPathComponent("pairs.labels.csv")
        let lines = (0..<12).map { i in "q\(i),\(i < 2 ? "tie" : i % 2 == 0 ? "b" : "a")" }
        try Data((["id,preference"] + lines).joined(separator: "\n").utf8).write(to: labels)
        return (run, labels.path)
    }

    @Test("judge --pairwise records both orders; align --pairwise aligns from the cache; probe --pairwise flags position")
    func endToEnd() throws {
        let folder = try SharedData.temporaryFolder("pairwise-command")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (run, labels) = try Self.sample(in: folder)
        let server = try LoopbackServer()
        defer { server.stop() }
        // One cache per planted judge: the cache key is the request, not the server.
        func options(_ scenario: String) -> [String] {
            let cache = folder.appendingPathComponent("\(scenario).sqlite").path
            return [
                run, "--rubric", "rubrics/llmbar-pairwise.md", "--cache", cache, "--base-url",
                server.baseURL(tag: scenario, scenario: scenario),
            ]
        }
        let output = folder.appendingPathComponent("pairs.judgments.jsonl").path
        let judged = try JudgeCalProcess.run(["judge"] + options("longer") + ["--pairwise", "--output", output, "--json"])
        #expect(judged.status == 0, "\(judged.error)")
        let summary = try JSONValue.parse(Data(judged.output.utf8))
        #expect(summary["scored"] == .number(12) && summary["failed"] == .number(0), "\(judged.output)")
        #expect(judged.error.contains("server: 24 requests"), "\(judged.error)")
        let csv = try String(contentsOfFile: output.replacingOccurrences(of: ".jsonl", with: ".csv"), encoding: .utf8)
        #expect(csv.contains("q0,preference,") && csv.contains("q0,b-first,"), "\(csv.prefix(300))")

        // align from the cache: 24 hits, no request; the longer-answer judge agrees on 10 of 12.
        let history = folder.appendingPathComponent("history.jsonl").path
        let page = folder.appendingPathComponent("preferences.html").path
        let aligned = try JudgeCalProcess.run(
            ["align"] + options("longer") + ["--labels", labels, "--pairwise", "--json", "--history", history, "--report", page])
        #expect(aligned.status == 3, "inconclusive at 12 pairs: \(aligned.error)")
        #expect(aligned.error.contains("cache: 24 hits, 0 misses"), "\(aligned.error)")
        let report = try JSONValue.parse(Data(aligned.output.utf8))
        #expect(report["agreement"]?["positionConsistency"]?["value"] == .number(1))
        #expect(report["agreement"]?["percentAgreement"]?["value"]?.double == 10.0 / 12)
        #expect(report["verdict"]?["outcome"] == .string("inconclusive"))
        #expect(report["labelledRowsNotInRun"] == .number(0))
        // The history line and the page, as pointwise align writes them.
        let line = try JSONValue.parse(Data(try String(contentsOfFile: history, encoding: .utf8).utf8))
        let figures = line["dimensions"]?.array?.first
        #expect(figures?["dimension"] == .string("preference") && figures?["statistic"] == .string("kappa"), "\(line)")
        #expect(figures?["exactAgreement"]?.double == 10.0 / 12 && figures?["positionConsistency"] == .number(1))
        #expect(figures?["verdict"] == .string("inconclusive") && figures?["n"] == .number(12))
        #expect(line["rubric"] == .string("llmbar-pairwise") && line["rubricTextHash"]?.string?.count == 64)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(#"data-statistic="kappa""#) && html.contains(#"data-verdict="inconclusive""#), "\(html.prefix(400))")
        // `report` re-renders the saved JSON as Markdown; a second look appends a second line.
        let saved = folder.appendingPathComponent("preferences.json").path
        let again = try JudgeCalProcess.run(
            ["align"] + options("longer") + ["--labels", labels, "--pairwise", "--history", history, "--report", saved])
        #expect(again.status == 3, "\(again.error)")
        #expect(again.output.contains("judged in both orders: 12 pairs, 0 failed"), "\(again.output)")
        #expect(!again.output.contains("labelled rows are not rows"), "no sentence when no labelled row lies outside the run")
        #expect(try String(contentsOfFile: history, encoding: .utf8).split(separator: "\n").count == 2)
        let markdownPath = folder.appendingPathComponent("preferences.md").path
        let rendered = try JudgeCalProcess.run(["report", saved, "--markdown", markdownPath])
        #expect(rendered.status == 0, "\(rendered.error)")
        let markdown = try String(contentsOfFile: markdownPath, encoding: .utf8)
        #expect(markdown.hasPrefix("# Preference alignment: ") && markdown.contains("**Verdict: inconclusive.**"), "\(markdown)")

        // The position probe: the first-position judge is biased, the longer-answer judge is not.
        let biased = try JudgeCalProcess.run(["probe"] + options("firstposition") + ["--pairwise", "--no-history"])
        #expect(biased.status == 2, "\(biased.output)\n\(biased.error)")
        #expect(biased.output.contains("position: biased-higher"), "\(biased.output)")
        let unbiased = try JudgeCalProcess.run(["probe"] + options("longer") + ["--pairwise", "--probe", "position", "--no-history"])
        #expect(unbiased.status == 0, "\(unbiased.output)\n\(unbiased.error)")
        #expect(unbiased.output.contains("position: no-effect-detected"), "\(unbiased.output)")
    }

    @Test("align --pairwise --judge-scores: a judge asked elsewhere, a, tie or b per row (words or 0, 1, 2), with both orders when given")
    func frozenPreferences() throws {
        let folder = try SharedData.temporaryFolder("pairwise-frozen")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (run, labels) = try Self.sample(in: folder)
        // The judge prefers the longer answer (b on even rows, a on odd), except a tie on q0 and q1 written as 1
        // and one on q11 where the experts say a; on q3 the two orders disagreed.
        let rows = (0..<12).map { i -> String in
            let preferred = i < 2 || i == 11 ? "1" : i % 2 == 0 ? "b" : "A"
            let swapped = i == 3 ? "b" : preferred
            return "q\(i),\(preferred),\(preferred),\(swapped)"
        }
        let scores = folder.appendingPathComponent("elsewhere.csv")
        try Data((["id,preference,a-first,b-first"] + rows).joined(separator: "\n").utf8).write(to: scores)
        let history = folder.appendingPathComponent("history.jsonl").path, junit = folder.appendingPathComponent("align.xml")
        let r = try JudgeCalProcess.run([
            "align", run, "--rubric", "rubrics/llmbar-pairwise.md", "--labels", labels, "--pairwise", "--judge-scores", scores.path,
            "--json", "--history", history, "--junit", junit.path,
        ])
        #expect([0, 2, 3].contains(r.status), "\(r.error)")
        let report = try JSONValue.parse(Data(r.output.utf8))
        #expect(report["model"]?.string == "elsewhere")
        // The one verdict is the JUnit file's one case, its element the exit code's.
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"<testcase name="preferences" classname="judgecal.align">"#) && xml.contains(#"tests="1""#), "\(xml)")
        let element = [0: "<system-out>", 2: "<failure type=\"not-aligned\"", 3: "<skipped message=\"inconclusive: "][r.status]
        #expect(element.map(xml.contains) == true, "exit \(r.status): \(xml)")
        #expect(report["labels"] == .number(12) && report["failed"] == .number(0))
        #expect(report["inconsistentAsTies"] == .number(1), "q3's orders disagree")
        #expect(report["agreement"]?["percentAgreement"]?["value"]?.double == 11.0 / 12.0, "\(r.output)")
        #expect(!r.error.contains("server:"), "no judge is called")

        let onlyPreference = folder.appendingPathComponent("plain.csv")
        try Data((["id,preference"] + (0..<12).map { "q\($0),maybe" }).joined(separator: "\n").utf8).write(to: onlyPreference)
        let bad = try JudgeCalProcess.run([
            "align", run, "--rubric", "rubrics/llmbar-pairwise.md", "--labels", labels, "--pairwise", "--judge-scores",
            onlyPreference.path, "--no-history",
        ])
        #expect(bad.status == 65)
        #expect(bad.error.contains("plain.csv line 2, column preference: 'maybe' is not a level of the scale"), "\(bad.error)")
    }

    @Test("import of a pairwise export: top-level a and b become response.a and response.b; --response-a/-b map other fields")
    func importPairs() throws {
        let folder = try SharedData.temporaryFolder("pairwise-import")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("pairs.jsonl")
        try Data(
            (0..<3).map { #"{"id": "p\#($0)", "input": "q\#($0)", "a": "first \#($0)", "b": "second \#($0)", "source": "x"}"# }
                .joined(separator: "\n").utf8
        ).write(to: plain)
        let run = folder.appendingPathComponent("pairs.run.jsonl").path
        let imported = try JudgeCalProcess.run(["import", plain.path, "--output", run])
        #expect(imported.status == 0, "\(imported.error)")
        let rows = try String(contentsOfFile: run, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { try JSONValue.parse(Data($0.utf8)) }
        #expect(rows.count == 3)
        #expect(rows.first?["response"] == .object(["a": .string("first 0"), "b": .string("second 0")]), "\(rows.first as Any)")
        #expect(rows.first?["metadata"]?["a"] == nil && rows.first?["metadata"]?["source"] == .string("x"))

        let named = folder.appendingPathComponent("named.csv")
        try Data("key,prompt,left,right\nk1,q1,x1,y1\nk2,q2,x2,y2\n".utf8).write(to: named)
        let mapped = folder.appendingPathComponent("named.run.jsonl").path
        let r = try JudgeCalProcess.run([
            "import", named.path, "--id", "key", "--input", "prompt", "--response-a", "left", "--response-b", "right", "--output", mapped,
        ])
        #expect(r.status == 0, "\(r.error)")
        #expect(try String(contentsOfFile: mapped, encoding: .utf8).contains(#""response":{"a":"x1","b":"y1"}"#))
        let half = try JudgeCalProcess.run(["import", named.path, "--response-a", "left", "--output", mapped])
        #expect(half.status == 64 && half.error.contains("give both"), "\(half.error)")
        let both = try JudgeCalProcess.run([
            "import", named.path, "--response", "left", "--response-a", "left", "--response-b", "right", "--output", mapped,
        ])
        #expect(both.status == 64 && both.error.contains("give one or the other"), "\(both.error)")
    }

    @Test(
        "Options that do not apply with --pairwise are usage errors, before any call",
        arguments: [
            (["align", "--pairwise", "--labels", "x.csv", "--judge-scores", "y.csv"], "--base-url does not apply with --judge-scores"),
            (["align", "--pairwise", "--labels", "x.csv", "--means"], "--means does not apply with --pairwise"),
            (["align", "--pairwise", "--labels", "x.csv", "--experts", "mean"], "--experts does not apply with --pairwise"),
            (["align", "--pairwise", "--labels", "x.csv", "--epsilon", "0.1"], "--epsilon does not apply with --pairwise"),
            (["probe", "--pairwise", "--probe", "length-pad"], "only position applies to a pairwise judge"),
        ])
    func refused(arguments: [String], message: String) throws {
        let base = ["notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--base-url", "http://127.0.0.1:9/v1"]
        let r = try JudgeCalProcess.run([arguments[0]] + base + Array(arguments.dropFirst()))
        #expect(r.status == 64, "\(r.error)")
        #expect(r.error.contains(message), "\(r.error)")
    }
}
