public import AgreementCoefficients
import DataFormats
import StatisticsCore

/// A catalogue statistic computed on a ratings file, group by group: what
/// `judgecal agreement` prints, as text or JSON.
public struct AgreementReport: Sendable {
    /// One figure, with the group it belongs to.
    public struct Row: Sendable {
        /// The group's key; `nil` without groups, "(mean over groups)" for a
        /// correlation averaged over the groups.
        public var group: String?
        /// The figure.
        public var measurement: AgreementMeasurement
    }

    /// The file as the user named it.
    public var file: String
    /// What was computed (with the file's scale).
    public var request: AgreementRequest
    /// How many items the file holds.
    public var items: Int
    /// The figures, group by group.
    public var rows: [Row]

    /// Computes `request`'s statistic on every group of `ratings`.
    ///
    /// With groups and a correlation, also each pair's correlation averaged
    /// over the groups where it is defined (``GroupedCorrelation``), as
    /// HANNA's and SummEval's story- or document-level correlations are.
    ///
    /// - Throws: ``AgreementRequestError`` for a request the statistic cannot
    ///   take; ``InputError`` naming the file for a rating off the scale.
    public init(_ ratings: RatingsFile, request: AgreementRequest) throws {
        do {
            try self.init(computing: ratings, request: request)
        } catch let error as RatingError {
            throw InputError(file: ratings.file, message: error.message)
        }
    }

    private init(computing ratings: RatingsFile, request: AgreementRequest) throws {
        var request = request
        request.scale = ratings.scale
        var rows: [Row] = []
        for group in ratings.groups {
            let measurements =
                switch group.content {
                case .ratings(let ratings): try request.statistic.measurements(of: ratings, request: request)
                case .counted(let tables): try request.statistic.measurements(of: tables, request: request)
                }
            rows += measurements.map { Row(group: group.key, measurement: $0) }
        }
        if let method = request.statistic.correlation, !ratings.groupsAreDimensions, ratings.groups.contains(where: { $0.key != nil }) {
            rows += try Self.averagedOverGroups(method, ratings: ratings)
        }
        self.file = ratings.file
        self.request = request
        self.items = ratings.itemCount
        self.rows = rows
    }

    private static func averagedOverGroups(_ method: Correlation.Method, ratings: RatingsFile) throws -> [Row] {
        let groups = ratings.groups.compactMap(\.ratings)
        guard let first = groups.first else { return [] }
        let labels = zip(ratings.groups, groups).flatMap { Array(repeating: $0.key ?? "", count: $1.itemCount) }
        let column = { (r: Int) in groups.flatMap { $0.ratings[r] } }
        return try first.pairs.map { i, j in
            let grouped = try GroupedCorrelation.averaged(method, groups: labels, column(i), column(j))
            let measurement = AgreementMeasurement(
                raters: [first.raters[i], first.raters[j]],
                measure: "mean \(method.rawValue), \(grouped.skippedGroups) of \(grouped.groups) groups skipped",
                estimate: grouped.estimate, excluded: grouped.excludedPairs)
            return Row(group: "(mean over groups)", measurement: measurement)
        }
    }
}
