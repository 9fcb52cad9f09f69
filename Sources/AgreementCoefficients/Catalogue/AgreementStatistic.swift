public import StatisticsCore

/// One statistic of the agreement catalogue: its name, which raters each of
/// its figures compares, the parameters and intervals it takes, and how it is
/// computed.
///
/// The catalogue (``all``) is the one place where a statistic is chosen by
/// name, its interval attached and its missing ratings accounted for: `judgecal
/// agreement`, `align` and `compare` all compute through it, and Swift code
/// can call everything the command can:
///
/// ```swift
/// let kappa = AgreementStatistic.cohenKappa   // or AgreementStatistic.named("cohen-kappa")
/// let request = AgreementRequest(statistic: kappa, weights: .quadratic, scale: CategoryScale(1...4), interval: .analytic)
/// let figures = try kappa.measurements(of: try RaterRatings(raters: ["a", "b"], ratings: [a, b]), request: request)
/// ```
public struct AgreementStatistic: Sendable, Hashable {
    /// Which raters one figure compares.
    public enum Shape: Sendable, Hashable {
        /// One figure per rater column.
        case eachRater
        /// One figure per pair of rater columns.
        case pairs
        /// One figure for all rater columns together.
        case allRaters
    }

    /// A parameter that only some statistics take, named as on the command line.
    public enum Parameter: String, Sendable, Hashable, CaseIterable {
        case weights, metric, tolerance, population
        case iccForm = "icc-form"
    }

    /// The figure computed from the selected columns (raters × items), before
    /// any bootstrap.
    struct Figure {
        var estimate: Estimate
        var test: AgreementMeasurement.ZTest? = nil
        var table: ContingencyTable? = nil
        var notes: [String] = []
    }

    /// Computes the figure for the selected columns.
    typealias Measure = @Sendable (_ columns: [[Double?]], _ request: AgreementRequest) throws -> Figure
    /// The figure from a two-rater table alone, prepared once per request: the
    /// O(k²) path for ``Bootstrap/table(_:resamples:level:seed:statistic:)``.
    typealias TableValue = @Sendable (AgreementRequest, CategoryScale) -> @Sendable (ContingencyTable) -> Double?
    /// The figure from the two raters' table on the declared scale, for
    /// statistics whose figure needs nothing else: what ``measurements(of:request:)-(PairTables,_)``
    /// computes from ratings counted while they were read.
    typealias TableFigure = @Sendable (_ table: ContingencyTable, _ request: AgreementRequest) throws -> Figure
    /// Computes every figure of the statistic.
    typealias Compute = @Sendable (RaterRatings, AgreementRequest) throws -> [AgreementMeasurement]

    /// How the figures are computed: one ``Measure`` per selection of raters
    /// (by ``shape``), or a statistic of its own kind.
    enum Computation: Sendable {
        /// One figure per selection; `listwise` leaves out items missing any rating.
        case figures(measure: String, listwise: Bool, Measure)
        /// Figures computed otherwise (percent agreement's several definitions, spread, bias).
        case custom(Compute)
    }

    /// The name, as `judgecal agreement` takes it for the statistic.
    public let name: String
    /// One line on what it computes, in the catalogue's terms; a tool's help says which of its
    /// options set the parameters (the help of `judgecal agreement`).
    public let summary: String
    /// Which raters one figure compares.
    public let shape: Shape
    /// The parameters it takes.
    public let parameters: Set<Parameter>
    /// The intervals it offers.
    public let intervals: Set<IntervalMethod>
    /// Whether the declared categories are required.
    public let needsScale: Bool
    /// For correlations: the coefficient (averaged over groups by callers that group).
    public let correlation: Correlation.Method?
    private let computation: Computation
    /// The figure of a two-rater table alone, where the statistic has a table form.
    private let tableValue: TableValue?
    /// The whole figure of a two-rater table, where it needs nothing else.
    private let tableFigure: TableFigure?

    init(
        name: String, summary: String, shape: Shape, parameters: Set<Parameter> = [],
        intervals: Set<IntervalMethod> = [.bootstrap], needsScale: Bool = false, correlation: Correlation.Method? = nil,
        tableValue: TableValue? = nil, tableFigure: TableFigure? = nil, computation: Computation
    ) {
        self.name = name
        self.summary = summary
        self.shape = shape
        self.parameters = parameters
        // BCa comes with every bootstrap: the same resamples, another reading of them.
        self.intervals = intervals.contains(.bootstrap) ? intervals.union([.bca]) : intervals
        self.needsScale = needsScale
        self.correlation = correlation
        self.tableValue = tableValue
        self.tableFigure = tableFigure
        self.computation = computation
    }

