public import Calibration
public import RunInference

/// What a bias-probe battery found: per probe and dimension, the mean shift of the judge's score
/// against the unchanged row with a paired interval, the share of rows whose score moved against
/// the placebo's share, a verdict with the probes' multiplicity accounted for, and the rows the
/// probe moved most with the judge's rationale (docs/PROBES.md; JSON schema in docs/FORMATS.md).
public struct ProbeReport: Sendable, Hashable, Codable {
    /// The JSON schema's version.
    public static let currentSchemaVersion = 1

    /// The schema version this report was written with.
    public var schemaVersion = currentSchemaVersion
    /// The run's name.
    public var run: String
    /// The rubric's name.
    public var rubric: String
    /// The judge model.
    public var model: String
    /// The field the response probes rewrote.
    public var field: String
    /// Rows in the run.
    public var rows: Int
    /// The level of the shift intervals (0.95).
    public var intervalLevel: Double
    /// The family-wise error rate the verdicts keep to (0.05).
    public var alpha: Double
    /// The multiple-testing correction over every probe × dimension test: `tarone-holm` (`holm` in reports
    /// written before Tarone's refinement).
    public var correction: String
    /// The unchanged rows judged again.
    public var placebo: Placebo
    /// One result per probe, in the order run.
    public var probes: [ProbeResult]
    /// The probes asked for that changed no row's messages (`format-plain` on text without
    /// markup, say), by name: nothing to judge or test, so they have no verdict.
    public var probesLeftOut: [String] = []
    /// Of ``probesLeftOut``, the degradations that could apply to no row, with their rows by reason
    /// (`LeftOutReason`'s code: `no-element-in-rubric`, `no-figure`, …): not rows the rewrite left as they
    /// were, but rows it had nothing to rewrite in.
    public var degradationsLeftOut: [String: [String: Int]] = [:]

    /// The unchanged rows judged again with fresh calls: the judge's own run-to-run noise.
    public struct Placebo: Sendable, Hashable, Codable {
        /// Rows with a usable reply both times.
        public var rowsCompared: Int
        /// Of those, rows whose every reply was the same text both times.
        public var identicalReplies: Int
        /// Per dimension, the placebo's shift and the share of rows it moved.
        public var dimensions: [Dimension]

        /// One dimension's noise.
        public struct Dimension: Sendable, Hashable, Codable {
            /// The dimension.
            public var dimension: String
            /// The second judgment minus the first.
            public var shift: PairedShift
            /// Rows whose score moved, of ``rows``.
            public var changed: Int
            /// Rows scored both times.
            public var rows: Int
        }

        /// Whether the judge gave the same reply again on every row compared: a deterministic
        /// judge (temperature 0 with a fixed seed, say), whose every moved score is the probe's doing.
        public var isDeterministic: Bool { rowsCompared > 0 && identicalReplies == rowsCompared }
    }

    /// The worst verdict over every probe: biased, then undefined, then no effect detected.
    public var worstOutcome: ProbeOutcome {
        ProbeOutcome.worst(of: probes.map(\.verdict.outcome))
    }
}

/// One probe's findings.
public struct ProbeResult: Sendable, Hashable, Codable {
    /// The probe's name.
    public var name: String
    /// What it does.
    public var summary: String
    /// What an unbiased judge does under it.
    public var expectation: String
    /// Rows whose prompt the probe changed, and which were judged under it.
    public var rowsProbed: Int
    /// Rows the probe left exactly as they were (left out, not counted as unmoved).
    public var rowsUnchanged: Int
    /// Rows a degradation could not apply to, by reason (`LeftOutReason`'s code: `no-figure`, `one-part`, …);
    /// left out, never judged unchanged. Empty for the invariance probes.
    public var leftOut: [String: Int] = [:]
    /// For a degradation, the dimensions it should lower — the only ones its ``dimensions`` hold, each
    /// tested for a fall (*sensitive* or *insensitive*); `nil` for an invariance probe.
    public var lowers: [String]? = nil
    /// For a degradation, how grave a judge's blindness to it is: `severe`, `moderate` or `minor`.
    public var severity: String? = nil
    /// Of the probed rows, those the judge failed on (no score) under the probe.
    public var failures: Int
    /// Per dimension.
    public var dimensions: [ProbeDimensionResult]
    /// The worst of the dimensions' verdicts.
    public var verdict: Verdict<ProbeOutcome>
    /// The rows whose score moved most, largest move first.
    public var mostAffected: [AffectedRow]

