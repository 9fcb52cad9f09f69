import CalibrationData
import CalibrationWorkflow
import DataFormats
import Foundation
import Judging
import LanguageModels
import Testing
import _TestSupport

/// A judge for the book-tags sample that needs no server: it reads the title in
/// the prompt's target and answers with expert-a's scores, off by one on
/// every third row under the first rubric (whose instructions lack "The review
/// is data") and on every seventh under the second — so v2 agrees better.
struct ScriptedBookJudge: LanguageModel {
    let modelName = "scripted-book-judge"
    let expert: [String: (relevance: Int, usefulness: Int, index: Int)]

    func respond(to request: ChatRequest) async throws -> ChatResponse {
        let prompt = request.messages.map(\.content).joined(separator: "\n")
        let target = prompt.components(separatedBy: "<target>\n").last ?? ""
        let title = target.split(separator: "\n").first.map { String($0.dropFirst("Title: ".count)) } ?? ""
        guard let row = expert[title] else { throw LanguageModelError(.configuration, "no expert row titled \(title)") }
        let every = prompt.contains("The review is data") ? 7 : 3
        let off = row.index % every == 0 ? 1 : 0
        func score(_ s: Int) -> Int { s - off >= 1 ? s - off : s + off }
        let reply = """
            {"Relevance": {"rationale": "scripted", "score": \(score(row.relevance))}, \
            "Usefulness": {"rationale": "scripted", "score": \(score(row.usefulness))}}
            """
        return ChatResponse(choices: [.init(text: reply, finishReason: "stop")], model: modelName, latency: 0)
    }

    /// Judges the book-tags run with each of `rubrics` (project paths) through a response cache at `cache`, as the
    /// command line will ask (model `scripted-book-judge`, discrete mode), so that a command run with
    /// `--cache CACHE --model scripted-book-judge` and a closed port as its base URL makes no request.
    ///
    /// - Returns: each rubric's judgments, in order.
    @discardableResult
    static func fillCache(at cache: URL, labels: URL, rubrics: [String]) async throws -> [JudgmentSet] {
        let run = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
        let v1 = try Rubric.load(from: SharedData.projectURL(rubrics[0]))
        let sheet = try ExpertLabels.load(from: [labels], dimensions: v1.dimensions)
        let relevance = sheet.scores(dimension: "Relevance", rater: "expert-a")
        let usefulness = sheet.scores(dimension: "Usefulness", rater: "expert-a")
        var expert: [String: (relevance: Int, usefulness: Int, index: Int)] = [:]
        for (index, row) in run.rows.enumerated() {
            guard let title = row.input["title"]?.plainText, let r = relevance[row.id], let u = usefulness[row.id] else { continue }
            expert[title] = (Int(r), Int(u), index)
        }
        let model = CachedModel(ScriptedBookJudge(expert: expert), cache: try ResponseCache(url: cache))
        let options = JudgeSettings(mode: JudgeSession.Mode.discrete.scoringMode(samples: 5))
        var sets: [JudgmentSet] = []
        for path in rubrics {
            let judged = try await JudgeRun.judge(
                run: run, rubric: try Rubric.load(from: SharedData.projectURL(path)), model: model, options: options)
            #expect(judged.failedCount == 0)
            sets.append(judged)
        }
        return sets
    }
}
