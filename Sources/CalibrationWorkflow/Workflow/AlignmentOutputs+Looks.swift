public import Calibration
import CalibrationData
import DataFormats
import Foundation
import RunInference

extension AlignmentOutputs {
    /// The report with its looks accounted for, read from the history file.
    ///
    /// With ``AlignmentSettings/sequentialLooks`` K, each dimension's verdict is
    /// decided on its repeated interval (``SequentialLook``): the looks are the
    /// history's earlier lines of sequential looks of the same rubric and label set
    /// (the sheets' file names, sorted), each dimension's rows at each, and this
    /// one. A look on exactly as many rows as the previous one is that look
    /// again, not a new one. Without the `sequential` option, a report on labels that
    /// sequential looks used says that its interval ignores them
    /// (``AlignmentReport/earlierLooksNote``, in the bound ``AlignmentWording``).
    ///
    /// - Parameter labelSheets: the label sheets' paths as given.
    /// - Throws: ``AlignmentSettingsError`` for sequential looks without a history file, with a
    ///   different K than the sequence began with, when its K looks are used up, or when a
    ///   dimension's rows fell since the last look; ``InputError`` for a history line that does
    ///   not read, with the `sequential` option (a single look then notes that earlier looks are unknown).
    public func withLooks(_ report: AlignmentReport, labelSheets: [String]) throws -> AlignmentReport {
        let labelSet = labelSheets.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted().joined(separator: ", ")
        var report = report
        let earlier: [AlignmentHistoryEntry]
        do {
            earlier = try history.map { try Self.sequentialEntries(in: URL(fileURLWithPath: $0)) } ?? []
        } catch  where report.options.sequentialLooks == nil {
            // A single look only needs the history for this note: say what is not known rather than refuse the look.
            report.earlierLooksNote = AlignmentWording.historyUnreadable(reason: "\(error)").text
            return report
        }
        let same = earlier.filter { $0.rubric == report.info.rubric && $0.labelSet == labelSet }
        guard let maximum = report.options.sequentialLooks else {
            if !same.isEmpty {
                report.earlierLooksNote =
                    AlignmentWording.earlierLooksIgnored(
                        looks: same.count, level: Int((report.options.confidence * 100).rounded()), planned: same[0].sequentialLooks ?? 0
                    ).text
            }
            return report
        }
        guard maximum >= 1 else { throw AlignmentSettingsError(.noLooks(maximum)) }
        guard history != nil else { throw AlignmentSettingsError(.looksWithoutHistory) }
        if let planned = same.first?.sequentialLooks, planned != maximum {
            throw AlignmentSettingsError(.lookPlanChanged(planned: planned, asked: maximum))
        }
        let alpha = (1 - report.options.confidence) / 2
        let futilityShare =
            report.sampling?.strategy == .judgeStratified
            ? SequentialFutility.judgeStratifiedMinimumShare : SequentialFutility.defaultMinimumShare
        report.dimensions = try report.dimensions.map { d in
            // A dimension with no paired rows has nothing to look at: no look is counted, its verdict stands.
            guard d.counts.paired > 0 else { return d }
            // A look repeated on the same rows is that look again: one entry per distinct size.
            var rows: [Int] = []
            for n in same.compactMap({ $0.dimensions.first(where: { $0.dimension == d.name })?.n }) where rows.last != n {
                rows.append(n)
            }
            if rows.last == d.counts.paired { rows.removeLast() }
            if let last = rows.last, last > d.counts.paired {
                throw AlignmentSettingsError(
                    "dimension \(d.name): the last sequential look had \(last) paired rows and this one \(d.counts.paired); the labels of a sequence may only grow"
                )
            }
            rows.append(d.counts.paired)
            guard rows.count <= maximum else {
                throw AlignmentSettingsError(
                    "dimension \(d.name): all \(maximum) planned looks are used; another look would break the \(alpha * 100)% bound on a false 'aligned'"
                )
            }
            guard let critical = SequentialBoundary.criticalValues(sizes: rows, maximumLooks: maximum, alpha: alpha)?.last else {
                throw AlignmentSettingsError("dimension \(d.name): the rows at its looks (\(rows)) do not grow")
            }
            return SequentialLook.decide(
                d, look: rows.count, maximumLooks: maximum, labelSet: labelSet, rows: rows, critical: critical, alpha: alpha,
                threshold: report.options.threshold, level: report.options.confidence, futilityShare: futilityShare)
        }
        return report
    }

    /// The history's lines of sequential looks, in file order; none when the file does not exist.
    static func sequentialEntries(in url: URL) throws -> [AlignmentHistoryEntry] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text = String(decoding: try InputFile.read(url), as: UTF8.self)
        var entries: [AlignmentHistoryEntry] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            do {
                let entry = try AlignmentHistoryEntry.decode(line: Data(line.utf8))
                if entry.sequentialLooks != nil { entries.append(entry) }
            } catch {
                throw InputError(
                    file: InputFile.displayName(url), line: number + 1,
                    message: "this history line does not read as an alignment entry (\(error)); the sequential looks cannot be counted")
            }
        }
        return entries
    }
}