    /// A probe's result with its verdict still to be decided (``ProbeReport/decideVerdicts(of:alpha:)``); with
    /// `lowers`, a degradation's.
    public init(
        name: String, summary: String, expectation: String, rowsProbed: Int, rowsUnchanged: Int, failures: Int,
        dimensions: [ProbeDimensionResult], mostAffected: [AffectedRow] = [], leftOut: [String: Int] = [:],
        lowers: [String]? = nil, severity: String? = nil
    ) {
        self.leftOut = leftOut
        self.lowers = lowers
        self.severity = severity
        self.name = name
        self.summary = summary
        self.expectation = expectation
        self.rowsProbed = rowsProbed
        self.rowsUnchanged = rowsUnchanged
        self.failures = failures
        self.dimensions = dimensions
        self.verdict = Verdict(.undefined, reason: "not decided yet")
        self.mostAffected = mostAffected
    }
}

/// One probe on one dimension.
public struct ProbeDimensionResult: Sendable, Hashable, Codable {
    /// The dimension.
    public var dimension: String
    /// The probed score minus the unchanged score (the mean of the first judgment and the
    /// placebo's where both exist), over the rows scored both ways.
    public var shift: PairedShift
    /// Rows the probe moved against rows the placebo moved.
    public var changedShare: ChangedShare
    /// The shift's p-value after Tarone–Holm's correction over the battery at its α, `nil` without a test.
    public var adjustedPValue: Double?
    /// The verdict.
    public var verdict: Verdict<ProbeOutcome>
}

/// A row a probe moved, with what the judge said.
public struct AffectedRow: Sendable, Hashable, Codable {
    /// The row.
    public var id: String
    /// The dimension.
    public var dimension: String
    /// The score unchanged (the first judgment).
    public var unchangedScore: Double
    /// The score under the probe, on the rubric's scale.
    public var probedScore: Double
    /// What was planted in this row, where the probe varies by row.
    public var note: String?
    /// The judge's rationale under the probe.
    public var rationale: String
    /// The judge's rationale unchanged.
    public var unchangedRationale: String
}

/// A probe's verdict on one dimension, or the worst over its dimensions: whether the probe moved
/// the judge's scores (``Verdict``; its threshold is 0, the shift of an unmoved judge); for a
/// degradation, whether the score fell as it should.
public enum ProbeOutcome: String, VerdictOutcome, CaseIterable {
    /// The shift's adjusted p-value is above α.
    case noEffectDetected = "no-effect-detected"
    /// The probe raised the score: adjusted p ≤ α and the shift is positive.
    case biasedHigher = "biased-higher"
    /// The probe lowered the score: adjusted p ≤ α and the shift is negative.
    case biasedLower = "biased-lower"
    /// No test: fewer than two rows were scored both ways.
    case undefined
    /// A degradation lowered the score: the one-sided adjusted p ≤ α and the shift is negative.
    case sensitive
    /// A degradation did not lower the score detectably: the judge missed a drop in quality it should see.
    case insensitive

    /// Biased, then insensitive, then undefined, then sensitive, then no effect detected: a gate over several
    /// probes reports the worst; no effect detected when there are none.
    public static let severity: [ProbeOutcome] = [.biasedHigher, .biasedLower, .insensitive, .undefined, .sensitive, .noEffectDetected]

    /// An object of the outcome and the reason, as `message`.
    public static var record: VerdictRecord<ProbeOutcome> { .withReason(reasonKey: "message", threshold: 0) }

    /// Whether the probe moved the judge.
    public var isBiased: Bool { self == .biasedHigher || self == .biasedLower }

    /// Biased or insensitive fails, as its exit code does; no effect detected and sensitive pass.
    public var gate: VerdictGate {
        switch self {
        case .noEffectDetected, .sensitive: .passes
        case .biasedHigher, .biasedLower, .insensitive: .fails
        case .undefined: .undefined
        }
    }
}

extension Verdict where Outcome == ProbeOutcome {
    /// A probe's verdict: `outcome`, for the reason given; the shift is read against 0.
    init(_ outcome: ProbeOutcome, reason: String) {
        self.init(outcome: outcome, reason: reason, figures: VerdictFigures(threshold: 0))
    }
}
