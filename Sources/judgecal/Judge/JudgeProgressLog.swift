import Calibration
import CommandLineParsing
import Foundation
import Synchronization

/// Progress of a judge run as lines on standard error, for when standard error
/// is not a terminal (a CI log, a file, a pipe), where no progress line is drawn.
///
/// A line is written when a tenth of the rows (at least one) have finished
/// since the last line, or when ``interval`` has passed since the last line
/// whether or not a row finished — so a run stuck on a slow server still says
/// how long it has been waiting: rows done of all, failures (and how many got
/// no answer from the server), time elapsed and the rate.
final class JudgeProgressLog: Sendable {
    /// Seconds between lines when rows finish slowly: 30.
    static let interval: Duration = .seconds(30)

    private struct State {
        var last = JudgeProgress(completed: 0, total: 0, failed: 0)
        var rowsAtLastLine = 0
        var lastLine = ContinuousClock.now
    }

    private let name: String
    private let console: Console
    private let started = ContinuousClock.now
    private let state = Mutex(State())

    init(name: String, total: Int, console: Console) {
        self.name = name
        self.console = console
        state.withLock { $0.last.total = total }
    }

    /// Records a finished row; writes a line when a tenth of the rows finished since the last one.
    func update(_ progress: JudgeProgress) {
        let line: String? = state.withLock { s in
            s.last = progress
            guard progress.completed - s.rowsAtLastLine >= max(1, progress.total / 10) else { return nil }
            return describe(&s)
        }
        if let line { console.printNote(line) }
    }

    /// Writes a line every ``interval`` without one, until the task is cancelled.
    func tick() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            let line: String? = state.withLock { s in
                ContinuousClock.now - s.lastLine >= Self.interval ? describe(&s) : nil
            }
            if let line { console.printNote(line) }
        }
    }

    private func describe(_ s: inout State) -> String {
        s.rowsAtLastLine = s.last.completed
        s.lastLine = ContinuousClock.now
        let elapsed = (ContinuousClock.now - started).components.seconds
        // No rate before a whole second has passed (rows answered from the cache), rather than a 0.
        let rate = elapsed > 0 ? ", " + String(format: "%.1f", Double(s.last.completed) * 60 / Double(elapsed)) + " rows/min" : ""
        let noAnswer = s.last.transportFailed > 0 ? " (\(s.last.transportFailed) no answer from the server)" : ""
        return "judge \(name): \(s.last.completed)/\(s.last.total) rows, \(s.last.failed) failed\(noAnswer), "
            + "\(elapsed / 60) min \(elapsed % 60) s elapsed\(rate)"
    }
}
