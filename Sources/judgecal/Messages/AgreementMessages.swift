import AgreementCoefficients
import StatisticsCore

/// `agreement`'s words for the catalogue: its statistics in the help, and a request's errors, each
/// setting named as the option that sets it (`--weights`, `--ci bootstrap`, `--resamples`,
/// `--categories`, `--raters`). The catalogue says which parameter or interval is wrong
/// (``AgreementRequestError``); this says which option to change.
enum AgreementMessages {
    /// A request's error as `agreement` words it.
    ///
    /// Only `agreement`, whose options are named like the request's parameters, words the errors
    /// so; elsewhere (`align`, `compare`) a request's error keeps its own description.
    static func message(for error: AgreementRequestError) -> String {
        switch error {
        case .parameterDoesNotApply(let p, let statistic):
            "--\(p.rawValue) does not apply to \(statistic); it applies to \(AgreementStatistic.names { $0.parameters.contains(p) })"
        case .intervalDoesNotApply(let method, let statistic):
            "--ci \(method.rawValue) does not apply to \(statistic); it applies to \(AgreementStatistic.names { $0.intervals.contains(method) })"
        case .needsScale(let statistic):
            "\(statistic) needs the declared scale: add --categories (for example 1,2,3,4); categories come from the rubric, not from "
                + "the labels seen"
        case .negativeTolerance: "--tolerance must be zero or more scale points"
        case .tooFewResamples, .tooManyResamples:
            "--resamples must be from \(AgreementRequest.minimumResamples) to \(AgreementRequest.maximumResamples) for a "
                + "percentile interval; 2000 is usual"
        case .tooFewRaters(let statistic, let needed):
            "\(statistic) needs at least \(needed) rater column\(needed == 1 ? "" : "s"): add --raters \(needed == 1 ? "a" : "a,b")"
        case .coverage, .negativeCount, .needsItemRatings: error.description
        }
    }

    /// The statistic's line in `agreement --help`: the catalogue's summary, with the options that
    /// set its parameters (`--metric`, `--tolerance`, `--icc-form`, `--population`) and, for a
    /// correlation, what `--group-by` adds.
    static func summary(of statistic: AgreementStatistic) -> String {
        switch statistic {
        case .krippendorffAlpha: "Krippendorff's alpha over all raters, --metric nominal by default"
        case .percentAgreement:
            "agreement per pair, Σ diagonal / n or within ±--tolerance; over 3+ raters also the pairwise mean and the share of "
                + "items where all agree"
        case .intraclassCorrelation: "intraclass correlation over all raters, --icc-form A,1 by default"
        case .spread: "mean, standard deviation, median, minimum and maximum per rater; --population adds the population variance and SD"
        default: statistic.summary + (statistic.correlation == nil ? "" : "; with --group-by also its mean over the groups")
        }
    }

    /// What the catalogue's interval sentences say in `judgecal` (``IntervalWording``), naming `--ci`.
    static func words(for wording: IntervalWording) -> String {
        switch wording {
        case .percentileWhenBCaUndefined: "--ci \(IntervalMethod.bootstrap.rawValue) gives the percentile interval"
        }
    }
}
