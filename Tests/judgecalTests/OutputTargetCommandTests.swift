import Foundation
import Testing
import _TestSupport

/// Issue #29: every output was written to a temporary file renamed over its path, so a device, FIFO or
/// symbolic link there was replaced by a regular file, and a failed write to standard output trapped.
@Suite("Outputs to devices, FIFOs and symbolic links, and a standard output that cannot be written")
struct OutputTargetCommandTests {
    /// `align --judge-scores` on HANNA's first judge, quick (no resamples), with its report at `report`.
    static func align(report: String) -> [String] {
        [
            "align", "--judge-scores", "notebooks-data/hanna-judges/Mistral-7B.p1.csv", "--labels", "notebooks-data/hanna.labels.csv",
            "--means", "--no-history", "--resamples", "0", "--statistic", "pearson", "--report", report,
        ]
    }

    /// `judgecal` run by the shell with `redirection` after it, in the package root.
    static func shell(_ arguments: [String], _ redirection: String) throws -> ChildProcess.Outcome {
        let binary = try #require(JudgeCalProcess.executable).path
        let command = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ") + " " + redirection
        return try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command], environment: ["NO_COLOR": "1"],
            inheritsEnvironment: false, workingDirectory: SharedData.packageRoot, timeout: .seconds(300)
        ).run()
    }

    @Test("results that cannot be written to standard output (/dev/full) end with 74 and say so, instead of a trap (132)")
    func fullStandardOutput() throws {
        let help = try Self.shell(["--help"], "> /dev/full")
        #expect(help.status == 74, "\(help.error)")
        #expect(help.error.contains("standard output could not be written (No space left on device)"), "\(help.error)")
        let aligned = try Self.shell(Self.align(report: "/dev/null"), "> /dev/full")
        #expect(aligned.status == 74, "\(aligned.error)")
    }

    @Test("a report at /dev/stdout is written through to standard output; /dev/null stays a device")
    func devices() throws {
        let run = try JudgeCalProcess.run(Self.align(report: "/dev/stdout") + ["--json"])
        #expect(run.status == 2, "\(run.error)")
        #expect(run.output.components(separatedBy: "\"schemaVersion\"").count == 3, "the printed report and the written one")
        let null = try JudgeCalProcess.run(Self.align(report: "/dev/null"))
        #expect(null.status == 2, "\(null.error)")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
    }

    @Test("a report at a FIFO is written into the pipe; a report at a symbolic link writes the file it points to and keeps the link")
    func fifoAndLink() throws {
        let folder = try SharedData.temporaryFolder("output-targets")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("report.fifo.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let copy = folder.appendingPathComponent("copy.json").path
        let piped = try Self.shell(Self.align(report: fifo), "> /dev/null & cat '\(fifo)' > '\(copy)'; wait $!")
        #expect(piped.status == 2, "\(piped.error)")
        #expect(try String(contentsOfFile: copy, encoding: .utf8).contains("\"schemaVersion\""))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")

        let link = folder.appendingPathComponent("latest.json").path
        let target = folder.appendingPathComponent("reports/r1.json")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "reports/r1.json")
        let linked = try JudgeCalProcess.run(Self.align(report: link))
        #expect(linked.status == 2, "\(linked.error)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "reports/r1.json", "the link is kept")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("\"schemaVersion\""), "a link that pointed nowhere yet")
    }
}
