import Calibration
import CalibrationData
import CalibrationWorkflow
import DataFormats
import Foundation
import Judging
import LanguageModels
import Testing
import _TestSupport

@testable import judgecal

/// `Resources/suggest_server.py`, serving the recorded replies in `Resources/suggest/`; started once per test process.
final class SuggestServer: Sendable {
    static let shared: SuggestServer = {
        do { return try SuggestServer() } catch { fatalError("cannot start the suggest server: \(error)") }
    }()

    let port: Int
    /// Where the server logs the request bodies, one file per reply.
    let log: URL
    private let process: ChildProcess.Running

    private init() throws {
        let resources = SharedData.projectURL("Tests/CalibrationTests/Resources")
        log = try SharedData.temporaryFolder("suggest-requests")
        let process = try ChildProcess(
            command: "python3",
            arguments: [resources.appendingPathComponent("suggest_server.py").path, resources.appendingPathComponent("suggest").path, log.path],
            timeout: .seconds(3600)
        ).start()
        let line = process.waitForOutput(timeout: .seconds(30)) { $0.contains(UInt8(ascii: "\n")) }
        guard let line, let port = Int(String(decoding: line, as: UTF8.self).prefix { $0 != "\n" }) else {
            throw SuggestionTestError("the suggest server printed no port")
        }
        self.port = port
        self.process = process
    }

    /// A model whose every reply is the recorded file `reply`.md.
    func model(_ reply: String) throws -> OpenAICompatibleModel {
        try OpenAICompatibleModel(
            configuration: .init(
                baseURL: "http://127.0.0.1:\(port)/\(reply)/v1", model: "recorded", connectTimeout: 2, firstByteTimeout: 10,
                requestTimeout: 10, retry: .init(maxAttempts: 1), structuredOutput: .promptOnly))
    }

    /// The request bodies the server received for `reply`, one JSON text each; none when it received none.
    func requests(_ reply: String) throws -> [String] {
        let url = log.appendingPathComponent("\(reply).requests.jsonl")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}

struct SuggestionTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@Suite("suggest: a revised rubric from the development digest, with its lineage, from recorded replies", .serialized)
struct RubricSuggestionTests {
    let rubricText = (try? String(contentsOf: SharedData.projectURL("rubrics/book-tags.md"), encoding: .utf8)) ?? ""

    func digest(rows: Set<String>? = DigestFixture.development, judgments: JudgmentSet? = nil) throws -> DisagreementDigest {
        try DisagreementDigest(
            run: DigestFixture.run, rubric: DigestFixture.rubric, judgments: try judgments ?? DigestFixture.judgments(),
            labels: DigestFixture.labels, rows: rows)
    }

    func suggest(_ reply: String, digest: DisagreementDigest? = nil) async throws -> RubricSuggestion {
        try await RubricSuggestion.suggest(
            rubricAt: SharedData.projectURL("rubrics/book-tags.md"), digest: try digest ?? self.digest(),
            model: SuggestServer.shared.model(reply), file: "book-tags-v2.md")
    }

    @Test("A fenced reply becomes version 2 whose edited-from names v1 and its SHA-256; the model saw development rows only")
    func revised() async throws {
        let suggestion = try await suggest("revised")
        let hash = SHA256.hexDigest(of: Array(rubricText.utf8))
        #expect(suggestion.text.hasPrefix("---\nname: book-tags\nversion: 2\ndescription: "))
        #expect(suggestion.text.contains("\nedited-from: book-tags v1 sha256:\(hash)\n---\n"))
        #expect(suggestion.rubric.editedFrom == "book-tags v1 sha256:\(hash)")
        #expect(suggestion.rubric.version == "2")
        #expect(suggestion.rubric.dimension("Relevance")?.scale.level(labelled: "2")?.description.hasPrefix("Two or more tags") == true)
        // Written and read back, as Markdown and as JSON: the same lineage.
        #expect(try Rubric.parse(markdown: suggestion.text, file: "x.md").editedFrom == suggestion.rubric.editedFrom)
        #expect(try Rubric.decode(json: suggestion.rubric.jsonData(), file: "x.json").editedFrom == suggestion.rubric.editedFrom)
        #expect(String(decoding: try suggestion.rubric.jsonData(), as: UTF8.self).contains(#""edited-from""#))
        let sent = try #require(try SuggestServer.shared.requests("revised").last)
        #expect(sent.contains("book-001") && sent.contains("book-003"))
        let unseen = DigestFixture.run.rows.map(\.id).filter { !DigestFixture.development.contains($0) }
        #expect(unseen.count == 22)
        for id in unseen { #expect(!sent.contains(id), "the model was shown \(id), which is not a development row") }
    }

    @Test("Replies that are no rubric, change the levels or cite a row not given are refused with what went wrong")
    func refused() async throws {
        let prose = await #expect(throws: SuggestionError.self) { try await suggest("prose") }
        #expect(prose?.message.hasPrefix("the model's reply is not a usable rubric") == true)
        let levels = await #expect(throws: SuggestionError.self) { try await suggest("changed-levels") }
        #expect(levels?.message.contains("changed the dimensions or their levels") == true)
        let cites = await #expect(throws: SuggestionError.self) { try await suggest("cites-validation") }
        #expect(cites?.message.contains("cites row book-030") == true)
    }

    @Test("No disagreements, or no row set: a clear message and the model is never asked")
    func notAsked() async throws {
        let agreeing = try JudgeComparisonTests.smallModel()
        let none = await #expect(throws: SuggestionError.self) {
            try await suggest("unasked", digest: try digest(judgments: JudgmentSet(
                run: agreeing.run, rubric: "book-tags", rubricVersion: "1", model: "agrees", judgments: agreeing.judgments)))
        }
        #expect(none?.message.hasPrefix("no disagreements on the 20 rows given") == true)
        let everything = await #expect(throws: SuggestionError.self) { try await suggest("unasked", digest: try digest(rows: nil)) }
        #expect(everything.flatMap(JudgeCal.message(for:))?.contains("--ids") == true)
        #expect(try SuggestServer.shared.requests("unasked").isEmpty)
    }
}
