import CalibrationData
import CalibrationWorkflow
import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

@testable import judgecal

@Suite("A judgments file read a judgment at a time: the rows to ask again, the same errors as read whole")
struct StreamedJudgmentsTests {
    /// A judgment with a score and a raw reply of about 2 KB; every seventh row a transport failure,
    /// every eleventh a reply that did not parse.
    static func judgment(_ index: Int) throws -> Judgment {
        let id = "row-\(index)"
        func failure(_ code: String) throws -> JudgeFailure {
            try JSONDecoder().decode(JudgeFailure.self, from: Data(#"{"code": "\#(code)", "message": "no answer"}"#.utf8))
        }
        if index % 7 == 3 { return Judgment(id: id, failure: try failure(JudgeFailure.transportCode), model: "m", promptHash: "h") }
        if index % 11 == 5 { return Judgment(id: id, failure: try failure("no-json"), model: "m", promptHash: "h") }
        let score = DimensionJudgment(dimension: "Quality", score: Double(index % 4 + 1), label: "\(index % 4 + 1)", rationale: "fine")
        return Judgment(
            id: id, scores: [score], rawReplies: [String(repeating: "reply \(index) ", count: 200)], retries: 0, model: "m", promptHash: "h")
    }

    /// A judgments file of `rows` rows, past several 4 MiB windows at 3,000 rows.
    static func file(rows: Int) throws -> (URL, JudgmentSet) {
        let set = JudgmentSet(run: "r", rubric: "b", rubricVersion: "2", model: "m", judgments: try (0..<rows).map(judgment))
        let url = try SharedData.temporaryFolder("streamed-judgments").appendingPathComponent("r.b.judgments.jsonl")
        try set.jsonLines().write(to: url)
        return (url, set)
    }

    @Test("Resume: exactly the ids of the transport failures, as the whole file read gives them, past a window of the file")
    func unanswered() throws {
        let (url, set) = try Self.file(rows: 3_000)
        #expect(try Data(contentsOf: url).count > ByteSource.defaultChunkSize, "the file spans more than one window")
        let ids = try JudgmentSet.previouslyUnanswered(at: url)
        #expect(ids == Set((0..<3_000).filter { $0 % 7 == 3 }.map { "row-\($0)" }))
        #expect(ids == Set(try JudgmentSet.load(from: url).unansweredIDs))
        #expect(try JudgmentSet.load(from: url) == set)
    }

    @Test("Resume: a line that does not decode deep in the file is named by its line, as the file read whole names it")
    func locatedError() throws {
        let (url, _) = try Self.file(rows: 3_000)
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        lines[2_901] = #"{"id": "row-2900", "scores": "#
        lines[2_951] = #"{"id": "row-2950"}"#
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
        let error = try #require(throws: JudgmentSet.PreviousJudgmentsError.self) { try JudgmentSet.previouslyUnanswered(at: url) }
        #expect(error.file == InputFile.displayName(url) && error.line == 2_902)
        let whole = try #require(throws: InputError.self) { try JudgmentSet.load(from: url) }
        #expect(whole.line == 2_902 && whole.column != nil)
        #expect(JudgeCal.message(for: error)?.hasPrefix(whole.description) == true, "\(error)")
        lines[2_901] = lines[2_900]
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
        let undecoded = try #require(throws: JudgmentSet.PreviousJudgmentsError.self) { try JudgmentSet.previouslyUnanswered(at: url) }
        #expect(undecoded.line == 2_952 && JudgeCal.message(for: undecoded)?.contains("is missing") == true)
    }

    @Test("Each judgment handed over in file order with the header; what the receiver throws comes out as it is")
    func eachJudgment() throws {
        struct Enough: Error {}
        let (url, set) = try Self.file(rows: 40)
        var seen: [String] = []
        let header = try JudgmentSet.forEachJudgment(inFileAt: url) { seen.append($0.id) }
        #expect(seen == set.judgments.map(\.id))
        #expect(header.run == "r" && header.rubric == "b" && header.rubricVersion == "2" && header.model == "m" && header.judgments.isEmpty)
        seen = []
        #expect(throws: Enough.self) {
            try JudgmentSet.forEachJudgment(inFileAt: url) { judgment in
                guard seen.count < 3 else { throw Enough() }
                seen.append(judgment.id)
            }
        }
        #expect(seen == ["row-0", "row-1", "row-2"])
    }

    @Test("A file written as one JSON array, an empty file and a missing one read as they did whole")
    func otherShapes() throws {
        let (url, set) = try Self.file(rows: 12)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        let array = url.deletingLastPathComponent().appendingPathComponent("array.judgments.jsonl")
        try Data(("[\n" + lines.joined(separator: ",\n") + "\n]\n").utf8).write(to: array)
        #expect(try JudgmentSet.load(from: array) == set)
        #expect(try JudgmentSet.previouslyUnanswered(at: array) == ["row-3", "row-10"])
        let empty = url.deletingLastPathComponent().appendingPathComponent("empty.judgments.jsonl")
        try Data("\n\n".utf8).write(to: empty)
        let error = try #require(throws: JudgmentSet.PreviousJudgmentsError.self) { try JudgmentSet.previouslyUnanswered(at: empty) }
        #expect(JudgeCal.message(for: error)?.hasPrefix("\(InputFile.displayName(empty)): is empty; expected judgments") == true)
        let missing = url.deletingLastPathComponent().appendingPathComponent("none.judgments.jsonl")
        #expect(try JudgmentSet.previouslyUnanswered(at: missing).isEmpty)
        #expect(throws: InputError.self) { try JudgmentSet.load(from: missing) }
    }
}
