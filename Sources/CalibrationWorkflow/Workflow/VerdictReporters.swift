public import CalibrationReports
public import DataFormats
public import Foundation

/// What a verdict command writes for a CI system besides its own outputs: its verdicts as a JUnit XML
/// file (``VerdictSuite/junitXML()``), and its Markdown report appended to a job summary (GitHub's,
/// the file its runner names), each where asked for.
///
/// Both go with the command's other outputs, all or none (``write(_:reporters:verdicts:markdown:after:)``): the
/// JUnit file is staged beside the report and renamed into place with it, and the summary is appended
/// after the history lines (so no summary claims a look the history lacks) and before any staged file is put
/// in place. A failing verdict writes them as a passing one does: the verdict is the command's answer,
/// not an error.
public struct VerdictReporters: Sendable, Hashable {
    /// Where to write the JUnit XML file, if anywhere.
    public var junit: String?
    /// The job summary the Markdown report is appended to, if any; appended to, never replaced.
    public var jobSummary: String?
    /// The command the suite is named for (`align`, `probe`).
    public var command: String
    /// When the command began: the suite's timestamp, and the start of its time.
    public var started: Date
    private var clock: ContinuousClock.Instant

    /// Reporters for `command`, begun now.
    public init(command: String, junit: String? = nil, jobSummary: String? = nil) {
        self.command = command
        self.junit = junit
        self.jobSummary = jobSummary
        started = Date()
        clock = .now
    }

    /// Checks both locations before any work (``StagedOutputs/check(_:role:appending:advice:remedy:)``): the
    /// JUnit file's folder exists and may be written, and the job summary may be appended to.
    ///
    /// - Throws: ``OutputError`` naming the path and why.
    public func check() throws(OutputError) {
        if let junit { try StagedOutputs.check(junit, role: "JUnit file") }
        if let jobSummary { try StagedOutputs.check(jobSummary, role: "job summary", appending: true) }
    }

    /// Writes `files` all or none (``StagedOutputs/writeAllOrNone(_:after:)``) after `first` (the history
    /// lines), and with `reporters` the JUnit file of `verdicts` among them and `markdown` appended to the
    /// job summary after `first`, before the files are put in place. The suite, named for the reporters'
    /// command, gets its timestamp and the time since the command began.
    ///
    /// - Parameters:
    ///   - verdicts: the suite for a command's name; `nil` for a report without verdicts, which writes no reporter's file.
    ///   - markdown: the report as Markdown, made only for a job summary.
    /// - Throws: ``OutputError`` naming what could not be written and what was held back; as `first` throws.
    public static func write(
        _ files: [(data: Data, path: String, role: String)], reporters: VerdictReporters?, verdicts: (_ command: String) -> VerdictSuite?,
        markdown: () -> String, after first: () throws -> Void = {}
    ) throws {
        guard let reporters, var suite = verdicts(reporters.command) else { return try StagedOutputs.writeAllOrNone(files, after: first) }
        suite.timestamp = reporters.started
        suite.time = reporters.clock.duration(to: .now)
        let junit = reporters.junit.map { (data: Data(suite.junitXML().utf8), path: $0, role: "JUnit file") }
        try StagedOutputs.writeAllOrNone(files + (junit.map { [$0] } ?? [])) {
            try first()
            if let summary = reporters.jobSummary {
                try StagedOutputs.append(Data((markdown() + "\n").utf8), to: summary, role: "job summary")
            }
        }
    }
}
