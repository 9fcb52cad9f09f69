public import Calibration
public import Foundation

/// One command run's verdicts as the test cases a CI system's test reporter reads (``junitXML()``):
/// one case per verdict — per dimension for `align`, `certify` and a sequential look, per probe and
/// dimension for `probe`, per dimension compared for `compare`, per run and dimension for `audit`.
///
/// Every kind of verdict becomes a case the same way (``VerdictCase/init(name:classname:verdict:figure:)``),
/// its status read from its outcome's ``Calibration/VerdictOutcome/gate``; the reports only say which
/// verdicts they hold and what figure each was read from.
public struct VerdictSuite: Sendable, Hashable {
    /// The suite's name: the command and what it ran on (`align book-tags.run.jsonl, rubric book-tags`).
    public var name: String
    /// The cases, in the report's order.
    public var cases: [VerdictCase]
    /// What every case shares (the statistic, the threshold, α), in this order.
    public var properties: [Property]
    /// When the command began; `nil` when not known.
    public var timestamp: Date?
    /// How long the command took to reach its verdicts; `nil` when not measured.
    public var time: Duration?

    /// A named setting the suite's cases share.
    public struct Property: Sendable, Hashable {
        /// The setting's name (`statistic`).
        public var name: String
        /// Its value as text.
        public var value: String

        /// Creates a property.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates a suite; its time and timestamp are set by whoever measured the run.
    public init(name: String, cases: [VerdictCase], properties: [Property] = [], timestamp: Date? = nil, time: Duration? = nil) {
        self.name = name
        self.cases = cases
        self.properties = properties
        self.timestamp = timestamp
        self.time = time
    }

    /// How many cases read as `gate`.
    public func count(_ gate: VerdictGate) -> Int {
        cases.count { $0.gate == gate }
    }
}

/// One verdict as a test case: what it is about, its outcome and how a gate reads it, and one line
/// a person reads in the reporter (the outcome, the figure with its interval, the reason).
public struct VerdictCase: Sendable, Hashable {
    /// What the verdict is about: a dimension, or `probe / dimension`.
    public var name: String
    /// The group the reporter files the case under: the command and its subject, dotted.
    public var classname: String
    /// The outcome as reports write it (`not-aligned`, `biased-higher`).
    public var outcome: String
    /// How a gate reads the outcome.
    public var gate: VerdictGate
    /// The outcome, the figure with its interval and the reason, in one line; for an inconclusive
    /// verdict the rows that would decide it, where they are known.
    public var message: String

    /// Creates a case from its parts.
    public init(name: String, classname: String, outcome: String, gate: VerdictGate, message: String) {
        self.name = name
        self.classname = classname
        self.outcome = outcome
        self.gate = gate
        self.message = message
    }

    /// The case of `verdict`: its outcome, its gate, and the message "outcome: figure; reason", with
    /// `nil` for a figure the reason already quotes (`align`'s reason quotes its figure and interval, and
    /// for an inconclusive verdict the rows that would decide it, ``Calibration/VerdictFigures/additionalRowsNeeded``).
    public init<Outcome: VerdictOutcome>(name: String, classname: String, verdict: Verdict<Outcome>, figure: String?) {
        let message = "\(verdict.outcome.rawValue): " + (figure.map { "\($0); " } ?? "") + verdict.reason
        self.init(name: name, classname: classname, outcome: verdict.outcome.rawValue, gate: verdict.outcome.gate, message: message)
    }
}
