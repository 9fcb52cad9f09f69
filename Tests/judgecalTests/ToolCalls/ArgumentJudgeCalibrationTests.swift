import Calibration
import CalibrationData
import DataFormats
import EvaluationCore
import Foundation
import StatisticsCore
import Testing
import _TestSupport

/// Calibrating the natural-language argument judge like any other: the recorded agent loop's
/// conversations exported in OpenAI's chat format, imported, turned into argument questions by
/// `judgecal tool-arguments`, labelled by an expert, and aligned by `judgecal align`: once judging
/// them (through the loopback server's echo, which no judge reply parses: every question a counted
/// judge failure, never a score), and once with scores an argument judge produced elsewhere.
@Suite("Calibrating the argument judge with import, tool-arguments and align")
struct ArgumentJudgeCalibrationTests {
    /// A conversation's transcript in OpenAI's chat format, tool arguments as JSON text.
    static func openAIMessages(_ transcript: [TranscriptEntry]) -> JSONValue {
        .array(
            transcript.map { entry in
                var message: [String: JSONValue] = ["role": .string(entry.role), "content": .string(entry.content)]
                if let calls = entry.toolCalls {
                    message["tool_calls"] = .array(
                        calls.map { call in
                            .object([
                                "id": .string(call.id ?? ""), "type": .string("function"),
                                "function": .object(["name": .string(call.name), "arguments": .string(call.arguments.compactJSON)]),
                            ])
                        })
                }
                if let id = entry.toolCallID { message["tool_call_id"] = .string(id) }
                return .object(message)
            })
    }

    /// `judgecal` run to its end without holding a thread of the cooperative pool.
    static func judgecal(_ arguments: [String]) async throws -> ChildProcess.Outcome {
        try await JudgeCalProcess.child(arguments).start().outcome
    }

