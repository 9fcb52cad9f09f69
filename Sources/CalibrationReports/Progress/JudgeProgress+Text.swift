public import CalibrationData
import Foundation

extension JudgeProgress {
    /// The progress line redrawn on a terminal:
    /// `book-tags: 12/42 rows, 0.50/s, ~60s left, 1 failed`.
    ///
    /// The rate is rows finished per second since the run started; the time
    /// left is the rows still to do at that rate (0 before any row finished).
    public func redrawnLine(name: String, elapsedSeconds: Double) -> String {
        let rate = elapsedSeconds > 0 ? Double(completed) / elapsedSeconds : 0
        let left = rate > 0 ? Int(Double(total - completed) / rate) : 0
        return "\(name): \(completed)/\(total) rows, \(String(format: "%.2f", rate))/s, ~\(left)s left, \(failed) failed"
    }

    /// A progress line for a log, where lines are not redrawn:
    /// `judge book-tags: 12/42 rows, 1 failed (1 no answer from the server), 2 min 5 s elapsed, 5.8 rows/min`.
    ///
    /// No rate is given before a whole second has passed (rows answered from
    /// the cache), rather than a rate of 0.
    public func logLine(name: String, elapsedSeconds: Int64) -> String {
        let rate =
            elapsedSeconds > 0 ? ", " + String(format: "%.1f", Double(completed) * 60 / Double(elapsedSeconds)) + " rows/min" : ""
        let noAnswer = transportFailed > 0 ? " (\(transportFailed) no answer from the server)" : ""
        return "judge \(name): \(completed)/\(total) rows, \(failed) failed\(noAnswer), "
            + "\(elapsedSeconds / 60) min \(elapsedSeconds % 60) s elapsed\(rate)"
    }
}
