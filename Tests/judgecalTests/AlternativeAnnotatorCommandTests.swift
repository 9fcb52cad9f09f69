import DataFormats
import Foundation
import Testing
import _TestSupport

/// Three raters (A, B, C) on 30 pass/fail rows: all say 0 on rows 0–23; on rows 24–29 A says 1, B and C 0,
/// and the judge 0, siding with the majority (the library's hand-computed case: the judge wins against all
/// three). `raters` keeps the first of them.
private func files(raters: Int) throws -> (labels: String, scores: String) {
    let names = ["A", "B", "C"].prefix(raters)
    let labelLines = (0..<30).flatMap { row in
        names.map { rater in "r\(row),\(rater),\(row >= 24 && rater == "A" ? 1 : 0)" }
    }
    let labels = try JudgeCalProcess.file("alt-\(raters).labels.csv", "id,rater,quality\n" + labelLines.joined(separator: "\n") + "\n")
    let scores = try JudgeCalProcess.file("alt.scores.csv", "id,quality\n" + (0..<30).map { "r\($0),0" }.joined(separator: "\n") + "\n")
    return (labels, scores)
}

private func arguments(_ files: (labels: String, scores: String), _ extra: [String]) -> [String] {
    ["align", "--judge-scores", files.scores, "--labels", files.labels, "--categories", "0,1", "--no-history"] + extra
}

@Suite("align: the alternative annotator test and --epsilon")
struct AlternativeAnnotatorCommandTests {
    @Test("Three raters: the block per dimension, the paper's guidance once, and the figures in --json")
    func runs() throws {
        let three = try files(raters: 3)
        let text = try JudgeCalProcess.run(arguments(three, ["--epsilon", "0.1"]))
        #expect(text.status != 64, "\(text.error)")
        #expect(
            text.output.contains("alternative annotator test (ε 0.1, accuracy): the judge wins against 3 of 3 raters, ω 1.000 — passes"),
            "\(text.output)")
        #expect(text.output.contains("0.2 for expert raters, 0.15 for skilled annotators, 0.1 for crowd workers"), "\(text.output)")
        let json = try JudgeCalProcess.run(arguments(three, ["--json"]))
        let report = try JSONValue.parse(Data(json.output.utf8))
        let test = report["dimensions"]?.array?.first?["alternativeAnnotatorTest"]
        #expect(test?["epsilon"]?.double == 0.2)
        #expect(test?["winningRate"]?.double == 1)
        #expect(test?["raters"]?.array?.first?["pValue"]?.double.map { abs($0 - 4.349737724195261e-06) < 1e-15 } == true)
    }

    @Test("Two raters: the refusal's reason in the report; with --epsilon given, a usage error naming it")
    func refused() throws {
        let two = try files(raters: 2)
        let quiet = try JudgeCalProcess.run(arguments(two, ["--json"]))
        let report = try JSONValue.parse(Data(quiet.output.utf8))
        let refusal = report["dimensions"]?.array?.first?["alternativeAnnotatorTest"]?["refusal"]?.string
        #expect(refusal?.hasSuffix("at least 3 raters, so that the judge is compared with a consensus of others rather than one rater; this dimension has 2") == true, "\(quiet.output)")
        let asked = try JudgeCalProcess.run(arguments(two, ["--epsilon", "0.2"]))
        #expect(asked.status == 64, "\(asked.output)")
        #expect(
            asked.error.contains("--epsilon sets the alternative annotator test, which cannot run here — quality: the alternative annotator test needs at least 3 raters"),
            "\(asked.error)")
        #expect(asked.output.isEmpty)
    }

    @Test("--epsilon outside 0…1, or not a number, is a usage error before any work", arguments: ["1.5", "-0.5", "nan", "x"])
    func badMargin(_ value: String) throws {
        let r = try JudgeCalProcess.run(arguments(try files(raters: 3), ["--epsilon", value]))
        #expect(r.status == 64, "\(r.error)")
        #expect(r.error.contains("--epsilon"), "\(r.error)")
        let expected =
            Double(value)?.isFinite == true
            ? "--epsilon takes a margin from 0 to 1, not \(value)" : "--epsilon: '\(value)' is not a number"
        #expect(r.error.contains(expected), "\(r.error)")
    }
}
