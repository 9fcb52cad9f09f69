import Foundation
import Testing
import _TestSupport

/// README.md's main loop, run as the README shows it: the first `sh` block after the set-up block
/// (the one with `scripts/demo` and `scripts/test`), pasted into bash in a fresh folder that holds
/// copies of the files it reads, with the judgecal these tests run first on `PATH`.
@Suite("README's main loop")
struct ReadmeLoopTests {
    /// The folders of the repository the loop reads from, copied into the test's folder.
    static let inputFolders = ["notebooks-data", "calibration", "rubrics"]

    /// The bodies of README.md's ```sh blocks, in order.
    static func shellBlocks() throws -> [String] {
        let readme = try String(contentsOf: SharedData.projectURL("README.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if let lines = current {
                if line == "```" {
                    blocks.append(lines.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    current = lines + [line]
                }
            } else if line == "```sh" {
                current = []
            }
        }
        return blocks
    }

    /// The loop: the first `sh` block after the one that runs `scripts/demo` and `scripts/test`.
    static func loopBlock() throws -> String {
        let blocks = try shellBlocks()
        let setup = try #require(
            blocks.firstIndex { $0.contains("scripts/demo") && $0.contains("scripts/test") },
            "README.md has no set-up block with scripts/demo and scripts/test")
        return try #require(blocks.dropFirst(setup + 1).first, "README.md has no sh block after the set-up block")
    }

    /// The folder the block writes into (`out=FOLDER`), and the files it names there (`$out/NAME`).
    static func outputs(of block: String) throws -> (folder: String, files: Set<String>) {
        let folder = try #require(block.firstMatch(of: #/\bout=([\w.\-]+)/#), "the loop names no out= folder").1
        let files = Set(block.matches(of: #/\$out/([\w.\-]+)/#).map { String($0.1) })
        return (String(folder), files)
    }

    @Test("The loop reads only files committed under notebooks-data/, calibration/ and rubrics/, and names its outputs")
    func loopReadsCommittedFiles() throws {
        let block = try Self.loopBlock()
        let inputs = block.matches(of: #/\b((?:notebooks-data|calibration|rubrics)/[\w.\-/]+)/#).map { String($0.1) }
        #expect(inputs.count >= 3, "the loop reads the sample run, a rubric and the expert labels: \(inputs)")
        for path in inputs {
            let url = SharedData.projectURL(path)
            #expect(FileManager.default.fileExists(atPath: url.path), "\(path) is not in the repository")
        }
        let (folder, files) = try Self.outputs(of: block)
        #expect(folder == "loop-output", "the folder .gitignore ignores")
        let expected = [
            "book-tags.run.jsonl", "sheet.labels.csv", "book-tags.judgments.jsonl", "alignment.html", "estimates.html",
        ]
        for name in expected {
            #expect(files.contains(name), "the loop writes \(name)")
        }
    }

    @Test(
        "Pasted into bash from a fresh copy, the loop exits 0 and writes every file it names",
        .tags(.liveJudge), .needs(.localJudge))
    func loopRuns() throws {
        let block = try Self.loopBlock()
        let (folder, files) = try Self.outputs(of: block)
        let root = try SharedData.temporaryFolder("readme-loop")
        defer { try? FileManager.default.removeItem(at: root) }
        for name in Self.inputFolders {
            try FileManager.default.copyItem(at: SharedData.projectURL(name), to: root.appendingPathComponent(name))
        }
        let judgecal = try #require(JudgeCalProcess.executable, "the judgecal binary is not built")
        var environment = [
            "PATH": judgecal.deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin", "NO_COLOR": "1",
        ]
        if let url = ProcessInfo.processInfo.environment["JUDGECAL_BASE_URL"] { environment["JUDGECAL_BASE_URL"] = url }

        // `-e`: a step that fails stops the loop here, as it would not in a terminal; align's verdict is
        // the one exit the block itself allows for.
        let outcome = try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-e", "-u", "-o", "pipefail", "-c", block],
            environment: environment, inheritsEnvironment: false, workingDirectory: root,
            timeout: CalibrationLoopTests.liveTimeout
        ).run()
        #expect(outcome.status == 0, "\(outcome.output)\n\(outcome.error)")
        for name in files.sorted() {
            let path = root.appendingPathComponent(folder).appendingPathComponent(name).path
            #expect(FileManager.default.fileExists(atPath: path), "\(folder)/\(name) was not written")
        }
        if let verdict = outcome.output.firstMatch(of: #/align: exit (\d+)/#) {
            #expect(
                ["2", "3", "4"].contains(String(verdict.1)),
                "align exited \(verdict.1), which is no verdict: \(outcome.error)")
        }
    }
}
