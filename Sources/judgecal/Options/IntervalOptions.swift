import AgreementCoefficients
import Calibration
import CalibrationData
import CommandLineParsing
import StatisticsCore

/// The verdict's statistic (``StatisticOptions``) and its intervals, declared once for `align`, `certify` and `compare` (whose paired
/// difference takes them too); the bootstrap seed's default is `agreement`'s too (``defaultSeed``).
enum IntervalOptions {
    /// The library's defaults, which the options declare as theirs.
    static let defaults = AlignmentSettings()

    static let ci = OptionKey<IntervalMethod?>(
        "ci", valueName: "method",
        help: "Intervals: each statistic's best by measured coverage (docs/PLANNING.md) unless named: analytic (normal) or t "
            + "where the statistic has one, else the bootstrap; or bootstrap (percentile) or bca throughout. compare's paired "
            + "difference: jackknife t, or bootstrap or bca when named.", choices: IntervalMethod.allCases.map(\.rawValue))
    static let resamples = OptionKey<Int>(
        "resamples", valueName: "n", help: "Bootstrap resamples (paired in compare): 0 (none), or 100 to 100000.",
        defaultValue: defaults.resamples, range: 0...AgreementRequest.maximumResamples)
    /// The bootstrap seed unless `--seed` says otherwise, declared once for these commands and `agreement`:
    /// `AlignmentSettings`' default.
    static let defaultSeed = defaults.seed
    static let seed = OptionKey<UInt64>("seed", valueName: "n", help: "Bootstrap seed.", defaultValue: defaultSeed)

    /// `--experts`' values: the library's combinations, and `each` (``AlignmentSettings/eachExpert``).
    enum Experts: String, CaseIterable, ArgumentValue {
        case majority, mean, median, each
        /// The combination asked; `nil` for `each`, whose other figures keep the scale's default.
        var combination: ExpertCombination? { ExpertCombination(rawValue: rawValue) }
    }

    static let experts = OptionKey<Experts?>(
        "experts", valueName: "how",
        help: "How a row's several raters become its expert value: majority (ties leave the row unpaired, counted), mean or "
            + "median (default: majority on a two-level scale, mean otherwise; the choice is printed); or, for align's verdict, "
            + "each: the mean over raters of the statistic between the judge and each rater alone on the rows they share "
            + "(like the ceiling's mean pair), its interval a bootstrap over rows; the other figures keep the default; needs "
            + "two raters on every dimension.",
        choices: Experts.allCases.map(\.rawValue))

    static let options: [any OptionDeclaration] = StatisticOptions.verdict.options + [ci, resamples, seed, experts]
}
