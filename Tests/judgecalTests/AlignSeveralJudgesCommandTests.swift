import CalibrationData
import DataFormats
import Foundation
import Judging
import LanguageModels
import Testing
import _TestSupport

/// The model and prompts of the judgments file the tokens test writes.
private enum TokenFixtureModel {
    static let name = "judge-model"
    static func messages(_ i: Int) -> [ChatMessage] { [ChatMessage(.user, "Score row r\(i).")] }
}

private func json(_ text: String) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
}

/// An object's keys, sorted; `nil` for anything else.
private func objectKeys(_ value: JSONValue?) -> [String]? {
    guard case .object(let members)? = value else { return nil }
    return members.keys.sorted()
}

/// Three judges on six rows of a 1–3 scale, with one expert sheet of two raters: judge `good` agrees with
/// the experts' majority everywhere, `fair` on four rows, `poor` on two; `poor` also scores a row (r7) no
/// other file has and no expert labelled, and fails r6.
private func smallSet() throws -> (judges: [String], labels: String) {
    let labels = try JudgeCalProcess.file(
        "panel.labels.csv",
        "id,quality,rater\nr1,1,ann\nr2,2,ann\nr3,3,ann\nr4,1,ann\nr5,2,ann\nr6,3,ann\n"
            + "r1,1,bo\nr2,2,bo\nr3,3,bo\nr4,1,bo\nr5,2,bo\nr6,3,bo\n")
    let folder = URL(fileURLWithPath: labels).deletingLastPathComponent()
    func judge(_ name: String, _ rows: String) throws -> String {
        let url = folder.appendingPathComponent("\(name).csv")
        try Data(("id,quality\n" + rows).utf8).write(to: url)
        return url.path
    }
    return (
        [
            try judge("good", "r1,1\nr2,2\nr3,3\nr4,1\nr5,2\nr6,3\n"),
            try judge("fair", "r1,1\nr2,2\nr3,3\nr4,2\nr5,3\nr6,3\n"),
            try judge("poor", "r1,1\nr2,3\nr3,1\nr4,3\nr5,2\nr6,\nr7,2\n"),
        ],
        labels
    )
}