    @Test("The expert's pass/fail on each question is aligned with the judge's, dimension ArgumentMatch")
    func calibrate() async throws {
        let server = try ToolCallAgentLoopTests.replayServer()
        defer { server.stop() }
        let baseURL = server.baseURL(tag: "calibrate", scenario: "replay")
        let played = try await ToolCallAgentLoopTests.play(baseURL, example: true)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("argcal-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

        // The first two conversations, a fitting and an unrelated criterion each, on the argument
        // each first call's question was asked about.
        var lines: [String] = []
        for (i, p) in played.prefix(2).enumerated() {
            let (question, _) = try #require(p.judged.first)
            let criteria = [question.criteria, ToolCallAgentLoopTests.unrelated]
            let matchers: [JSONValue] = criteria.map {
                .object(["kind": .string("naturalLanguage"), "argument": .string(question.argumentName), "criteria": .string($0)])
            }
            let expectations = JSONValue.object([
                "unordered": .array([.object(["name": .string(question.toolName), "arguments": .array(matchers)])])
            ])
            lines.append(
                JSONValue.object([
                    "id": .string("conversation-\(i + 1)"), "messages": Self.openAIMessages(p.transcript), "expectations": expectations,
                ]).compactJSON)
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("chats.jsonl"))
        try Data(#"{"structuredOutput": "llamaCpp"}"#.utf8).write(to: folder.appendingPathComponent("model.json"))

        let imported = try await Self.judgecal(["import", path("chats.jsonl"), "--format", "openai-chat", "-o", path("agent.run.jsonl")])
        #expect(imported.status == 0, "\(imported.error)")
        let written = try await Self.judgecal([
            "tool-arguments", path("agent.run.jsonl"), "-o", path("args.run.jsonl"), "--rubric-output", path("tool-argument.md"),
        ])
        #expect(written.status == 0, "\(written.error)")
        let questions = try FrozenRun.load(from: URL(fileURLWithPath: path("args.run.jsonl")))
        // Two calls a conversation, each asked both criteria.
        #expect(questions.rows.count == 8)

        // The expert: the criterion written for the conversation is met by a fitting argument; the unrelated one never.
        var sheet = "id,ArgumentMatch,rater\n"
        for row in questions.rows {
            let criteria = row.input["criteria"]?.string ?? ""
            let fits = criteria == ToolCallAgentLoopTests.conversations[0].fitting
            sheet += "\(row.id),\(fits ? "pass" : "fail"),expert-a\n"
        }
        try Data(sheet.utf8).write(to: folder.appendingPathComponent("args.labels.csv"))

        let echo = server.baseURL(tag: "calibrate-echo", scenario: "ok")
        let judged = try await Self.judgecal([
            "align", path("args.run.jsonl"), "--rubric", path("tool-argument.md"), "--labels", path("args.labels.csv"),
            "--model-config", path("model.json"), "--base-url", echo, "--cache", path("cache.sqlite"), "--json", "--no-history",
        ])
        #expect(judged.status == 4, "undefined: nothing paired. \(judged.error)")
        let failed = try #require(try JSONDecoder().decode(AlignmentReport.self, from: Data(judged.output.utf8)).dimensions.first)
        #expect(failed.name == "ArgumentMatch")
        #expect(failed.counts.labelled == 8 && failed.counts.judgeFailures == 8 && failed.counts.paired == 0)

        // An argument judge that fails the unrelated criterion and passes the fitting ones: it
        // disagrees with the expert on conversation 2's fitting criterion only.
        var scores = "id,ArgumentMatch\n"
        for row in questions.rows {
            scores += "\(row.id),\(row.input["criteria"]?.string == ToolCallAgentLoopTests.unrelated ? 0 : 1)\n"
        }
        try Data(scores.utf8).write(to: folder.appendingPathComponent("scores.csv"))
        let aligned = try await Self.judgecal([
            "align", path("args.run.jsonl"), "--rubric", path("tool-argument.md"), "--labels", path("args.labels.csv"),
            "--judge-scores", path("scores.csv"), "--json", "--no-history",
        ])
        #expect([0, 2, 3].contains(aligned.status), "\(aligned.error)")
        let dimension = try #require(try JSONDecoder().decode(AlignmentReport.self, from: Data(aligned.output.utf8)).dimensions.first)
        #expect(dimension.name == "ArgumentMatch")
        #expect(dimension.counts.paired == 8)
        #expect(dimension.exactAgreement.value == 0.75, "6 of 8: the two questions of conversation 2's fitting criterion differ")
        #expect(dimension.cohenKappa.unweighted.value == 0.5)
    }

    /// The live run of the argument judge on 33 questions (`Tests/Recordings/argument-judge`, README
    /// there): the judgments the local judge wrote, aligned with the expert's labels by `align`.
    @Test("The live argument judge's recorded answers: valid on every question, aligned with the expert's labels by align")
    func recordedLiveRun() async throws {
        let folder = SharedData.projectURL("Tests/Recordings/argument-judge")
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        // The judge's pass/fail per question, read from its judgments file, and the expert's from the sheet.
        var judged: [String: Double] = [:]
        var failures = 0
        for line in try String(contentsOfFile: path("args.judgments.jsonl"), encoding: .utf8).split(separator: "\n").dropFirst() {
            let judgment = try JSONValue.parse(Data(line.utf8))
            if judgment["failure"] != nil { failures += 1 }
            if let score = judgment["scores"]?.array?.first?["score"]?.double { judged[judgment["id"]?.string ?? ""] = score }
        }
        var expert: [String: Double] = [:]
        for line in try String(contentsOfFile: path("args.labels.csv"), encoding: .utf8).split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",")
            expert[String(cells[0])] = cells[1] == "pass" ? 1 : 0
        }
        #expect(expert.count == 33)
        #expect(failures == 0 && judged.count == 33, "the judge answered pass or fail on every question")
        let agreed = expert.count { judged[$0.key] == $0.value }

        let aligned = try await Self.judgecal([
            "align", path("args.run.jsonl"), "--rubric", path("tool-argument.md"), "--labels", path("args.labels.csv"),
            "--judge-scores", path("args.judgments.jsonl"), "--json", "--no-history",
        ])
        #expect([0, 2, 3, 4].contains(aligned.status), "\(aligned.error)")
        let dimension = try #require(try JSONDecoder().decode(AlignmentReport.self, from: Data(aligned.output.utf8)).dimensions.first)
        #expect(dimension.name == "ArgumentMatch")
        #expect(dimension.counts.paired == 33 && dimension.counts.judgeFailures == 0)
        #expect(dimension.exactAgreement.value == Double(agreed) / 33)
    }
}
