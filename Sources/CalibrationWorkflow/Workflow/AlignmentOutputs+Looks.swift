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
    /// history's earlier sequential looks of the same sequence, each dimension's rows at each, and
    /// this one. A sequence is the rubric's name and the labelled rows: an earlier look of the rubric
    /// whose labelled rows (``AlignmentHistoryEntry/labelRows``) overlap `labelRows` belongs to it,
    /// whatever the sheets are called, and must be wholly inside `labelRows` (labels of a sequence
    /// only grow); lines written before rows were kept match by the sheets' file names. A look on
    /// exactly as many rows as the previous one is that look again, not a new one. A look not
    /// planned as sequential, on labels that sequential looks used, gets a report saying that its interval
    /// ignores them (``AlignmentReport/earlierLooksNote``, in the bound ``AlignmentWording``).
    ///
    /// - Parameters:
    ///   - labelSheets: the label sheets' paths as given.
    ///   - labelRows: the ids of the rows the experts labelled.
    /// - Throws: ``AlignmentSettingsError`` for sequential looks without a history file, with a
    ///   different K than the sequence began with, when its K looks are used up, or when a
    ///   sequence's labelled rows or a dimension's paired rows fell since the last look; ``InputError``
    ///   for a history that does not read (``DataFormats/HistoryRecord/readAll(from:)``), for a
    ///   sequential look (a single look then notes that earlier looks are unknown).
    public func withLooks(_ report: AlignmentReport, labelSheets: [String], labelRows: Set<String>) throws -> AlignmentReport {
        let labelSet = labelSheets.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted().joined(separator: ", ")
        var report = report
        let earlier: [AlignmentHistoryEntry]
        do {
            earlier = try history.map { try AlignmentHistoryEntry.readAll(from: URL(fileURLWithPath: $0)) }?.filter { $0.sequentialLooks != nil } ?? []
        } catch  where report.options.sequentialLooks == nil {
            // A single look only needs the history for this note: say what is not known rather than refuse the look.
            report.earlierLooksNote = AlignmentWording.historyUnreadable(reason: "\(error)").text
            return report
        }
        let same = earlier.filter { entry in
            guard entry.rubric == report.info.rubric else { return false }
            guard let rows = entry.labelRows else { return entry.labelSet == labelSet }
            return rows.contains(where: labelRows.contains)
        }
        if report.options.sequentialLooks != nil, let last = same.last(where: { $0.labelRows != nil }),
            let dropped = last.labelRows?.first(where: { !labelRows.contains($0) })
        {
            throw AlignmentSettingsError(
                "row '\(dropped)' was labelled at the last sequential look of \(report.info.rubric ?? "this rubric") (\(last.labelRows?.count ?? 0) rows) and is not now; the labels of a sequence may only grow: give every earlier sheet with the new one"
            )
        }
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
                    "dimension \(d.name): all \(maximum) planned looks are used; another look would break the \(((alpha * 1000).rounded() / 10).plainText)% bound on a false 'aligned'"
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
}