    /// The statistic called `name`, or `nil`.
    public static func named(_ name: String) -> AgreementStatistic? {
        all.first { $0.name == name }
    }

    /// The names of every statistic, in catalogue order.
    public static var names: [String] { all.map(\.name) }

    /// The fewest rater columns the statistic compares.
    public var minimumRaters: Int { shape == .eachRater ? 1 : 2 }

    /// Every figure of this statistic on `ratings`: one per rater, per pair or
    /// for all raters (by ``shape``), each with the interval `request` asks for.
    ///
    /// - Throws: ``AgreementRequestError`` for a request the statistic cannot
    ///   take (see ``AgreementRequest/validated()``), a category statistic
    ///   without a scale, or too few raters; ``RatingError`` for a rating off the declared scale or not finite.
    public func measurements(of ratings: RaterRatings, request: AgreementRequest) throws -> [AgreementMeasurement] {
        var request = try request.validated()
        request.statistic = self
        guard ratings.raters.count >= minimumRaters else {
            throw AgreementRequestError.tooFewRaters(statistic: name, needed: minimumRaters)
        }
        switch computation {
        case .figures(let measure, let listwise, let compute):
            return try Self.figures(measure, shape: shape, listwise: listwise, measure: compute, tableValue: tableValue)(
                ratings, request)
        case .custom(let compute):
            return try compute(ratings, request)
        }
    }

    /// Whether every figure, with any interval, follows from the k×k tables of
    /// pairs of `raterCount` raters (``PairTables``), so that a reader can count
    /// the ratings into them and keep nothing per item: Cohen's kappa and the
    /// confusion table for any number of raters, Gwet's AC1 and AC2 for two.
    public func isComputable(fromPairTablesOf raterCount: Int) -> Bool {
        guard tableFigure != nil, tableValue != nil || !intervals.contains(.bootstrap) else { return false }
        return shape == .pairs || raterCount == 2
    }

    /// Every figure of this statistic from ratings counted into pair tables,
    /// equal to ``measurements(of:request:)-(RaterRatings,_)`` on the ratings counted.
    ///
    /// - Throws: as ``measurements(of:request:)-(RaterRatings,_)``, and
    ///   ``AgreementRequestError/needsItemRatings(statistic:)`` when the figure
    ///   does not follow from the tables (``isComputable(fromPairTablesOf:)``).
    public func measurements(of counted: PairTables, request: AgreementRequest) throws -> [AgreementMeasurement] {
        var request = try request.validated()
        request.statistic = self
        guard counted.raters.count >= minimumRaters else {
            throw AgreementRequestError.tooFewRaters(statistic: name, needed: minimumRaters)
        }
        guard isComputable(fromPairTablesOf: counted.raters.count), let tableFigure, case .figures(let measureName, _, _) = computation
        else { throw AgreementRequestError.needsItemRatings(statistic: name) }
        return try zip(RaterRatings.pairs(of: counted.raters.count), counted.tables).map { pair, table in
            try Self.measurement(
                tableFigure(table, request), raters: [counted.raters[pair.0], counted.raters[pair.1]], measureName: measureName,
                items: counted.itemCount, used: table.n, request: request
            ) {
                guard let tableValue else { return nil }
                return Bootstrap.table(
                    table, resamples: request.resamples, level: request.confidence, seed: request.seed,
                    statistic: tableValue(request, table.scale))
            }
        }
    }

    /// The statistic of a two-rater table alone (O(k²), allocation-light), for
    /// resampling tables: a multinomial bootstrap, or a paired comparison of two
    /// judges. `nil` when the statistic has no table form.
    ///
    /// - Parameters:
    ///   - request: the parameters (weights, level) the figure uses.
    ///   - scale: the table's scale.
    public func tableStatistic(
        for request: AgreementRequest, scale: CategoryScale
    ) -> (@Sendable (ContingencyTable) -> Double?)? {
        tableValue?(request, scale)
    }

    public static func == (a: AgreementStatistic, b: AgreementStatistic) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
