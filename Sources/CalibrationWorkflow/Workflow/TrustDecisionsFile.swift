public import CalibrationData
public import DataFormats
public import Foundation
public import SelectiveTrust

/// What a judge run under a trust certificate writes: each row's decision per dimension, kept or
/// escalated, as a CSV beside the judgments (`<run>.<rubric>.trust.csv`), and the summary of it.
public struct TrustDecisionsFile: Sendable {
    /// Where the decisions go: the judgments file's path with `.judgments.jsonl` (or its extension) replaced by `.trust.csv`.
    public let path: String

    /// The decisions file beside the judgments at `judgmentsPath`, checked writable now, before any judging.
    ///
    /// - Throws: ``DataFormats/OutputError`` when it cannot be written there.
    public init(besideJudgmentsAt judgmentsPath: String) throws(OutputError) {
        let url = URL(fileURLWithPath: judgmentsPath)
        let name = url.lastPathComponent
        let stem = name.hasSuffix(".judgments.jsonl") ? String(name.dropLast(".judgments.jsonl".count)) : url.deletingPathExtension().lastPathComponent
        path = InputFile.displayName(url.deletingLastPathComponent().appendingPathComponent(stem + ".trust.csv"))
        try StagedOutputs.check(path, role: "trust decisions")
    }

    /// The columns: `id, dimension, decision` (`kept` or `escalated`), `level` and `confidence` (blank
    /// where the judge gave none), `reason` (why a row was escalated; blank when kept).
    public static let columns = ["id", "dimension", "decision", "level", "confidence", "reason"]

    /// The decisions as the file holds them, one record per row and dimension; every cell spreadsheet-safe.
    public static func csv(_ decisions: [TrustDecision]) -> String {
        let writer = CSVWriter()
        return writer.record(columns) + records(decisions, writer: writer)
    }

    /// The records of `decisions`, one per row and dimension, without the header.
    private static func records(_ decisions: [TrustDecision], writer: CSVWriter) -> String {
        decisions.reduce(into: "") { out, d in
            let cells = [
                d.id, d.dimension, d.kept ? "kept" : "escalated", d.level.map { JSONValue.number($0).plainText } ?? "",
                d.confidence.map { JSONValue.number($0).plainText } ?? "", d.escalatedBecause?.rawValue ?? "",
            ]
            out += writer.record(cells.map(CSVWriter.spreadsheetSafe))
        }
    }

    /// Decides each judgment of the judgments file at `judgmentsURL` by `certificate` as it is read
    /// (``JudgmentSet/forEachJudgment(inFileAt:_:)``, a row's decisions by ``SelectiveTrust/TrustCertificate``)
    /// and writes the decisions, all or nothing: the bytes of ``csv(_:)`` of the decisions on the whole
    /// set, with memory flat in its rows; what was at ``path`` stays when anything fails.
    ///
    /// - Returns: the decisions counted, for their summary.
    /// - Throws: ``DataFormats/InputError`` for a judgments file that does not read (as
    ///   ``JudgmentSet/load(from:)``); ``DataFormats/OutputError`` when the decisions cannot be written.
    public func write(decidingJudgmentsAt judgmentsURL: URL, by certificate: TrustCertificate) throws -> Counts {
        let writer = CSVWriter()
        var outputs = StagedOutputs()
        var counts = Counts()
        do {
            let file = try outputs.begin(at: path, role: "trust decisions")
            try outputs.append(Data(writer.record(Self.columns).utf8), to: file)
            try JudgmentSet.forEachJudgment(inFileAt: judgmentsURL) { judgment in
                let decisions = certificate.decisions(for: judgment)
                try outputs.append(Data(Self.records(decisions, writer: writer).utf8), to: file)
                decisions.forEach { counts.count($0) }
            }
            try outputs.commit()
        } catch {
            outputs.discard()
            throw error
        }
        return counts
    }

