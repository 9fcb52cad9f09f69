import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import DataFormats
import Foundation
import Synchronization
import Testing

@testable import judgecal

/// Collects the lines a progress log writes.
private final class Lines: Sendable {
    let lines = Mutex([String]())
    func write(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

@Suite("A judge run's progress, as lines: what they say and when a log writes one")
struct JudgeProgressTests {
    @Test("The redrawn line: rows, the rate per second, the time left at that rate, failures")
    func redrawn() {
        let progress = JudgeProgress(completed: 12, total: 42, failed: 1)
        #expect(progress.redrawnLine(name: "book-tags", elapsedSeconds: 24) == "book-tags: 12/42 rows, 0.50/s, ~60s left, 1 failed")
        #expect(
            JudgeProgress(completed: 0, total: 42, failed: 0).redrawnLine(name: "b", elapsedSeconds: 0)
                == "b: 0/42 rows, 0.00/s, ~0s left, 0 failed")
    }

    @Test("The log line: minutes and seconds, rows a minute, rows without an answer; no rate before a second")
    func logged() {
        let progress = JudgeProgress(completed: 12, total: 42, failed: 2, transportFailed: 1)
        #expect(
            progress.logLine(name: "book-tags", elapsedSeconds: 125)
                == "judge book-tags: 12/42 rows, 2 failed (1 no answer from the server), 2 min 5 s elapsed, 5.8 rows/min")
        #expect(
            JudgeProgress(completed: 3, total: 42, failed: 0).logLine(name: "b", elapsedSeconds: 0)
                == "judge b: 3/42 rows, 0 failed, 0 min 0 s elapsed")
    }

    @Test("A line each time a tenth of the rows has finished since the last, and not between")
    func everyTenth() {
        let lines = Lines()
        let log = JudgeProgressLog(name: "r", total: 30, write: lines.write)
        for completed in 1...30 { log.update(JudgeProgress(completed: completed, total: 30, failed: 0)) }
        #expect(lines.all.count == 10)
        #expect(lines.all.first?.hasPrefix("judge r: 3/30 rows, 0 failed, ") == true)
        #expect(lines.all.last?.hasPrefix("judge r: 30/30 rows, 0 failed, ") == true)
    }

    @Test("With no row finishing, a line once the interval has passed since the last, and not again at once")
    func interval() {
        let lines = Lines()
        let log = JudgeProgressLog(name: "stuck", total: 5, write: lines.write)
        let start = ContinuousClock.now
        log.writeIfDue(at: start + .seconds(10))
        #expect(lines.all.isEmpty, "not due before 30 s")
        log.writeIfDue(at: start + .seconds(95))
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.hasPrefix("judge stuck: 0/5 rows, 0 failed, 1 min 3") == true, "\(lines.all)")
        log.writeIfDue(at: start + .seconds(100))
        #expect(lines.all.count == 1, "the interval counts from the last line")
        log.writeIfDue(at: start + .seconds(126))
        #expect(lines.all.count == 2)
    }

    @Test("A previous judgments file that does not read is an error naming it and the way out; no file is nothing to retry")
    func previousFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-prev-\(UUID()).judgments.jsonl")
        #expect(try JudgmentSet.previouslyUnanswered(at: url).isEmpty)
        try Data("{\"judgments\": {\"run\": \"r\", \"rubric\": \"b\", \"model\": \"m\"}}\nnot json\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = try #require(throws: JudgmentSet.PreviousJudgmentsError.self) { try JudgmentSet.previouslyUnanswered(at: url) }
        #expect(error.file == InputFile.displayName(url))
        #expect(error.line == 2)
        #expect(JudgeCal.message(for: error)?.hasSuffix("move the file away or choose another --output") == true)
    }
}
