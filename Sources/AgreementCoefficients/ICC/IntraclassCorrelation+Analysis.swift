import Foundation
import StatisticsCore

/// The estimate, F test and interval of one ICC form from the mean squares, with
/// the edge cases where a denominator or a degrees of freedom is 0 up to rounding.
extension IntraclassCorrelation {
    /// What ``analyse(_:n:k:form:level:noise:)`` found.
    struct Analysis {
        enum Outcome {
            case value(Double)
            case undefined(UndefinedReason)
        }

        var outcome: Outcome
        var test: FTest?
        var interval: ConfidenceInterval?
        var notes: [String] = []
    }

    /// How close to 0, relative to the magnitudes it combines, a sum of mean squares
    /// must be to count as 0: well above the rounding of a few compensated sums
    /// (about 1e-16), well below any difference a rating scale produces.
    static let relativeTolerance = 1e-12

    /// Whether `x`, computed from `terms`, is 0 up to the rounding of those terms or
    /// of the data (`noise`, the smallest mean square the data's rounding can produce).
    static func isNegligible(_ x: Double, terms: [Double], noise: Double) -> Bool {
        abs(x) <= max(noise, relativeTolerance * terms.reduce(0) { $0 + abs($1) })
    }

    /// The estimate, F test and interval of `form`, or why the estimate is undefined.
    static func analyse(
        _ ms: MeanSquares,
        n: Double,
        k: Double,
        form: ICCForm,
        level: Double,
        noise: Double
    ) -> Analysis {
        let all = [ms.rows, ms.columns, ms.within, ms.error]
        if all.allSatisfy({ abs($0) <= noise }) {
            return Analysis(
                outcome: .undefined(
                    .noVariation("the ratings do not vary at all (every mean square is 0), so the ICC is 0/0")))
        }
        switch (form.model, form.definition) {
        case (.oneWay, _), (.twoWay, .consistency):
            return relative(ms, n: n, k: k, form: form, level: level, noise: noise)
        case (.twoWay, .agreement):
            return agreement(ms, n: n, k: k, form: form, level: level, noise: noise)
        }
    }

    /// ICC(1), ICC(k), ICC(C,1), ICC(C,k): exact F intervals.
    private static func relative(
        _ ms: MeanSquares, n: Double, k: Double, form: ICCForm, level: Double, noise: Double
    ) -> Analysis {
        let tail = (1 - level) / 2
        let oneWay = form.model == .oneWay
        let average = form.unit == .average
        let error = oneWay ? ms.within : ms.error
        let errorName = oneWay ? "MSW" : "MSE"
        let df2 = oneWay ? n * (k - 1) : (n - 1) * (k - 1)
        let denominator = average ? ms.rows : ms.rows + (k - 1) * error
        let terms = average ? [ms.rows] : [ms.rows, (k - 1) * error]
        if isNegligible(denominator, terms: terms, noise: noise) {
            let formula = average ? "MSR" : "MSR + (k − 1)\(errorName)"
            return Analysis(outcome: .undefined(zeroDenominator(form, formula, ms)))
        }
        let value = (ms.rows - error) / denominator
        let ratio = ms.rows / error
        let test = FTest(statistic: ratio, df1: n - 1, df2: df2, pValue: FDistribution.survival(ratio, n - 1, df2))
        let fl = ratio / FDistribution.quantile(1 - tail, n - 1, df2)
        let fu = ratio * FDistribution.quantile(1 - tail, df2, n - 1)
        // (F − 1)/(F + k − 1) and 1 − 1/F as irr writes them (F = 0 gives −1/(k − 1)), and 1 at F = ∞.
        let bound = { (f: Double) -> Double in
            if f.isInfinite { return 1 }
            return average ? 1 - 1 / f : (f - 1) / (f + k - 1)
        }
        var analysis = Analysis(outcome: .value(value), test: test)
        analysis.interval = checkedInterval(bound(fl), bound(fu), around: value, level: level, notes: &analysis.notes)
        analysis.notes += rangeNotes(value, form: form, ms)
        return analysis
    }

