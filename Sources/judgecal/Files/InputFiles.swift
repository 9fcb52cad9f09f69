import CalibrationData
import CommandLineParsing
import DataFormats
import Foundation
import Judging

/// The input files named on the command line: a file that does not exist is
/// ``ExitCode/noInput`` (66). A malformed file throws its ``InputError``, which
/// the tool's root maps to ``ExitCode/dataError`` (65) (`JudgeCal.exitCode(for:)`);
/// outputs are checked by `StagedOutputs.check` (73).
enum InputFiles {
    /// The URL of an existing file named on the command line.
    ///
    /// - Throws: ``CommandFailure`` with ``ExitCode/noInput`` when there is no such file.
    static func existing(_ path: String, role: String) throws -> URL {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw CommandFailure("cannot read the \(role) '\(path)': there is no such file", exitCode: .noInput)
        }
        return URL(fileURLWithPath: path)
    }

    /// The contents of an existing file named on the command line (``InputFile/read(_:)``).
    static func read(_ path: String, role: String) throws -> Data {
        try InputFile.read(existing(path, role: role))
    }

    /// The frozen run at `path`.
    static func run(_ path: String) throws -> FrozenRun {
        try FrozenRun.load(from: existing(path, role: "run"))
    }

    /// The rubric at `path`, refused when lint finds an error in it (`Rubric.loadForUse(from:)`).
    static func rubric(_ path: String) throws -> Rubric {
        try Rubric.loadForUse(from: existing(path, role: "rubric"))
    }
}
