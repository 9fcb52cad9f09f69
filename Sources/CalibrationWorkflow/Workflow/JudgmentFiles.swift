public import CalibrationData
public import DataFormats
import Foundation
public import Judging

/// What `judgecal judge` writes and says: a run's judgments as JSON Lines and the tidy CSV beside them
/// (by default `notebooks-data/<run>.<rubric>.judgments.{jsonl,csv}`), and the summary of the pass.
///
/// Use: ``init(run:rubric:output:)`` before any judging (both paths are checked then, so a missing folder is
/// found before the first request), ``previouslyUnanswered`` for the rows the last pass got no answer for,
/// then ``write(_:dimensions:)`` and ``summary(of:retried:batch:)``.
public struct JudgmentFiles: Sendable {
    /// The judgments file (`.judgments.jsonl`), as the user named it.
    public let jsonPath: String
    /// The judgments file's path for messages (``InputFile/displayName(_:)``).
    public let jsonName: String
    /// The tidy CSV beside it (same name, `.csv`).
    public let csvPath: String
    /// The run's name, for the summary.
    public let runName: String
    /// The rubric's name, for the summary.
    public let rubricName: String

    /// The files for `run` judged with `rubric`: `output`, or the default path in `notebooks-data/`.
    ///
    /// - Throws: ``OutputError`` when either file cannot be written there (``StagedOutputs/check(_:role:appending:advice:)``).
    public init(run: FrozenRun, rubric: Rubric, output: String?) throws(OutputError) {
        jsonPath = output ?? "notebooks-data/\(run.info.name).\(rubric.name).judgments.jsonl"
        let url = URL(fileURLWithPath: jsonPath)
        jsonName = InputFile.displayName(url)
        csvPath = InputFile.displayName(url.deletingPathExtension().appendingPathExtension("csv"))
        runName = run.info.name
        rubricName = rubric.name
        try StagedOutputs.check(jsonPath, role: "judgments file")
        try StagedOutputs.check(csvPath, role: "judgments CSV")
    }

    /// The ids of the rows the judgments already at ``jsonPath`` got no answer for
    /// (``JudgmentSet/previouslyUnanswered(at:)``); empty when there is no such file.
    ///
    /// - Throws: ``JudgmentSet/PreviousJudgmentsError`` for a judgments file there that does not read.
    public func previouslyUnanswered() throws -> Set<String> {
        try JudgmentSet.previouslyUnanswered(at: URL(fileURLWithPath: jsonPath))
    }

    /// Writes both files, all or none (``StagedOutputs/writeAllOrNone(_:after:)``).
    ///
    /// - Throws: ``OutputError`` naming what could not be written.
    public func write(_ set: JudgmentSet, dimensions: [String]) throws {
        try StagedOutputs.writeAllOrNone([
            (try set.jsonLines(), jsonPath, "judgments file"),
            (Data(set.tidyCSV(dimensions: dimensions).utf8), csvPath, "judgments CSV"),
        ])
    }

    /// What the pass did, for people (lines) and as JSON: rows judged, scored and failed, how many got no answer
    /// from the server, how many of the rows `retried` (ids that got no answer last time) were asked again, the two
    /// files, the batch round when the replies came from a batch results file, and in JSON the judge's cache, server
    /// and per-endpoint counts (`server`, ``JudgeSession/summaryJSON``).
    public func summary(of set: JudgmentSet, retried: Set<String>, batch: JudgeSession.BatchRound?, server: JSONValue? = nil) -> (
        text: [String], json: JSONValue
    ) {
        let asked = set.judgments.count { retried.contains($0.id) }
        let unanswered = set.unansweredIDs.count
        var json: [String: JSONValue] = [
            "run": .string(runName), "rubric": .string(rubricName), "model": .string(set.model),
            "rows": .number(Double(set.judgments.count)), "scored": .number(Double(set.scoredCount)),
            "failed": .number(Double(set.failedCount)), "unanswered": .number(Double(unanswered)),
            "retried": .number(Double(asked)), "judgments": .string(jsonName), "tidy": .string(csvPath),
        ]
        json["batch"] = batch?.json
        json["server"] = server
        let text = [
            "judged \(set.judgments.count) rows of \(runName) with \(rubricName) on \(set.model): "
                + "\(set.scoredCount) scored, \(set.failedCount) failed (\(unanswered) got no answer from the server); "
                + "\(asked) retried that got no answer last time",
            "wrote \(jsonName) and \(csvPath)",
        ]
        return (text + (batch.map { [$0.text[0]] } ?? []), .object(json))
    }

    /// The warnings after a pass: a batch round's problems, and rows to ask again when some got no answer.
    public func warnings(of set: JudgmentSet, batch: JudgeSession.BatchRound?) -> [String] {
        let unanswered = set.unansweredIDs.count
        let again =
            "\(unanswered) rows got no answer from the judge server; run the same command again to ask exactly those rows again"
        return Array(batch?.text.dropFirst() ?? []) + (unanswered > 0 ? [again] : [])
    }
}
