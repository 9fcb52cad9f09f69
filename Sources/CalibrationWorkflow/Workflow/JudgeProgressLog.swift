public import CalibrationData
import CalibrationReports
internal import Synchronization

/// When to write a judge run's progress as a line of its own, for where no
/// line can be redrawn (a CI log, a file, a pipe).
///
/// A line (``JudgeProgress/logLine(name:elapsedSeconds:)``) is written when a
/// tenth of the rows (at least one) have finished since the last line, or when
/// ``interval`` has passed since the last line whether or not a row finished —
/// so a run stuck on a slow server still says how long it has been waiting.
public final class JudgeProgressLog: Sendable {
    /// Seconds between lines when rows finish slowly, unless told otherwise: 30.
    public static let defaultInterval: Duration = .seconds(30)

    private struct State {
        var last: JudgeProgress
        var rowsAtLastLine = 0
        var lastLine = ContinuousClock.now
    }

    private let name: String
    private let interval: Duration
    private let write: @Sendable (String) -> Void
    private let started = ContinuousClock.now
    private let state: Mutex<State>

    /// A log of the run `name` over `total` rows that hands each line to `write`.
    public init(name: String, total: Int, interval: Duration = defaultInterval, write: @escaping @Sendable (String) -> Void) {
        self.name = name
        self.interval = interval
        self.write = write
        state = Mutex(State(last: JudgeProgress(completed: 0, total: total, failed: 0)))
    }

    /// Records a finished row; writes a line when a tenth of the rows finished since the last one.
    public func update(_ progress: JudgeProgress) {
        let line: String? = state.withLock { s in
            s.last = progress
            guard progress.completed - s.rowsAtLastLine >= max(1, progress.total / 10) else { return nil }
            return describe(&s, at: .now)
        }
        if let line { write(line) }
    }

    /// Checks once a second (or more often for a shorter ``interval``) whether
    /// a line is due (``writeIfDue(at:)``), until the task is cancelled.
    public func tick() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: min(.seconds(1), interval))
            writeIfDue(at: .now)
        }
    }

    /// Writes a line when ``interval`` has passed by `now` since the last one,
    /// whether or not a row finished.
    public func writeIfDue(at now: ContinuousClock.Instant) {
        let line: String? = state.withLock { s in now - s.lastLine >= interval ? describe(&s, at: now) : nil }
        if let line { write(line) }
    }

    private func describe(_ s: inout State, at now: ContinuousClock.Instant) -> String {
        s.rowsAtLastLine = s.last.completed
        s.lastLine = now
        return s.last.logLine(name: name, elapsedSeconds: (now - started).components.seconds)
    }
}
