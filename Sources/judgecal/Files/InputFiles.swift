import Calibration
import CommandLineParsing
import DataFormats
import EvaluationCore
import Foundation
import Judging

/// The files the commands read: a file that does not exist is
/// ``ExitCode/noInput`` (66) (an output that cannot be written is checked by
/// `StagedOutputs.check`, 73). A malformed file throws its ``InputError``,
/// which the tool's root maps to ``ExitCode/dataError`` (65) (`JudgeCal.exitCode(for:)`).
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

    /// The contents of an existing file named on the command line.
    ///
    /// - Throws: ``CommandFailure`` with ``ExitCode/noInput`` when there is no
    ///   such file or it cannot be read.
    static func read(_ path: String, role: String) throws -> Data {
        let url = try existing(path, role: role)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CommandFailure("cannot read the \(role) '\(path)': \(error.localizedDescription)", exitCode: .noInput)
        }
    }

    /// The frozen run at `path`.
    static func run(_ path: String) throws -> FrozenRun {
        let url = try existing(path, role: "run")
        return try FrozenRun.load(from: url)
    }

    /// The rubric at `path` (Markdown, or JSON by extension), refused when
    /// lint finds an error in it.
    ///
    /// Every command that takes a rubric reads it here, so none uses one that
    /// cannot be scored or labelled as written — two dimensions whose names are
    /// equal without regard to case would read one judge member and one sheet
    /// column (`rubric lint` reports the same finding as a diagnostic).
    ///
    /// - Throws: ``InputError`` naming the file and the line of the first lint error.
    static func rubric(_ path: String) throws -> Rubric {
        let url = try existing(path, role: "rubric")
        let rubric = try Rubric.load(from: url)
        if let error = RubricLinter.lint(rubric).first(where: { $0.severity == .error }) {
            throw InputError(file: error.file, line: error.line, message: error.message)
        }
        return rubric
    }
}
