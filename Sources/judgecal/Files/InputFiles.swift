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

    /// Refuses an output that would replace one of the command's inputs, or another output, before
    /// anything is read or written (issue #29: `extract --next -o` its own `--labels` sheet replaced 20
    /// expert labels with a blank sheet). Paths are compared as the files they name, with `.`, `..` and
    /// symbolic links resolved.
    ///
    /// - Throws: ``UsageError`` (64) naming the output's role and path.
    static func refuseOverwriting(_ outputs: [(role: String, path: String?)], inputs: [String?]) throws {
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        let read = Set(inputs.compactMap { $0 }.map(resolved))
        var written: [String: String] = [:]
        for (role, path) in outputs {
            guard let path else { continue }
            let file = resolved(path)
            if read.contains(file) {
                throw UsageError("the \(role) '\(path)' is one of this command's inputs, which writing it would replace; name another file")
            }
            if let other = written[file] {
                throw UsageError("the \(role) '\(path)' is also the \(other); give each output its own file")
            }
            written[file] = role
        }
    }

    /// The frozen run at `path`.
    static func run(_ path: String) throws -> FrozenRun {
        try FrozenRun.load(from: existing(path, role: "run"))
    }

    /// The frozen run at `path`, read row by row (`FrozenRunFile`) so that memory stays flat in its
    /// rows; a run written as one JSON array, which cannot be, whole.
    static func rows(_ path: String) throws -> any RunRows {
        let url = try existing(path, role: "run")
        return try FrozenRunFile.open(url) ?? FrozenRun.load(from: url)
    }

    /// The rubric at `path`, refused when lint finds an error in it (`Rubric.loadForUse(from:)`).
    static func rubric(_ path: String) throws -> Rubric {
        try Rubric.loadForUse(from: existing(path, role: "rubric"))
    }

    /// The judge's judgments in the file at `path`: a judgments file of `judgecal judge`, or a judge's
    /// scores made elsewhere (CSV or JSON Lines, numbers or the scale's labels), on `rubric`'s
    /// dimensions, every row one of `run`'s when the run is known (`JudgmentSet.load(judgeScoresAt:rubric:run:)`).
    static func judgments(_ path: String, role: String, rubric: Rubric, run: FrozenRun?) throws -> JudgmentSet {
        try JudgmentSet.load(judgeScoresAt: existing(path, role: role), rubric: rubric, run: run)
    }

    /// A `--judge-scores` file's judgments (``judgments(_:role:rubric:run:)``) and the judge they stand for:
    /// the judgments' model, known by the file's SHA-256 (`JudgeIdentity(scoresFileAt:model:)`), as a
    /// certificate, a trust certificate or a calibration records it.
    static func judgeScores(_ path: String, rubric: Rubric, run: FrozenRun?) throws -> (judgments: JudgmentSet, judge: JudgeIdentity) {
        let url = try existing(path, role: "judge-scores file")
        let judgments = try JudgmentSet.load(judgeScoresAt: url, rubric: rubric, run: run)
        return (judgments, try JudgeIdentity(scoresFileAt: url, model: judgments.model))
    }
}
