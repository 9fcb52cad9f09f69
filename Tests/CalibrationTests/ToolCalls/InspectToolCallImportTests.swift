import CalibrationData
import RunImports
import DataFormats
import EvaluationCore
import Foundation
import Testing
import _TestSupport

/// The real tool-using log `inspect eval` wrote (`booktools_task.py`: Inspect's tools, answered by
/// Inspect, with its `mockllm` model scripted to call them) and Inspect's own `inspect log dump` of
/// it: Tests/Fixtures/inspect/README.md.
private let toolLog = SharedData.projectURL("Tests/Fixtures/inspect/booktools.eval")
private let toolDump = SharedData.projectURL("Tests/Fixtures/inspect/booktools.dump.json")

/// The expert's verdict on each natural-language question the log's expectations ask (read by the
/// author of this test, each value against its criteria): every value fits.
private struct ExpertVerdicts: ArgumentJudge {
    static let verdicts: [String: Bool] = [
        "science fiction|Should refer to science fiction": true,
        "hopeful|Should relate to uplifting, hopeful, or positive feelings": true,
        "sci-fi|Should refer to science fiction": true,
        "gothic romance|Should refer to gothic fiction": true,
    ]

    func answer(_ question: ArgumentQuestion) async throws -> ArgumentMatch {
        let key = "\(question.value.string ?? question.value.compactJSON)|\(question.criteria)"
        let verdict = try #require(Self.verdicts[key], "a question the expert did not read: \(key)")
        return ArgumentMatch(passed: verdict, reason: "the expert's verdict")
    }
}

@Suite("import --format inspect: tool calls of a real Inspect log into transcripts and expectations")
struct InspectToolCallImportTests {
    /// The calls of a dumped sample as Inspect records them: each assistant message's `tool_calls`
    /// in order, answered by the `tool` message naming its id (a failed tool by its error's message).
    static func inspectCalls(_ sample: JSONValue) -> [ToolCall] {
        let messages = sample["messages"]?.array ?? []
        var answers: [String: String] = [:]
        for message in messages where message["role"]?.string == "tool" {
            let content = message["content"]?.string ?? ""
            let error = message["error"]?["message"]?.string
            answers[message["tool_call_id"]?.string ?? ""] = content.isEmpty ? error.map { "error: " + $0 } : content
        }
        return messages.flatMap { message in
            (message["tool_calls"]?.array ?? []).map { call in
                let id = call["id"]?.string
                return ToolCall(
                    id: id, name: call["function"]?.string ?? "", arguments: call["arguments"] ?? .null,
                    result: id.flatMap { answers[$0] })
            }
        }
    }

    @Test("Every sample's tool calls, arguments and tool answers are those of Inspect's own dump, in order")
    func callsMatchInspectsDump() throws {
        let run = try RunImporter.importRun(from: toolLog, format: .inspect, name: "booktools")
        let samples = try #require(try JSONValue.parse(Data(contentsOf: toolDump))["samples"]?.array)
        // The archive holds the samples in the order they finished; the dump sorts them by id.
        let byID = Dictionary(uniqueKeysWithValues: samples.map { ($0["id"]?.string ?? "", $0) })
        #expect(run.rows.map(\.id).sorted() == byID.keys.sorted())
        #expect(run.rows.count == 6)
        var total = 0
        for row in run.rows {
            let sample = try #require(byID[row.id])
            let calls = ModelSubject<JSONValue>.toolCalls(in: try #require(row.transcript, "\(row.id) has a transcript"))
            #expect(calls == Self.inspectCalls(sample), "\(row.id)")
            #expect(row.transcript?.count == sample["messages"]?.array?.count)
            #expect(row.response == sample["output"]?["completion"])
            #expect(row.metadata["expectations"] == nil, "moved to the row's expectations")
            let written = try #require(sample["metadata"]?["expectations"])
            #expect(row.expectations == (try TrajectoryExpectation(json: written)))
            total += calls.count
        }
        #expect(total == 8, "two one-call samples, two two-step samples, one parallel pair, one sample without calls")
        let pair = try #require(run.row(id: "fantasy-or-cozy")?.transcript)
        #expect(pair.compactMap(\.toolCalls).map(\.count) == [2], "both calls of one assistant turn")
        let failed = ModelSubject<JSONValue>.toolCalls(in: run.row(id: "missing-book")?.transcript ?? [])
        #expect(failed.first?.result == "error: no book b9", "the tool's failure, as Inspect records it")
        #expect(run.info.info["Model"] == "mockllm/model")
        #expect(run.info.info["InspectVersion"] == "0.3.285")
    }

    @Test("The .eval archive and Inspect's .json dump import to the same rows; a log without tools gets no transcripts")
    func formsAgree() throws {
        let fromEval = try RunImporter.importRun(from: toolLog, format: .inspect, name: "b")
        let fromDump = try RunImporter.importRun(from: toolDump, format: .inspect, name: "b")
        #expect(fromDump.rows == fromEval.rows.sorted { $0.id < $1.id }, "the same rows; the dump sorts them by id")
        let plain = try RunImporter.importRun(from: SharedData.projectURL("Tests/Fixtures/inspect/booktags.eval"), format: .inspect)
        #expect(plain.rows.allSatisfy { $0.transcript == nil && $0.expectations == nil })
    }

    @Test("The imported trajectories check as the script intended: 3 of 6 all pass, 4 of 6 required calls found")
    func trajectoriesCheck() async throws {
        let run = try RunImporter.importRun(from: toolLog, format: .inspect, name: "booktools")
        var allPassed: [String: Bool] = [:]
        var fractions: [String: Double] = [:]
        for row in run.rows {
            let expectation = try #require(row.expectations)
            let report = try await expectation.check(
                ModelSubject<JSONValue>.toolCalls(in: row.transcript ?? []), judge: ExpertVerdicts())
            allPassed[row.id] = report.allPassed
            fractions[row.id] = report.fractionPassed
        }
        #expect(
            allPassed == [
                "gothic": true, "uplifting-scifi": true, "fantasy-or-cozy": true,
                "no-similar": false,  // called the forbidden find_similar_books
                "b3-details": false,  // answered without calling get_book_details (and wrongly)
                "missing-book": false,  // book_id "b9" does not match b[1-5]
            ])
        #expect(fractions == ["gothic": 1, "uplifting-scifi": 1, "fantasy-or-cozy": 1, "no-similar": 1, "b3-details": 0, "missing-book": 0])
    }