    /// ICC(A,1) and ICC(A,k): McGraw and Wong's approximate F with v degrees of freedom.
    private static func agreement(
        _ ms: MeanSquares, n: Double, k: Double, form: ICCForm, level: Double, noise: Double
    ) -> Analysis {
        let tail = (1 - level) / 2
        let average = form.unit == .average
        let denominator =
            average
            ? ms.rows + (ms.columns - ms.error) / n
            : ms.rows + (k - 1) * ms.error + k * (ms.columns - ms.error) / n
        let terms =
            average
            ? [ms.rows, ms.columns / n, ms.error / n]
            : [ms.rows, (k - 1) * ms.error, k * ms.columns / n, k * ms.error / n]
        if isNegligible(denominator, terms: terms, noise: noise) {
            let formula = average ? "MSR + (MSC − MSE)/n" : "MSR + (k − 1)MSE + k(MSC − MSE)/n"
            return Analysis(outcome: .undefined(zeroDenominator(form, formula, ms)))
        }
        let rho = (ms.rows - ms.error) / denominator
        var analysis = Analysis(outcome: .value(rho))
        analysis.notes = rangeNotes(rho, form: form, ms)
        if abs(ms.error) <= noise && abs(ms.columns) <= noise {
            // The raters agree exactly: ICC = 1, F = MSR/0 and v = 0/0. Every bound tends to 1 as MSE and MSC do.
            analysis.notes.append(
                "MSE = MSC = 0 (the raters agree exactly), so v is 0/0: no F test; the interval is its limit")
            analysis.interval = checkedInterval(1, 1, around: rho, level: level, notes: &analysis.notes)
            return analysis
        }
        let a = k * rho / (n * (1 - rho))
        let b = 1 + k * rho * (n - 1) / (n * (1 - rho))
        let sum = a * ms.columns + b * ms.error
        if isNegligible(sum, terms: [a * ms.columns, b * ms.error], noise: noise) || !sum.isFinite {
            let which = average ? "kMSR = (k − 1)MSE" : "MSR = 0: the item means do not vary"
            analysis.notes.append(
                "McGraw and Wong's degrees of freedom v = (aMSC + bMSE)²/(…) are 0 up to rounding (\(which)), "
                    + "so there is no F test and no interval")
            return analysis
        }
        let spread =
            (a * ms.columns) * (a * ms.columns) / (k - 1) + (b * ms.error) * (b * ms.error) / ((n - 1) * (k - 1))
        let v = sum * sum / spread
        let ratio = ms.rows / ms.error
        analysis.test = FTest(statistic: ratio, df1: n - 1, df2: v, pValue: FDistribution.survival(ratio, n - 1, v))
        guard v.isFinite, v > 0 else { return analysis }
        let fl = FDistribution.quantile(1 - tail, n - 1, v)
        let fu = FDistribution.quantile(1 - tail, v, n - 1)
        let lower: Double
        let upper: Double
        if average {
            lower = n * (ms.rows - fl * ms.error) / (fl * (ms.columns - ms.error) + n * ms.rows)
            upper = n * (fu * ms.rows - ms.error) / (ms.columns - ms.error + n * fu * ms.rows)
        } else {
            let c = k * ms.columns + (k * n - k - n) * ms.error
            lower = n * (ms.rows - fl * ms.error) / (fl * c + n * ms.rows)
            upper = n * (fu * ms.rows - ms.error) / (c + n * fu * ms.rows)
        }
        analysis.interval = checkedInterval(lower, upper, around: rho, level: level, notes: &analysis.notes)
        return analysis
    }

    /// The interval, or `nil` with a note when it is not finite or does not contain the estimate.
    private static func checkedInterval(
        _ lower: Double, _ upper: Double, around value: Double, level: Double, notes: inout [String]
    ) -> ConfidenceInterval? {
        guard lower.isFinite, upper.isFinite else { return nil }
        // The bounds and the estimate are computed by different formulas; allow their rounding.
        let slack = 1e-12 * max(1, abs(value))
        guard lower <= value + slack, value - slack <= upper else {
            notes.append(
                "the McGraw–Wong interval [\(lower), \(upper)] does not contain the estimate, so none is reported")
            return nil
        }
        return ConfidenceInterval(lower: lower, upper: upper, level: level, method: .mcGrawWongF)
    }

    /// A true reason for a zero denominator, naming it and the mean squares.
    private static func zeroDenominator(_ form: ICCForm, _ formula: String, _ ms: MeanSquares) -> UndefinedReason {
        .noVariation(
            "\(form) divides by \(formula), which is 0 up to rounding here (MSR = \(ms.rows), MSC = \(ms.columns), "
                + "MSW = \(ms.within), MSE = \(ms.error)), so it is undefined")
    }

    /// Notes for a value outside [−1, 1], saying why it arises.
    private static func rangeNotes(_ value: Double, form: ICCForm, _ ms: MeanSquares) -> [String] {
        if value > 1 {
            return [
                "\(form) = \(value) exceeds 1 because its denominator MSR + (MSC − MSE)/n, an estimate of the "
                    + "variance of a mean rating, is negative (MSE > n·MSR + MSC): the data give no sensible "
                    + "reliability; irr, psych and pingouin report the same value"
            ]
        }
        if value < -1 {
            return [
                "\(form) = \(value) is below −1 because the items vary less than the error (MSR < MSE or MSW); "
                    + "\(form) is not bounded below, and this reads as no reliability at all"
            ]
        }
        return []
    }
}