    /// Decisions counted by dimension as they go by: rows decided, kept, and escalated for each reason.
    public struct Counts: Sendable, Hashable {
        private var decidedOn: [String: Int] = [:]
        private var keptOn: [String: Int] = [:]
        private var escalatedOn: [String: [TrustDecision.Reason: Int]] = [:]

        /// No decisions yet.
        public init() {}

        /// `decisions`, counted.
        public init(_ decisions: [TrustDecision]) {
            decisions.forEach { count($0) }
        }

        /// Counts `decision`.
        public mutating func count(_ decision: TrustDecision) {
            decidedOn[decision.dimension, default: 0] += 1
            if decision.kept { keptOn[decision.dimension, default: 0] += 1 }
            if let reason = decision.escalatedBecause { escalatedOn[decision.dimension, default: [:]][reason, default: 0] += 1 }
        }

        /// The decisions on `dimension`.
        public func decided(_ dimension: String) -> Int { decidedOn[dimension] ?? 0 }
        /// The rows kept on `dimension`.
        public func kept(_ dimension: String) -> Int { keptOn[dimension] ?? 0 }
        /// The rows escalated on `dimension` for `reason`.
        public func escalated(_ dimension: String, because reason: TrustDecision.Reason) -> Int {
            escalatedOn[dimension]?[reason] ?? 0
        }
    }

    /// One line per certificate dimension of the decisions `counts` counted: rows kept and escalated, with why.
    public static func summary(_ counts: Counts, certificate: TrustCertificate) -> [String] {
        certificate.dimensions.map { d in
            let rows = counts.decided(d.name), kept = counts.kept(d.name)
            let reasons = TrustDecision.Reason.allCases.compactMap { reason -> String? in
                let n = counts.escalated(d.name, because: reason)
                return n > 0 ? "\(n) \(reason.rawValue)" : nil
            }
            let share = rows == 0 ? "" : " (\(ReportNumber.percent(Double(kept) / Double(rows))))"
            let at = d.threshold.map { " at confidence ≥ \(ReportNumber.number($0))\(share)" } ?? ", no certified threshold"
            return "\(d.name): kept \(kept) of \(rows) rows\(at); escalated \(rows - kept)"
                + (reasons.isEmpty ? "" : " (" + reasons.joined(separator: ", ") + ")")
        }
    }
}

extension TrustDecisionsFile {
    /// The rows of `run` to escalate by the decisions file at `url`: every row escalated on some
    /// dimension, and every row of the run the file has no decision for (the judge vouched for none of it).
    ///
    /// - Throws: ``DataFormats/InputError`` naming the file, line and column for a file without the
    ///   `id`, `dimension` and `decision` columns, a decision other than `kept` or `escalated`, or a
    ///   row that is not in the run.
    public static func escalatedRows(at url: URL, run: FrozenRun) throws -> Set<String> {
        let file = InputFile.displayName(url)
        let table = try CSVReader().read(try InputFile.read(url), file: file)
        let lowered = table.columns.map { $0.lowercased() }
        guard let id = lowered.firstIndex(of: "id"), let decision = lowered.firstIndex(of: "decision"), lowered.contains("dimension") else {
            throw InputError(
                file: file, line: 1,
                message: "is not a trust decisions file: it needs the columns id, dimension and decision (judge writes one with a trust certificate)")
        }
        let runRows = Set(run.rows.map(\.id))
        var escalated: Set<String> = [], decided: Set<String> = []
        for row in 0..<table.rowCount {
            let rowID = CSVWriter.spreadsheetOriginal(table[row, id])
            guard runRows.contains(rowID) else {
                throw InputError(file: file, line: table.lines[row], column: table.columns[id], message: "\(rowID) is not a row of the run \(run.info.name)")
            }
            switch table[row, decision] {
            case "kept": break
            case "escalated": escalated.insert(rowID)
            case let other:
                throw InputError(
                    file: file, line: table.lines[row], column: table.columns[decision], message: "'\(other)' is not a decision; a row is kept or escalated")
            }
            decided.insert(rowID)
        }
        return escalated.union(runRows.subtracting(decided))
    }
}
