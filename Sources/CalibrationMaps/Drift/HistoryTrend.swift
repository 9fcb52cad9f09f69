public import Calibration
import CalibrationData
import DataFormats
public import Foundation
public import RunInference
import StatisticsCore

/// The history read as series over time (`judgecal history`): per judge, rubric and dimension, the
/// alignment's verdict statistic and the judge's own mean score at each look, and per calibration and
/// dimension its audits' mean residuals — each latest look set against control limits from the earlier
/// ones (``RunInference/ControlLimits``).
///
/// **Series.** An alignment line (``Calibration/AlignmentHistoryEntry``, a comparison's excepted) adds a
/// point to the series of its judge model, rubric name and dimension, with the verdict statistic's value
/// (a series holds one statistic; a line with another starts its own) and a standard error read from its
/// interval, (upper − lower) / (2 · 1.96) — the history keeps the 95% interval's bounds, not the error.
/// The same line adds a point to the judge's mean series of that judge, rubric and dimension: its mean
/// score on the paired rows with standard error s/√n (lines written before the mean was recorded add
/// none) — a judge that starts scoring higher or lower shows there, labels or not.
/// An audit line (``AuditHistoryEntry``) adds a point to the series of its calibration (judge, rubric
/// text and labels) and dimension: the mean residual, with standard error (upper − lower) / (2t), t the
/// audit's own critical value (α/m over its family, on ⌊effective rows⌋ − 1 degrees of freedom). Points
/// without a value or a finite interval are counted, not used. Points are in the history's order.
///
/// **The verdict.** A series whose latest point lies outside its limits has *drifted*; one with too few
/// usable earlier points has no limits. The trend has drifted when any series has.
public struct HistoryTrend: Sendable, Hashable, Codable {
    /// What a series is of.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An alignment's verdict statistic.
        case alignment
        /// The judge's mean score on an alignment's paired rows.
        case judgeMean = "judge-mean"
        /// An audit's mean residual (expert − calibrated).
        case auditResidual = "audit-residual"
    }

    /// One point: when, on which run, the figure and its standard error (`nil`: not usable).
    public struct Point: Sendable, Hashable, Codable {
        public var time: Date
        public var run: String?
        public var value: Double?
        public var standardError: Double?
    }

    /// One series and its latest point's limits.
    public struct Series: Sendable, Hashable, Codable {
        public var kind: Kind
        /// The judge model, the rubric's name, the dimension, and the statistic (an alignment's) or the
        /// calibration's fitting date (an audit's).
        public var judge: String
        public var rubric: String?
        public var dimension: String
        public var figure: String
        public var points: [Point]
        /// The latest point's limits from the earlier ones; `nil` with too few usable points.
        public var limits: ControlLimits?

        /// Whether the latest point lies outside its limits.
        public var hasDrifted: Bool { limits?.isOutside ?? false }
    }

    /// The trend's outcome.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// Every series with limits has its latest point inside them.
        case stable
        /// Some series' latest point lies outside its limits.
        case drifted
        /// No series has points enough for limits.
        case tooFewPoints = "too few points"
    }

    /// The level of the limits, 1 − α.
    public var level: Double
    public var series: [Series]

    /// The outcome over the series.
    public var outcome: Outcome {
        if series.contains(where: \.hasDrifted) { return .drifted }
        return series.contains { $0.limits != nil } ? .stable : .tooFewPoints
    }

    /// The series of `alignments` and `audits` (each in the history's order), the latest point of each set
    /// against limits at level 1 − `alpha`, those of `dimension` and `judge` only when given.
    public init(alignments: [AlignmentHistoryEntry], audits: [AuditHistoryEntry], alpha: Double = 0.05, dimension: String? = nil, judge: String? = nil) {
        level = 1 - alpha
        var series: [Series] = []
        var index: [String: Int] = [:]
        func add(_ kind: Kind, judge: String, rubric: String?, dimension: String, figure: String, key: String, _ point: Point) {
            if let i = index[key] {
                series[i].points.append(point)
            } else {
                index[key] = series.count
                series.append(Series(kind: kind, judge: judge, rubric: rubric, dimension: dimension, figure: figure, points: [point]))
            }
        }
        let z = NormalDistribution.quantile(0.975)
        for entry in alignments where entry.compared == nil {
            let model = entry.model ?? "an unnamed judge"
            for f in entry.dimensions {
                let se = zip(f.lower, f.upper).map { ($1 - $0) / (2 * z) }.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
                let key = ["alignment", model, entry.rubric ?? "", f.dimension, f.statistic.rawValue].joined(separator: "\u{1}")
                add(
                    .alignment, judge: model, rubric: entry.rubric, dimension: f.dimension, figure: f.statistic.rawValue, key: key,
                    Point(time: entry.time, run: entry.run, value: f.verdictValue, standardError: se))
                guard let mean = f.judgeMean else { continue }
                let meanSE = f.judgeStandardDeviation.map { $0 / Double(f.n).squareRoot() }.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
                add(
                    .judgeMean, judge: model, rubric: entry.rubric, dimension: f.dimension, figure: "judge's mean",
                    key: ["judge-mean", model, entry.rubric ?? "", f.dimension].joined(separator: "\u{1}"),
                    Point(time: entry.time, run: entry.run, value: mean, standardError: meanSE))
            }
        }
        for entry in audits {
            let c = entry.calibration
            let fitted = "calibration fitted \(c.created.formatted(.iso8601))"
            for f in entry.figures {
                let df = f.effectiveRows.map { Double(max(Int($0.rounded(.down)) - 1, 1)) }
                let t = df.map { StudentTDistribution.quantile(1 - entry.alpha / Double(entry.familySize) / 2, degreesOfFreedom: $0) }
                let se = zip(zip(f.lower, f.upper), t).map { ($0.1 - $0.0) / (2 * $1) }.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
                let key = ["audit", c.judge.model, c.rubricTextHash ?? "", c.labelFingerprint, c.created.description, f.dimension].joined(separator: "\u{1}")
                add(
                    .auditResidual, judge: c.judge.model, rubric: c.rubric, dimension: f.dimension, figure: fitted, key: key,
                    Point(time: entry.time, run: entry.run, value: f.meanResidual, standardError: se))
            }
        }
        self.series = series.filter { s in (dimension.map { s.dimension == $0 } ?? true) && (judge.map { s.judge == $0 } ?? true) }.map { s in
            var s = s
            if let latest = s.points.last, let value = latest.value, let se = latest.standardError {
                let earlier = s.points.dropLast().compactMap { p in zip(p.value, p.standardError).map { ControlLimits.Look(value: $0, standardError: $1) } }
                s.limits = ControlLimits(earlier: earlier, latest: .init(value: value, standardError: se), alpha: alpha)
            }
            return s
        }
    }

    /// The trend of the history at `url`, read whole and checked once (its chain across kinds).
    ///
    /// - Throws: ``DataFormats/InputError`` for a history that does not read, or whose chain is broken.
    public init(historyAt url: URL, alpha: Double = 0.05, dimension: String? = nil, judge: String? = nil) throws {
        let lines = try HistoryLog.read(from: url), file = InputFile.displayName(url)
        self.init(
            alignments: try AlignmentHistoryEntry.records(in: lines, file: file), audits: try AuditHistoryEntry.records(in: lines, file: file),
            alpha: alpha, dimension: dimension, judge: judge)
    }
}

extension AlignmentHistoryEntry.Figures {
    /// The value of the verdict's statistic (``statistic``) among the figures.
    var verdictValue: Double? {
        switch statistic {
        case .quadraticKappa: quadraticKappa
        case .linearKappa: linearKappa
        case .kappa: kappa
        case .alphaOrdinal: alphaOrdinal
        case .ac2: ac2
        case .spearman: spearman
        case .kendall: kendallTauB
        case .pearson: pearson
        }
    }
}

/// Both values, or `nil` when either is missing.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
