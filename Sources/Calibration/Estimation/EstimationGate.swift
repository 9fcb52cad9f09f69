public import DataFormats
import CalibrationData
import Foundation
import RunInference
public import StatisticsCore

/// A gate on a run's corrected figure, as `judgecal estimate` reads one: a dimension's corrected mean, or its corrected
/// pass rate, read against a threshold a CI job requires, on the figure's interval.
///
/// With the bound `≥ t`: **met** when the interval's lower end is at or above t, **missed** when its upper
/// end is below t, **inconclusive** when it straddles t (more labelled rows would decide it), **undefined**
/// when the figure or its interval is (too few labelled rows, no pass level). `≤ t` is the mirror. The figure
/// is the prediction-powered one (docs/ESTIMATION.md), whose interval holds for the run's expert figure.
public struct EstimationGate: Sendable, Hashable, Codable {
    /// Which figure the gate reads.
    public enum Figure: String, Sendable, Hashable, Codable, CaseIterable {
        /// The corrected mean.
        case mean
        /// The corrected pass rate (a pass level must be set).
        case passRate = "pass-rate"
    }

    /// The dimension, as the report names it.
    public var dimension: String
    /// The figure read.
    public var figure: Figure
    /// Whether the figure must be at least (`>=`) or at most (`<=`) the threshold.
    public var atLeast: Bool
    /// The threshold.
    public var threshold: Double

    /// Creates a gate.
    public init(dimension: String, figure: Figure, atLeast: Bool, threshold: Double) {
        self.dimension = dimension
        self.figure = figure
        self.atLeast = atLeast
        self.threshold = threshold
    }

    /// Reads `Relevance>=3.5`, `Relevance:pass-rate>=0.8` or `Usefulness<=2`: a dimension, optionally `:` and
    /// the figure (`mean` by default), then `>=` or `<=` and a finite number; `nil` when `text` is not of that form.
    public init?(_ text: String) {
        let bound = text.range(of: ">=") ?? text.range(of: "<=")
        guard let bound, let threshold = Double(text[bound.upperBound...].trimmingCharacters(in: .whitespaces)), threshold.isFinite
        else { return nil }
        let subject = text[..<bound.lowerBound].split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = subject.first, !name.isEmpty else { return nil }
        let figure = subject.count == 2 ? Figure(rawValue: subject[1]) : .mean
        guard let figure else { return nil }
        self.init(dimension: name, figure: figure, atLeast: text[bound] == ">=", threshold: threshold)
    }

    /// `Relevance mean ≥ 3.5`.
    public var phrase: String {
        "\(dimension) \(figure == .mean ? "mean" : "pass rate") \(atLeast ? "≥" : "≤") \(threshold.plainText)"
    }

    /// The gate read on `estimate` (the figure, `nil` when the report has none, with `reason` saying why).
    public func verdict(on estimate: Estimate?, missing reason: String) -> Verdict<EstimationGateOutcome> {
        let figures = VerdictFigures(threshold: threshold)
        guard let estimate, let value = estimate.value else {
            let why = estimate?.undefinedReason?.message ?? reason
            return Verdict(outcome: .undefined, reason: "\(phrase): no corrected figure (\(why))", figures: figures)
        }
        let shown = "corrected \(figure == .mean ? "mean" : "pass rate") \(ReportNumber.number(value))"
        guard let interval = estimate.interval else {
            return Verdict(outcome: .undefined, reason: "\(phrase): \(shown) has no interval", figures: figures)
        }
        let range = "\(shown) [\(ReportNumber.number(interval.lower)), \(ReportNumber.number(interval.upper))]"
        let (clears, fails) = atLeast ? (interval.lower >= threshold, interval.upper < threshold) : (interval.upper <= threshold, interval.lower > threshold)
        if clears { return Verdict(outcome: .met, reason: "\(phrase): met, \(range)", figures: figures) }
        if fails { return Verdict(outcome: .missed, reason: "\(phrase): missed, \(range)", figures: figures) }
        return Verdict(
            outcome: .inconclusive, reason: "\(phrase): inconclusive, \(range) straddles it; more labelled rows would decide it",
            figures: figures)
    }
}

/// A gate's outcome: met, missed, inconclusive or undefined (``EstimationGate``).
public enum EstimationGateOutcome: String, VerdictOutcome, CaseIterable {
    /// The interval lies on the required side of the threshold.
    case met
    /// The interval lies on the other side.
    case missed
    /// The interval straddles the threshold.
    case inconclusive
    /// No figure or no interval.
    case undefined

    /// Missed, then undefined, then inconclusive, then met: as `align`'s verdicts.
    public static let severity: [EstimationGateOutcome] = [.missed, .undefined, .inconclusive, .met]
    /// An object of the outcome, the threshold and the reason, as `message`.
    public static var record: VerdictRecord<EstimationGateOutcome> { .withFigures(reasonKey: "message") }

    public var gate: VerdictGate {
        switch self {
        case .met: .passes
        case .missed: .fails
        case .inconclusive: .inconclusive
        case .undefined: .undefined
        }
    }
}

/// A gate with its verdict, as an estimation report keeps it.
public struct GatedFigure: Sendable, Hashable, Codable {
    /// The gate.
    public var gate: EstimationGate
    /// Its verdict.
    public var verdict: Verdict<EstimationGateOutcome>
}

extension EstimationReport {
    /// Reads each of `gates` on this report's corrected figures, in the order given, into ``gates``.
    ///
    /// - Throws: ``EstimationGateError`` for a gate naming a dimension the report does not hold, or the pass
    ///   rate without a pass level.
    public mutating func read(_ gates: [EstimationGate]) throws(EstimationGateError) {
        self.gates = try gates.map { gate throws(EstimationGateError) in
            guard let d = dimensions.first(where: { $0.name.lowercased() == gate.dimension.lowercased() }) else {
                throw EstimationGateError(
                    message: "a gate names the dimension '\(gate.dimension)', which the estimate does not have (it has "
                        + dimensions.map(\.name).joined(separator: ", ") + ")")
            }
            if gate.figure == .passRate, passLevel == nil {
                throw EstimationGateError(message: "a gate on \(d.name)'s pass rate needs a pass level: without one there is no pass rate")
            }
            let estimate = gate.figure == .mean ? d.mean.corrected : d.passRate?.corrected
            let verdict = gate.verdict(on: estimate, missing: d.passRateUndefined?.message ?? "no pass rate was estimated")
            return GatedFigure(gate: gate, verdict: verdict)
        }
    }
}

/// A gate that cannot be read on the report, in the library's words.
public struct EstimationGateError: Error, Sendable, Hashable, CustomStringConvertible, KindedError {
    /// What is wrong.
    public let message: String
    public var description: String { message }
    public var kind: ErrorKind { .usage }
}
