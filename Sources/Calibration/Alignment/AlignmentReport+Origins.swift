import CalibrationData
import DataFormats
import StatisticsCore

/// The alignment of the rows of one origin (`metadata.origin`: curated or synthetic), beside the whole.
///
/// Book Tracker keeps its curated and its synthetic suite apart; a run that mixes both (the curated
/// rows and `judgecal generate`'s rows in one file) is aligned as a whole and, in ``AlignmentReport/origins``,
/// per origin, each computed exactly as the whole is but on that origin's rows alone.
public struct OriginAlignment: Sendable, Hashable, Codable {
    /// The origin: the rows' `metadata.origin`, or ``AlignmentInput/unmarkedOrigin`` for rows without one.
    public var origin: String
    /// The run's rows of this origin.
    public var rowsInRun: Int
    /// Per dimension, the figures on these rows alone, in the report's dimension order.
    public var dimensions: [DimensionAlignment]
}

extension AlignmentInput {
    /// The origin of a row without `metadata.origin`: hand-written or imported, so curated
    /// (`judgecal generate`, CalibrationWorkflow's `RunGeneration`, marks every row it writes `synthetic`).
    public static let unmarkedOrigin = "curated"

    /// This input narrowed to the rows in `ids`: their judge scores, failures, labels and groups.
    func narrowed(to ids: Set<String>) -> AlignmentInput {
        var narrowed = self
        narrowed.runRowIDs = runRowIDs.filter(ids.contains)
        narrowed.groups = groups.filter { ids.contains($0.key) }
        narrowed.origins = [:]
        narrowed.dimensions = dimensions.map { dimension in
            var dimension = dimension
            dimension.judge = JudgeScores(
                scores: dimension.judge.scores.filter { ids.contains($0.key) },
                failures: dimension.judge.failures.filter { ids.contains($0.key) })
            dimension.expertLabels = dimension.expertLabels.filter { ids.contains($0.rowID) }
            return dimension
        }
        return narrowed
    }
}

extension AlignmentReport {
    /// Per origin, the alignment of its rows alone (`align` on the narrowed input), origins sorted by
    /// name; `nil` unless the run's rows have at least two origins.
    static func originAlignments(
        _ input: AlignmentInput, align: (AlignmentInput) throws -> AlignmentReport
    ) throws -> [OriginAlignment]? {
        let origins = Dictionary(grouping: input.runRowIDs) { input.origins[$0] ?? AlignmentInput.unmarkedOrigin }
        guard origins.count >= 2 else { return nil }
        return try origins.keys.sorted().map { origin in
            let ids = Set(origins[origin] ?? [])
            let part = try align(input.narrowed(to: ids))
            return OriginAlignment(origin: origin, rowsInRun: ids.count, dimensions: part.dimensions)
        }
    }

    /// The by-origin table every rendering shows: per dimension the whole (`all`), then each origin, with
    /// rows, paired rows, exact agreement, the verdict's statistic with its interval and the verdict;
    /// `nil` without ``origins``.
    package var originTable: (header: [String], rows: [[String]])? {
        guard let origins else { return nil }
        let header = ["dimension", "origin", "rows", "paired", "exact", "\(options.statistic.displayName) [CI]", "verdict"]
        var rows: [[String]] = []
        for (index, whole) in dimensions.enumerated() {
            let parts = [("all", whole.counts.rowsInRun, whole)] + origins.compactMap { origin in
                origin.dimensions.indices.contains(index) ? (origin.origin, origin.rowsInRun, origin.dimensions[index]) : nil
            }
            for (origin, rowsInRun, d) in parts {
                rows.append([
                    whole.name, origin, String(rowsInRun), String(d.counts.paired), ReportNumber.value(d.exactAgreement),
                    ReportNumber.withInterval(d.statisticEstimate), d.verdict.outcome.rawValue,
                ])
            }
        }
        return (header, rows)
    }

    /// The sentence above the by-origin table.
    package static let originTableTitle = "By origin (metadata.origin; a row without one is curated), beside the whole"
}
