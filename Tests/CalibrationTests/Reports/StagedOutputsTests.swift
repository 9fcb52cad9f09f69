import Calibration
import CalibrationData
import DataFormats
import Foundation
import Testing
import _TestSupport

@testable import judgecal

@Suite("Outputs written all or none")
struct StagedOutputsTests {
    @Test("Staged reports are put in place only after the first step succeeds, and leave no temporary file behind")
    func commits() throws {
        let folder = try SharedData.temporaryFolder("staged")
        let html = folder.appendingPathComponent("r.html").path
        let json = folder.appendingPathComponent("r.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: json))
        var outputs = StagedOutputs()
        try outputs.stage(Data("<p>".utf8), at: html, role: "report")
        try outputs.stage(Data("{}".utf8), at: json, role: "report")
        #expect(!FileManager.default.fileExists(atPath: html), "nothing in place before the commit")
        #expect(try String(contentsOfFile: json, encoding: .utf8) == "old")
        var ran = false
        try outputs.commit { ran = true }
        #expect(ran)
        #expect(try String(contentsOfFile: html, encoding: .utf8) == "<p>")
        #expect(try String(contentsOfFile: json, encoding: .utf8) == "{}")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["r.html", "r.json"])
    }

    @Test("Temporary files a dead process left beside a target are removed when it is written again; a live one's are kept")
    func abandonedPartials() throws {
        let folder = try SharedData.temporaryFolder("abandoned")
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let names = [
            ".j.jsonl.\(finished.processIdentifier)-deadbeef.partial", ".j.jsonl.\(getpid())-alive000.partial", ".j.jsonl.oldstyle.partial",
            ".k.jsonl.\(finished.processIdentifier)-otherfil.partial",
        ]
        for name in names { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        try StagedOutputs.writeAllOrNone([(Data("{}\n".utf8), folder.appendingPathComponent("j.jsonl").path, "judgments")])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == [names[3], names[1], names[2], "j.jsonl"].sorted())
    }

    @Test("A file begun and appended to in pieces, past the bytes gathered before a write, is put in place whole at the commit")
    func appended() throws {
        let folder = try SharedData.temporaryFolder("staged")
        let path = folder.appendingPathComponent("j.jsonl").path
        var outputs = StagedOutputs()
        let file = try outputs.begin(at: path, role: "judgments file")
        var expected = Data()
        for k in 0..<3_000 {
            let line = Data("{\"k\": \(k), \"pad\": \"\(String(repeating: "x", count: 700))\"}\n".utf8)
            try outputs.append(line, to: file)
            expected.append(line)
        }
        #expect(expected.count > 2 << 20, "more than twice the bytes gathered before a write")
        #expect(!FileManager.default.fileExists(atPath: path), "nothing in place before the commit")
        try outputs.commit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["j.jsonl"])
    }

    @Test("A history append that fails writes no report, removes the staged files and names what was held back")
    func failedHistory() throws {
        let folder = try SharedData.temporaryFolder("staged")
        let html = folder.appendingPathComponent("r.html").path
        let history = folder.appendingPathComponent("history.jsonl")
        try FileManager.default.createDirectory(at: history, withIntermediateDirectories: false)
        var outputs = StagedOutputs()
        try outputs.stage(Data("<p>".utf8), at: html, role: "report")
        let entry = try AlignmentHistoryEntry.decode(line: Data(#"{"time":"2026-12-01T00:00:00Z","threshold":0.6,"dimensions":[]}"#.utf8))
        let error = try #require(throws: OutputError.self) { try outputs.commit { try entry.append(to: history) } }
        #expect(error.path == history.path)
        #expect(
            JudgeCal.message(for: error)
                == "cannot append to the history file '\(history.path)': Is a directory, so the report '\(html)' was not written either; pass --history FILE to append elsewhere, or --no-history"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["history.jsonl"])
    }

    @Test("A report in a folder that takes no new file is refused when staged, naming it, and the files staged before it go too")
    func unwritableReport() throws {
        let folder = try SharedData.temporaryFolder("staged")
        let sheet = folder.appendingPathComponent("s.labels.csv").path
        let path = try SharedData.unwritableFolder() + "/r.html"
        var outputs = StagedOutputs()
        try outputs.stage(Data("id\n".utf8), at: sheet, role: "label sheet")
        let error = try #require(throws: OutputError.self) { try outputs.stage(Data("<p>".utf8), at: path, role: "report") }
        #expect(
            error.description
                == "cannot write the report '\(path)': Permission denied, so the label sheet '\(sheet)' was not written either")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        try outputs.commit()
        #expect(!FileManager.default.fileExists(atPath: sheet), "a commit after a failed stage writes nothing")
    }

    @Test("The check before any work names a missing folder, a folder in the file's place, and the advice")
    func check() throws {
        let folder = try SharedData.temporaryFolder("staged")
        let missing = #expect(throws: OutputError.self) {
            try StagedOutputs.check("/nonexistent-folder/h.jsonl", role: "history file", appending: true, advice: "pass --no-history")
        }
        #expect(
            missing?.description
                == "cannot append to the history file '/nonexistent-folder/h.jsonl': the folder /nonexistent-folder does not exist; pass --no-history"
        )
        let isFolder = #expect(throws: OutputError.self) { try StagedOutputs.check(folder.path, role: "report") }
        #expect(isFolder?.reason == "it is a folder")
        try StagedOutputs.check(folder.appendingPathComponent("new.html").path, role: "report")
    }
}