    @Test("tool-arguments turns the log's natural-language matchers into the four questions an expert labels")
    func argumentQuestions() throws {
        let questions = try RunImporter.importRun(from: toolLog, format: .inspect, name: "booktools").toolArgumentRun()
        let asked = Dictionary(uniqueKeysWithValues: questions.rows.map { ($0.id, $0.response) })
        #expect(
            asked == [
                "fantasy-or-cozy/call-2/genre": .string("gothic romance"), "no-similar/call-1/genre": .string("sci-fi"),
                "uplifting-scifi/call-1/genre": .string("science fiction"), "uplifting-scifi/call-1/mood": .string("hopeful"),
            ])
    }

    @Test("A tool call without a function name, a tool answer naming no call, expectations written wrongly: refused, naming the field")
    func malformed() throws {
        let dump = try JSONValue.parse(Data(contentsOf: toolDump))
        func imported(_ change: (inout [String: JSONValue]) -> Void) throws -> FrozenRun {
            guard case .object(var root) = dump, var samples = root["samples"]?.array, case .object(var first) = samples[1] else {
                throw InputError(file: "dump", message: "unexpected shape")
            }
            change(&first)
            samples[1] = .object(first)
            root["samples"] = .array(samples)
            let url = try SharedData.temporaryFolder("inspect-tools").appendingPathComponent("changed.json")
            try Data(JSONValue.object(root).compactJSON.utf8).write(to: url)
            return try RunImporter.importRun(from: url, format: .inspect)
        }
        func message(_ index: Int, _ key: String, _ value: JSONValue) -> (inout [String: JSONValue]) -> Void {
            { sample in
                guard var messages = sample["messages"]?.array, case .object(var m) = messages[index] else { return }
                m[key] = value
                messages[index] = .object(m)
                sample["messages"] = .array(messages)
            }
        }
        // Sample 2 (fantasy-or-cozy): user, assistant with two calls, two tool answers, assistant.
        #expect(try imported { _ in }.rows.count == 6)
        let noName = message(1, "tool_calls", .array([.object(["id": .string("x"), "arguments": .object([:])])]))
        #expect(throws: InputError.self) { try imported(noName) }
        do {
            _ = try imported(noName)
        } catch let error as InputError {
            #expect(error.column == "messages[1].tool_calls[0].function")
            #expect(error.file.hasSuffix("samples[1]"))
        }
        do {
            _ = try imported(message(2, "tool_call_id", .null))
            Issue.record("a tool answer naming no call was accepted")
        } catch let error as InputError {
            #expect(error.column == "messages[2].tool_call_id")
        }
        do {
            _ = try imported { sample in
                sample["metadata"] = .object(["expectations": .object(["unorderd": .array([])])])
            }
            Issue.record("a misspelt expectations key was accepted")
        } catch let error as InputError {
            #expect(error.column == "metadata.expectations.unorderd")
        }
    }
}
