import CalibrationData
public import StatisticsCore

/// What one row's judges judged: the row's input and the output under judgment, as text.
public struct JudgedText: Sendable, Hashable, Codable {
    /// The row's input (a run row's `input`, JSON as compact text).
    public var input: String
    /// The output judged (a run row's `response`).
    public var output: String

    /// Creates the texts.
    public init(input: String, output: String) {
        self.input = input
        self.output = output
    }
}

/// Whether the experimental side agrees with the experts better than the control, read from
/// the paired difference's interval (experimental − control) against 0: `compare`'s verdict
/// (``Verdict/init(difference:)``).
public enum ComparisonOutcome: String, VerdictOutcome {
    /// The interval lies above 0.
    case experimentalBetter = "experimental-better"
    /// The interval lies below 0.
    case controlBetter = "control-better"
    /// The interval includes 0.
    case noDetectableDifference = "no-detectable-difference"
    /// The difference or its interval is undefined (no resamples, too few rows, no variation).
    case undefined

    /// Control better, then undefined, then no detectable difference, then experimental better.
    public static let severity: [ComparisonOutcome] = [.controlBetter, .undefined, .noDetectableDifference, .experimentalBetter]

    /// The outcome alone: its reason and figures follow from it.
    public static var record: VerdictRecord<ComparisonOutcome> { .outcomeOnly(verdict: Verdict.init(_:)) }

    /// Control better fails: the experimental side is detectably worse, a regression to a gate. No
    /// detectable difference passes (no worse, as far as these rows tell), and so does experimental better.
    public var gate: VerdictGate {
        switch self {
        case .experimentalBetter, .noDetectableDifference: .passes
        case .controlBetter: .fails
        case .undefined: .undefined
        }
    }

    /// Why the outcome is what it is, in the terms of the difference's interval.
    var reason: String {
        switch self {
        case .experimentalBetter: "the difference's interval lies above 0"
        case .controlBetter: "the difference's interval lies below 0"
        case .noDetectableDifference: "the difference's interval includes 0"
        case .undefined: "the difference or its interval is undefined"
        }
    }
}

extension Verdict where Outcome == ComparisonOutcome {
    /// The verdict of a difference: above, below or across 0; undefined without an interval.
    public init(difference: Estimate) {
        guard let interval = difference.interval, difference.value != nil else {
            self.init(.undefined)
            return
        }
        self.init(interval.lower > 0 ? .experimentalBetter : interval.upper < 0 ? .controlBetter : .noDetectableDifference)
    }

    /// The verdict `outcome`, read against 0, for its reason (``ComparisonOutcome``).
    init(_ outcome: ComparisonOutcome) {
        self.init(outcome: outcome, reason: outcome.reason, figures: VerdictFigures(threshold: 0))
    }
}

extension RubricComparison {
    /// One side's failed rows among the rows compared: how many, and how many of each failure code.
    public struct SideFailures: Sendable, Hashable, Codable {
        /// Rows considered (the run's rows, worked examples aside unless kept).
        public var rows: Int
        /// Rows the judge failed on.
        public var failed: Int
        /// Failed rows by failure code.
        public var byCode: [String: Int]

        /// Creates the counts.
        public init(rows: Int, failed: Int, byCode: [String: Int]) {
            self.rows = rows
            self.failed = failed
            self.byCode = byCode
        }

        /// `12 of 40 rows (invalid-json 9, off-scale 3)`, or `none of 40 rows`.
        public var summary: String {
            guard failed > 0 else { return "none of \(rows) rows" }
            return "\(failed) of \(rows) rows (" + byCode.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                + ")"
        }
    }

    /// A paired row where a judge is far from the experts, with both judges' scores and reasons
    /// and what they judged.
    public struct ComparedRow: Sendable, Hashable, Codable {
        /// The row id.
        public var rowID: String
        /// The expert value (mean of raters).
        public var expert: Double
        /// The control judge's score.
        public var control: Double
        /// The experimental judge's score.
        public var experimental: Double
        /// The control judge's rationale.
        public var controlRationale: String?
        /// The experimental judge's rationale.
        public var experimentalRationale: String?
        /// The experts' notes.
        public var expertNote: String?
        /// What was judged, when the run was given.
        public var judged: JudgedText?
    }

    /// One group's comparison, the rows grouped by a field.
    public struct Slice: Sendable, Hashable, Codable {
        /// The group's value.
        public var group: String
        /// Paired rows in the group.
        public var paired: Int
        /// The statistic under the control side.
        public var control: Estimate
        /// The statistic under the experimental side.
        public var experimental: Estimate
        /// Experimental − control with its paired interval (``RubricComparison/differenceIntervalName``).
        public var difference: Estimate
        /// The group's verdict.
        public var verdict: Verdict<ComparisonOutcome>
    }

    /// How the two sides' failures compare, in a sentence a reader cannot miss: `the experimental side failed
    /// 12 of 40 rows, 4× the control's 3`; `nil` when neither failed.
    public var failureComparison: String? {
        let (c, x) = (controlFailures.failed, experimentalFailures.failed)
        guard c + x > 0 else { return nil }
        if c == 0 || x == 0 {
            return "only the \(c == 0 ? "experimental" : "control") side failed rows: \(max(c, x)) of \(controlFailures.rows)"
        }
        let ratio = Double(x) / Double(c)
        let (more, less, times) = ratio >= 1 ? ("experimental", "control", ratio) : ("control", "experimental", 1 / ratio)
        return "the \(more) side failed \(max(c, x)) rows, \(ReportNumber.ratio(times))× the \(less) side's \(min(c, x))"
    }
}
