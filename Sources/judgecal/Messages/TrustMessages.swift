import DataFormats
import SelectiveTrust

/// `trust`'s words for its settings' errors, naming the options that set them.
enum TrustMessages {
    static func message(for error: TrustSettingsError) -> String {
        switch error {
        case .risk(let a): "--risk \(a.plainText) is not a risk: give the largest share of kept rows allowed to disagree, strictly between 0 and 1"
        case .error(let d): "--error \(d.plainText) is not an error probability: give it strictly between 0 and 1 (0.1 for 90% confidence)"
        case .minimumKept(let n): "--min-kept \(n): a threshold keeps at least one labelled row"
        case .bins(let n): "--bins \(n): the reliability table has 1 to 100 bins"
        case .resamples(let n): "--resamples \(n): the calibration error's interval needs 100 resamples or more"
        }
    }

    static func message(for error: TrustError) -> String {
        switch error {
        case .noConfidence(let d):
            "the judge gave no confidence on any labelled row of \(d): judge with --mode weighted or --mode sampled, or give "
                + "--judge-scores a \(d)_confidence column (docs/FORMATS.md)"
        case .withinOneOnTwoLevels(let d): "--agreement within-one does not apply to \(d), a scale of two levels: every pair of levels is within one"
        case .noLevelDistribution(let d):
            "--sets and --band need the judge's probability of each level of \(d): judge with --mode weighted, sampled or annotators, "
                + "or give --judge-scores a judgments file judge wrote in one of those modes (a scores file's confidence is a distribution "
                + "only on two levels)"
        case .noTwoLevelDimension(let sizes):
            "--band draws the abstain band of a pass/fail judge, and no dimension of the rubric has two levels: "
                + sizes.map { "\($0.dimension) has \($0.levels)" }.joined(separator: ", ") + "; give a rubric with a two-level dimension"
        case .noScale: error.description
        }
    }

    static func message(for error: TrustAbstainBand.SettingsError) -> String {
        switch error {
        case .negativePredictiveValue(let v): "--band-npv \(v.plainText) is not a predictive value: give it strictly between 0 and 1, such as 0.85"
        case .positivePredictiveValue(let v): "--band-ppv \(v.plainText) is not a predictive value: give it strictly between 0 and 1, such as 0.8"
        case .abstentionRate(let v): "--band-abstain \(v.plainText) is not a share of rows: give it strictly between 0 and 1, such as 0.2"
        case .gridStep(let h):
            "--band-grid \(h.plainText): give a step that divides 0.5 into 1 to \(TrustAbstainBand.Settings.maximumSteps) whole steps, "
                + "such as 0.1, 0.05 or 0.01"
        }
    }
}
