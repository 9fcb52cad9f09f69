public import CalibrationData
public import DataFormats
import Foundation
public import Judging

/// What `judgecal judge` writes and says: a run's judgments as JSON Lines and the tidy CSV beside them
/// (by default `notebooks-data/<run>.<rubric>.judgments.{jsonl,csv}`), and the summary of the pass.
///
/// Use: ``init(run:rubric:output:)`` before any judging (both paths are checked then, so a missing folder is
/// found before the first request), ``previouslyUnanswered`` for the rows the last pass got no answer for,
/// then ``write(model:dimensions:retried:judging:)`` while judging (or ``write(_:dimensions:retried:)``
/// after), and ``summary(of:batch:server:)`` of the ``Counts`` it returns.
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
    /// The rubric's version, for the judgments file's header.
    public let rubricVersion: String?

    /// The files for `run` judged with `rubric`: `output`, or the default path in `notebooks-data/`.
    ///
    /// - Throws: ``OutputError`` when either file cannot be written there (``StagedOutputs/check(_:role:appending:advice:)``).
    public init(run: some RunRows, rubric: Rubric, output: String?) throws(OutputError) {
        jsonPath = output ?? "notebooks-data/\(run.info.name).\(rubric.name).judgments.jsonl"
        let url = URL(fileURLWithPath: jsonPath)
        jsonName = InputFile.displayName(url)
        csvPath = InputFile.displayName(url.deletingPathExtension().appendingPathExtension("csv"))
        runName = run.info.name
        rubricName = rubric.name
        rubricVersion = rubric.version
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

    /// What a pass wrote, counted as the judgments went by: the figures of ``summary(of:batch:server:)``.
    public struct Counts: Sendable, Hashable {
        /// The judge model, as the judgments name it.
        public var model: String
        /// Rows judged.
        public var rows = 0
        /// Rows with scores.
        public var scored = 0
        /// Rows the judge failed on, transport failures included.
        public var failed = 0
        /// Rows the server never answered (``Judging/JudgeFailure/isTransport``).
        public var unanswered = 0
        /// Rows judged that had got no answer in the previous pass.
        public var retried = 0

        /// No rows yet, by `model`.
        public init(model: String) {
            self.model = model
        }

        /// Counts `judgment`, retried when its id is in `retried`.
        mutating func count(_ judgment: Judgment, retried ids: Set<String>) {
            rows += 1
            if judgment.failure == nil { scored += 1 } else { failed += 1 }
            if judgment.failure?.isTransport == true { unanswered += 1 }
            if ids.contains(judgment.id) { retried += 1 }
        }
    }

    /// Writes both files while `judging` hands judgments to its `each`, in the order it hands them
    /// over, and counts them; the files' bytes are those of ``JudgmentSet/jsonLines()`` and
    /// ``JudgmentSet/tidyCSV(dimensions:)`` of the same judgments.
    ///
    /// The files are staged beside their targets as the judgments come and put in place only when
    /// `judging` returns (``StagedOutputs/begin(at:role:)``), all or none: a pass that throws leaves
    /// what was at both paths as it was, and a process stopped part way leaves only hidden
    /// `.partial` files beside them, never a judgments file that looks complete.
    ///
    /// - Parameters:
    ///   - model: the judge model, for the header and the CSV's rater.
    ///   - dimensions: the CSV's dimensions.
    ///   - retried: the ids that got no answer in the previous pass (``previouslyUnanswered()``).
    /// - Returns: what was written, counted.
    /// - Throws: ``OutputError`` naming what could not be written; what `judging` throws.
    public func write(
        model: String, dimensions: [String], retried: Set<String>,
        judging: (_ each: (Judgment) throws -> Void) async throws -> Void
    ) async throws -> Counts {
        let lines = JudgmentSet.FileLines(
            run: runName, rubric: rubricName, rubricVersion: rubricVersion, model: model, dimensions: dimensions)
        var outputs = StagedOutputs()
        var counts = Counts(model: model)
        do {
            let json = try outputs.begin(at: jsonPath, role: "judgments file")
            let csv = try outputs.begin(at: csvPath, role: "judgments CSV")
            try outputs.append(try lines.jsonHeader(), to: json)
            try outputs.append(Data(lines.csvHeader.utf8), to: csv)
            try await judging { judgment in
                try outputs.append(try lines.json(judgment), to: json)
                try outputs.append(Data(lines.csv(judgment).utf8), to: csv)
                counts.count(judgment, retried: retried)
            }
            try outputs.commit()
        } catch {
            outputs.discard()
            throw error
        }
        return counts
    }

    /// Writes both files of `set`, all or none, as ``write(model:dimensions:retried:judging:)`` does.
    ///
    /// - Throws: ``OutputError`` naming what could not be written.
    public func write(_ set: JudgmentSet, dimensions: [String], retried: Set<String>) async throws -> Counts {
        try await write(model: set.model, dimensions: dimensions, retried: retried) { each in try set.judgments.forEach(each) }
    }

    /// What the pass did, for people (lines) and as JSON: rows judged, scored and failed, how many got no answer
    /// from the server, how many of the rows that got no answer last time were asked again, the two
    /// files, the batch round when the replies came from a batch results file, and in JSON the judge's cache, server
    /// and per-endpoint counts (`server`, ``JudgeSession/summaryJSON``).
    public func summary(of counts: Counts, batch: JudgeSession.BatchRound?, server: JSONValue? = nil) -> (
        text: [String], json: JSONValue
    ) {
        var json: [String: JSONValue] = [
            "run": .string(runName), "rubric": .string(rubricName), "model": .string(counts.model),
            "rows": .number(Double(counts.rows)), "scored": .number(Double(counts.scored)),
            "failed": .number(Double(counts.failed)), "unanswered": .number(Double(counts.unanswered)),
            "retried": .number(Double(counts.retried)), "judgments": .string(jsonName), "tidy": .string(csvPath),
        ]
        json["batch"] = batch?.json
        json["server"] = server
        let text = [
            "judged \(counts.rows) rows of \(runName) with \(rubricName) on \(counts.model): "
                + "\(counts.scored) scored, \(counts.failed) failed (\(counts.unanswered) got no answer from the server); "
                + "\(counts.retried) retried that got no answer last time",
            "wrote \(jsonName) and \(csvPath)",
        ]
        return (text + (batch.map { [$0.text[0]] } ?? []), .object(json))
    }

    /// The warnings after a pass: a batch round's problems, and rows to ask again when some got no answer.
    public func warnings(of counts: Counts, batch: JudgeSession.BatchRound?) -> [String] {
        let again =
            "\(counts.unanswered) rows got no answer from the judge server; run the same command again to ask exactly those rows again"
        return Array(batch?.text.dropFirst() ?? []) + (counts.unanswered > 0 ? [again] : [])
    }
}
