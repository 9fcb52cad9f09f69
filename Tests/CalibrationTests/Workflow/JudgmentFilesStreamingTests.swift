import CalibrationData
import CalibrationWorkflow
import DataFormats
import Foundation
import Judging
import LanguageModels
import Synchronization
import Testing
import _TestSupport

/// A judge of book-tags rows that answers `row-0` only once every other row is answered, so the
/// rows finish out of order; it records the order they were answered in and the requests it got.
private final class LastFirstRowJudge: LanguageModel {
    let modelName = "last-first"
    let rows: Int
    let answered = Mutex([String]())

    init(rows: Int) { self.rows = rows }

    func respond(to request: ChatRequest) async throws -> ChatResponse {
        let prompt = request.messages.map(\.content).joined(separator: "\n")
        let id = (0..<rows).map { "row-\($0)" }.first { prompt.contains("tags: \($0)") } ?? "?"
        if id == "row-0" {
            // Held until the other rows are answered; bounded, so a run that never launches them fails the test, not hangs.
            for _ in 0..<2_000 where answered.withLock({ $0.count }) < rows - 1 { try await Task.sleep(for: .milliseconds(5)) }
        }
        answered.withLock { $0.append(id) }
        return JudgeRunTransportFailureTests.scored(by: modelName)
    }
}

@Suite("judge's files written as the rows are judged: in row order, the same bytes, all or none")
struct JudgmentFilesStreamingTests {
    static func rows(_ count: Int, missingReviewAt missing: Int? = nil) throws -> FrozenRun {
        let rows = (0..<count).map { k in
            var input: [String: JSONValue] = ["title": .string("T"), "author": .string("A")]
            if k != missing { input["review"] = .string("R") }
            return FrozenRow(id: "row-\(k)", input: .object(input), response: .object(["tags": .array([.string("row-\(k)")])]))
        }
        return try FrozenRun(info: RunInfo(name: "streamed"), rows: rows)
    }

    /// Judges `run` into the judgments files at `output` through ``JudgmentFiles``, `concurrency` rows at once.
    static func judge(_ run: FrozenRun, with model: some LanguageModel, into output: URL, concurrency: Int, retried: Set<String> = [])
        async throws -> JudgmentFiles.Counts
    {
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        let files = try JudgmentFiles(run: run, rubric: rubric, output: output.path)
        return try await files.write(model: model.modelName, dimensions: rubric.dimensions.map(\.name), retried: retried) { each in
            try await JudgeRun.judge(run: run, rubric: rubric, model: model, concurrency: concurrency, each: each)
        }
    }

    @Test("Rows that finish out of order are written in row order, byte for byte what the set written whole gives")
    func rowOrder() async throws {
        let folder = try SharedData.temporaryFolder("streamed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.rows(8)
        let judge = LastFirstRowJudge(rows: 8)
        let output = folder.appendingPathComponent("streamed.judgments.jsonl")
        let counts = try await Self.judge(run, with: judge, into: output, concurrency: 8, retried: ["row-3", "row-9"])

        let answered = judge.answered.withLock { $0 }
        #expect(answered.count == 8)
        #expect(answered.last == "row-0", "row-0 finished last: the rows finished out of order")
        let written = try Data(contentsOf: output)
        let set = try JudgmentSet.load(from: output)
        #expect(set.judgments.map(\.id) == run.rows.map(\.id), "written in row order")
        #expect(try set.jsonLines() == written)
        let csv = try String(contentsOf: folder.appendingPathComponent("streamed.judgments.csv"), encoding: .utf8)
        #expect(csv == set.tidyCSV(dimensions: ["Relevance", "Usefulness"]))
        #expect(csv.split(separator: "\n").count == 1 + 8 * 2)
        var expected = JudgmentFiles.Counts(model: "last-first")
        (expected.rows, expected.scored, expected.retried) = (8, 8, 1)
        #expect(counts == expected, "row-3 retried; row-9 is no row of the run")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "streamed.judgments.csv", "streamed.judgments.jsonl",
            ])
    }

    @Test("A row a template cannot be rendered for stops the run before any request; the files at the output stay as they were")
    func templateErrorFirst() async throws {
        let folder = try SharedData.temporaryFolder("streamed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("streamed.judgments.jsonl")
        try Data("earlier\n".utf8).write(to: output)
        let judge = LastFirstRowJudge(rows: 6)
        let error = await #expect(throws: InputError.self) {
            _ = try await Self.judge(try Self.rows(6, missingReviewAt: 5), with: judge, into: output, concurrency: 2)
        }
        #expect(error?.message.contains("review") == true, "\(String(describing: error))")
        #expect(judge.answered.withLock { $0 }.isEmpty, "no request was made")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["streamed.judgments.jsonl"])
        #expect(try String(contentsOf: output, encoding: .utf8) == "earlier\n")
    }

    @Test("A run the server stops part way leaves the files at the output as they were and no staged file behind")
    func stoppedRun() async throws {
        struct Silent: LanguageModel {
            let modelName = "silent"
            func respond(to request: ChatRequest) async throws -> ChatResponse {
                throw LanguageModelError(.timedOut, "sent no reply within 600 s")
            }
        }
        let folder = try SharedData.temporaryFolder("streamed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("streamed.judgments.jsonl")
        try Data("earlier\n".utf8).write(to: output)
        await #expect(throws: LanguageModelError.self) {
            _ = try await Self.judge(try Self.rows(12), with: Silent(), into: output, concurrency: 1)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["streamed.judgments.jsonl"])
        #expect(try String(contentsOf: output, encoding: .utf8) == "earlier\n")
    }
}