@Suite("judgecal align --judge-scores A B C: several judges in one table")
struct AlignSeveralJudgesCommandTests {
    @Test("the table: each judge on its own rows, three panels, a ranking on the common rows with Holm-adjusted p-values")
    func smallTable() throws {
        let (judges, labels) = try smallSet()
        let junit = try SharedData.temporaryFolder("several-junit").appendingPathComponent("align.xml")
        let r = try JudgeCalProcess.run(
            ["align", "--judge-scores"] + judges + [
                "--labels", labels, "--categories", "1,2,3", "--json", "--no-history", "--resamples", "200", "--statistic", "kappa",
                "--junit", junit.path,
            ])
        #expect(r.status == 2 || r.status == 3 || r.status == 4, "poor is not aligned: \(r.error)")
        // A case per judge and dimension, the panels left out as the exit code leaves them out.
        let cases = try String(contentsOf: junit, encoding: .utf8).split(separator: "\n").filter { $0.contains("<testcase ") }
        #expect(cases.map { $0.split(separator: "\"")[1] } == ["good / quality", "fair / quality", "poor / quality"], "\(cases)")
        let table = try json(r.output)
        #expect(
            table["judges"]?.array?.compactMap { $0["name"]?.string }
                == ["good", "fair", "poor", "panel-mean", "panel-majority", "panel-dawid-skene"])
        #expect(objectKeys(table["reports"]) == ["fair", "good", "panel-dawid-skene", "panel-majority", "panel-mean", "poor"])
        let d = try #require(table["dimensions"]?.array?.first)
        #expect(d["name"]?.string == "quality")
        let rows = try #require(d["rows"]?.array)
        #expect(
            rows.compactMap { $0["n"]?.double } == [6, 6, 5, 6, 5, 6],
            "poor has no score on r6 and r7 is not labelled; the majority ties three ways on r4 (1, 2, 3)")
        #expect(rows[2]["judgeFailures"]?.double == 1)
        #expect(rows[4]["judgeFailures"]?.double == 1, "the tie on r4 is counted")
        #expect(rows[0]["statisticEstimate"]?["value"]?.double == 1)
        let ranking = try #require(d["ranking"])
        #expect(ranking["commonRows"]?.double == 5, "r1–r5: rows every judge scored with an expert value")
        let entries = try #require(ranking["entries"]?.array)
        #expect(entries.first?["judge"]?.string == "good")
        #expect(entries.first?["differenceFromBest"] == nil)
        let values = entries.compactMap { $0["statistic"]?["value"]?.double }
        #expect(values == values.sorted(by: >), "ordered by the statistic on the common rows")
        let last = try #require(entries.last)
        #expect(last["judge"]?.string == "poor")
        let p = try #require(last["pValue"]?.double), holm = try #require(last["holmAdjustedPValue"]?.double)
        #expect(p > 0 && p <= holm && holm <= 1)
        #expect((last["differenceFromBest"]?["value"]?.double ?? 0) > 0.5)
        let model = try #require(d["dawidSkene"])
        #expect(objectKeys(model["posteriors"]) == ["r1", "r2", "r3", "r4", "r5", "r6", "r7"])
        #expect(objectKeys(model["confusionMatrices"]) == ["fair", "good", "poor"])
        #expect(d["panelsNotFormed"]?.array?.isEmpty == true)
    }

    @Test("each judge's report in the table is the report the judge gets alone")
    func sameAsAlone() throws {
        let (judges, labels) = try smallSet()
        let options = ["--labels", labels, "--categories", "1,2,3", "--json", "--no-history", "--resamples", "200"]
        let table = try json(try JudgeCalProcess.run(["align", "--judge-scores"] + judges + options).output)
        for (name, file) in zip(["good", "fair", "poor"], judges) {
            let alone = try json(try JudgeCalProcess.run(["align", "--judge-scores", file] + options).output)
            #expect(table["reports"]?[name] == alone, "\(name)")
        }
    }

    @Test("the text leads with the per-dimension table and the ranking")
    func text() throws {
        let (judges, labels) = try smallSet()
        let r = try JudgeCalProcess.run(
            ["align", "--judge-scores"] + judges + ["--labels", labels, "--categories", "1,2,3", "--no-history", "--resamples", "200"])
        let lines = r.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Several judges: good, fair, poor and 3 panel(s)")
        #expect(lines.contains { $0.hasPrefix("Ranking on 5 common row(s)") })
        #expect(lines.contains { $0.hasPrefix("════ judge poor (") && $0.hasSuffix("/poor.csv)") })
        #expect(lines.contains("panel-majority left out of the ranking: no score on 1 common row(s)"))
        #expect(lines.contains("════ panel panel-dawid-skene"))
    }

    @Test("the history gets one line per judge, none for the panels")
    func history() throws {
        let (judges, labels) = try smallSet()
        let history = URL(fileURLWithPath: labels).deletingLastPathComponent().appendingPathComponent("judges.history.jsonl")
        let r = try JudgeCalProcess.run(
            ["align", "--judge-scores"] + judges + [
                "--labels", labels, "--categories", "1,2,3", "--resamples", "0", "--history", history.path,
            ])
        #expect(r.status == 3, "every judge is inconclusive on six rows: \(r.error)")
        let lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        let kappas = try lines.map { try json(String($0))["dimensions"]?.array?.first?["quadraticKappa"]?.double }
        #expect(kappas.map { $0.map { ($0 * 1000).rounded() / 1000 } } == [1, 0.75, -0.286], "good, fair and poor, in order")
    }

    @Test("two judge files of one name are refused (64), naming both")
    func sameName() throws {
        let (judges, labels) = try smallSet()
        let other = try JudgeCalProcess.file("good.csv", "id,quality\nr1,1\n")
        let r = try JudgeCalProcess.run(["align", "--judge-scores", judges[0], other, "--labels", labels, "--no-history"])
        #expect(r.status == 64)
        #expect(r.error.contains("two --judge-scores files make the judge name good (\(judges[0]), \(other))"))
    }

    @Test("--sequential is refused with several judges (64)")
    func refused() throws {
        let (judges, labels) = try smallSet()
        let r = try JudgeCalProcess.run(["align", "--judge-scores"] + judges + ["--labels", labels, "--no-history", "--sequential", "3"])
        #expect(r.status == 64)
        #expect(r.error.contains("--sequential does not apply with several --judge-scores files"))
    }

    @Test("--report writes the table: JSON as --json prints it, Markdown and a page with each judge's figures; history beside it")
    func reports() throws {
        let (judges, labels) = try smallSet()
        let folder = URL(fileURLWithPath: labels).deletingLastPathComponent()
        let options = ["--labels", labels, "--categories", "1,2,3", "--resamples", "200"]
        let printed = try json(
            try JudgeCalProcess.run(["align", "--judge-scores"] + judges + options + ["--json", "--no-history"]).output)
        for name in ["table.json", "table.md", "table.html"] {
            let path = folder.appendingPathComponent(name).path
            let history = folder.appendingPathComponent("\(name).history.jsonl")
            let r = try JudgeCalProcess.run(
                ["align", "--judge-scores"] + judges + options + ["--report", path, "--history", history.path])
            #expect(r.status == 2 || r.status == 3 || r.status == 4, "\(name): \(r.error)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(try String(contentsOf: history, encoding: .utf8).split(separator: "\n").count == 3, "one line per judge")
            switch name {
            case "table.json":
                #expect(try json(text) == printed)
                let again = try JudgeCalProcess.run(["report", path, "--text"])
                let direct = try JudgeCalProcess.run(["align", "--judge-scores"] + judges + options + ["--no-history"])
                #expect(again.status == 0 && again.output == direct.output, "judgecal report draws a saved table as align prints it")
            case "table.md":
                #expect(text.hasPrefix("# Several judges: good, fair, poor and 3 panel(s)\n"))
                #expect(text.contains(#"| judge | n | no score | κ\_q \[CI\] | verdict | replaces a rater | × labels \[CI\] | R² |"#))
                #expect(text.contains(#"| rank | judge | κ\_q | best − judge \[CI\] | p | Holm p |"#))
                #expect(text.contains("panel-majority left out of the ranking: no score on 1 common row(s)"))
            default:
                #expect(text.hasPrefix("<!DOCTYPE html>") && text.contains("script-src 'none'"))
                #expect(text.contains("<section class=\"dimension\" data-dimension=\"quality\">"))
                #expect(text.contains("class=\"chart judges\""))
                #expect(text.contains("<table class=\"ranking\">"))
            }
        }
    }

    @Test("the label multiplier per judge: on its paired rows, 1/(1 − R²) with a percentile interval, undefined below 10 rows")
    func multiplier() throws {
        let (judges, labels) = try smallSet()
        let r = try JudgeCalProcess.run(
            ["align", "--judge-scores"] + judges + [
                "--labels", labels, "--categories", "1,2,3", "--json", "--no-history", "--resamples", "200",
            ])
        let rows = try #require(try json(r.output)["dimensions"]?.array?.first?["rows"]?.array)
        for row in rows {
            let m = row["labelMultiplier"]
            #expect(m?["multiplier"]?["n"] == row["n"], "the judge's paired rows")
            #expect(
                m?["multiplier"]?["undefinedReason"]?["code"]?.string == "too-few", "six rows are below the ten a corrected estimate needs")
        }
    }

    @Test("tokens per row: from the cache for a judgments file, unknown with the reason for a scores file; --cache refused with one file")
    func tokens() throws {
        let (judges, labels) = try smallSet()
        let folder = URL(fileURLWithPath: labels).deletingLastPathComponent()
        let set = JudgmentSet(
            run: "panel", rubric: "r", rubricVersion: nil, model: TokenFixtureModel.name,
            judgments: (1...6).map { i in
                Judgment(
                    id: "r\(i)",
                    scores: [DimensionJudgment(dimension: "quality", score: Double((i - 1) % 3 + 1), label: "", rationale: "")],
                    rawReplies: [], retries: 0, model: TokenFixtureModel.name,
                    promptHash: Judgment.promptHash(of: TokenFixtureModel.messages(i)))
            })
        let file = folder.appendingPathComponent("model.judgments.jsonl")
        try set.jsonLines().write(to: file)
        let cacheURL = folder.appendingPathComponent("tokens.sqlite")
        try? FileManager.default.removeItem(at: cacheURL)
        let cache = try ResponseCache(url: cacheURL)
        for i in 1...6 {
            try cache.store(
                ChatResponse(
                    choices: [.init(text: "{}")], model: TokenFixtureModel.name,
                    usage: TokenUsage(promptTokens: 50 + i, completionTokens: 10), latency: 0),
                for: ChatRequest(messages: TokenFixtureModel.messages(i)), model: TokenFixtureModel.name)
        }
        let options = ["--labels", labels, "--categories", "1,2,3", "--json", "--no-history", "--resamples", "0"]
        let r = try JudgeCalProcess.run(["align", "--judge-scores", file.path, judges[0]] + options + ["--cache", cacheURL.path])
        let entries = try #require(try json(r.output)["judges"]?.array, "\(r.error)")
        #expect(entries[0]["name"]?.string == "model")
        #expect(entries[0]["tokens"]?["promptTokensPerRow"]?.double == 53.5, "(51 + … + 56) / 6")
        #expect(entries[0]["tokens"]?["rowsCounted"]?.double == 6 && entries[0]["tokens"]?["unknownReason"] == nil)
        #expect(entries[1]["tokens"]?["rowsCounted"]?.double == 0 && entries[1]["tokens"]?["promptTokensPerRow"] == nil)
        #expect(entries[1]["tokens"]?["unknownReason"]?.string?.hasPrefix("a scores file made elsewhere records no token counts") == true)
        #expect(entries[2]["tokens"] == nil, "a panel")
        let text = try JudgeCalProcess.run(
            ["align", "--judge-scores", file.path, judges[0]] + options.dropLast(4) + [
                "--no-history", "--resamples", "0", "--cache", cacheURL.path,
            ])
        #expect(
            text.output.contains("tokens/row of good: unknown — a scores file made elsewhere records no token counts"), "\(text.output)")
        let missing = try JudgeCalProcess.run(
            ["align", "--judge-scores", file.path, judges[0]] + options + ["--cache", folder.appendingPathComponent("none.sqlite").path])
        #expect(
            try json(missing.output)["judges"]?.array?.first?["tokens"]?["unknownReason"]?.string?.hasPrefix("no response cache at ")
                == true)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.sqlite").path), "never created")
        let one = try JudgeCalProcess.run(["align", "--judge-scores", file.path] + options + ["--cache", cacheURL.path])
        #expect(one.status == 64 && one.error.contains("--cache does not apply with --judge-scores"))
    }

    @Test("HANNA end to end: each judge's R² in the table equals the statsmodels fixture's, on the rows the judge has on the scale")
    func hannaMultiplier() throws {
        let judges = ["Beluga-13B", "Mistral-7B"]
        let r = try JudgeCalProcess.run(
            ["align", "--judge-scores"] + judges.map { "notebooks-data/hanna-judges/\($0).p1.csv" } + [
                "--labels", "notebooks-data/hanna.labels.csv", "--means", "--categories", "1,2,3,4,5", "--resamples", "0", "--json",
                "--no-history",
            ])
        let fixtures = try json(
            String(
                decoding: try Data(contentsOf: SharedData.projectURL("Tests/StatisticsTests/Resources/label-multiplier-fixtures.json")),
                as: UTF8.self))
        let expected = try #require(fixtures["hanna"]?.array)
        let dimensions = try #require(try json(r.output)["dimensions"]?.array)
        #expect(dimensions.count == 6)
        var compared = 0
        for d in dimensions {
            for row in d["rows"]?.array ?? [] {
                guard let judge = judges.first(where: { row["judge"]?.string == "\($0).p1" }),
                    let reference = expected.first(where: { $0["judge"]?.string == judge && $0["dimension"] == d["name"] })
                else { continue }
                #expect(row["n"] == reference["n"], "\(judge) \(d["name"]?.string ?? "")")
                let r2 = row["labelMultiplier"]?["calibratedRSquared"]?["value"]?.double ?? .nan
                #expect(abs(r2 - (reference["rSquared"]?.double ?? .nan)) < 1e-10, "\(judge) \(d["name"]?.string ?? "")")
                compared += 1
            }
        }
        #expect(compared == 12)
    }

    @Test("a two-level scale: no mean panel, with the reason")
    func twoLevels() throws {
        let judges = try smallSet().judges
        let binary = try JudgeCalProcess.file("binary.labels.csv", "id,quality\nr1,1\nr2,2\nr3,2\nr4,1\nr5,2\nr6,1\n")
        let r = try JudgeCalProcess.run(
            ["align", "--judge-scores"] + judges.prefix(2) + [
                "--labels", binary, "--categories", "1,2", "--json", "--no-history", "--resamples", "0",
            ])
        let table = try json(r.output)
        #expect(table["judges"]?.array?.compactMap { $0["name"]?.string } == ["good", "fair", "panel-majority", "panel-dawid-skene"])
        let notFormed = try #require(table["dimensions"]?.array?.first?["panelsNotFormed"]?.array)
        #expect(notFormed.compactMap { $0["panel"]?.string } == ["mean"])
    }

    /// Issue #28: the table says which judge could replace an expert, beside its agreement.
    @Test("the table's 'replaces a rater' column: the alternative annotator test's ω, 'passes' at ω ≥ 0.5")
    func replacesARater() throws {
        var sheet = "id,quality,rater\n"
        var mirror = "id,quality\n", off = "id,quality\n"
        for i in 1...30 {
            let value = i % 3 + 1
            sheet += "r\(i),\(value),a\nr\(i),\(value),b\nr\(i),\(i % 5 == 0 ? value % 3 + 1 : value),c\n"
            mirror += "r\(i),\(value)\n"
            off += "r\(i),\(value % 3 + 1)\n"
        }
        let labels = try JudgeCalProcess.file("three.labels.csv", sheet)
        let folder = URL(fileURLWithPath: labels).deletingLastPathComponent()
        let judges = try [("mirror", mirror), ("off", off)].map { name, text in
            let url = folder.appendingPathComponent("\(name).csv")
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let r = try JudgeCalProcess.run(
            ["align", "--judge-scores"] + judges + ["--labels", labels, "--categories", "1,2,3", "--no-history", "--resamples", "0"])
        let lines = r.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("replaces a rater") }, "\(r.output)")
        #expect(lines.contains { $0.hasPrefix("mirror ") && $0.contains("ω 1.000, passes") }, "\(r.output)")
        #expect(lines.contains { $0.hasPrefix("off ") && $0.contains("ω 0.000 ") }, "\(r.output)")
    }
}
