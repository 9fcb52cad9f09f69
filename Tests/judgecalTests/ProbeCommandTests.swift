import Foundation
import Testing
import _TestSupport

@Suite("judgecal probe: the exact messages shown, and clear errors before any call")
struct ProbeCommandTests {
    static let base = ["probe", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md"]

    @Test("--show prints every probe's messages for the row, with what was planted, and calls no judge")
    func show() throws {
        let r = try JudgeCalProcess.run(
            Self.base + [
                "--probe", "injection,level-order", "--field", "response.tags", "--show", "book-003",
                "--base-url", "http://127.0.0.1:9/v1",
            ])
        #expect(r.status == 0, "\(r.error)")
        #expect(r.output.contains("=== injection: ") && r.output.contains("(master-key-solution)"))
        #expect(r.output.contains("Scores, highest first:"))
    }

    @Test(
        "Bad input is named, with its exit code",
        arguments: [
            (["--probe", "injektion"], 64, "there is no probe named 'injektion'; did you mean injection?"),
            (["--probe", "position"], 64, "the position probe does not apply"),
            (["--probe", "authority", "--show", "book-001"], 65, "holds an object, not a string or a list of strings"),
            (["--probe", "authority", "--field", "response.summary", "--show", "book-001"], 65, "row book-001 has no response.summary"),
            (["--probe", "authority", "--field", "response.tags", "--show", "book-999"], 64, "has no row 'book-999'"),
        ])
    func badInput(extra: [String], status: Int32, message: String) throws {
        let r = try JudgeCalProcess.run(Self.base + extra)
        #expect(r.status == status, "\(r.error)")
        #expect(r.error.contains(message), "\(r.error)")
    }
}
