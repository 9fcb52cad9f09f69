import AgreementCoefficients
import CalibrationData
import CommandLineParsing

/// The verdict's statistic in the agreement catalogue's words, one vocabulary for `align`, `certify`,
/// `compare` and `plan` as for `agreement`: `--statistic cohen-kappa --weights quadratic`,
/// `krippendorff-alpha --metric ordinal`, `gwet-ac2 --weights quadratic`, `spearman`, `kendall-b`,
/// `pearson`. The former compact names (`quadratic-kappa`, `alpha-ordinal`, `ac2`, `kendall`, …) are
/// still read, with a note giving the new spelling. The mapping itself is the library's
/// (``AlignmentStatistic/catalogueForm``); these are its flag words.
struct StatisticOptions {
    /// The statistics the command decides on.
    let usable: [AlignmentStatistic]
    /// `--statistic`, whose help lists ``usable``.
    let statistic: OptionKey<String?>

    /// The options for `usable`, called `what` in the help: `--statistic`, `--weights`, and `--metric`
    /// when one of them takes it.
    init(usable: [AlignmentStatistic], what: String) {
        self.usable = usable
        statistic = OptionKey<String?>(
            "statistic", valueName: "name",
            help: "The verdict's \(what), named as agreement names it: \(Self.names(usable)) (default: cohen-kappa --weights quadratic).")
    }

    /// `align`'s, `certify`'s and `compare`'s: every verdict statistic.
    static let verdict = StatisticOptions(usable: AlignmentStatistic.allCases, what: "statistic")
    /// `plan`'s: the kappas, whose tables it simulates.
    static let plan = StatisticOptions(usable: AlignmentStatistic.allCases.filter { $0.kappaWeights != nil }, what: "kappa")

    static let weights = OptionKey<String?>(
        "weights", valueName: "scheme", help: "Disagreement weights for weighted statistics.", choices: AgreementWeights.schemeNames)
    static let metric = OptionKey<String?>(
        "metric", valueName: "metric", help: "Krippendorff's metric (the level of measurement), for Krippendorff's alpha.",
        choices: KrippendorffAlpha.Metric.metricNames)

    /// Whether one of ``usable`` takes a metric, and so the command `--metric`.
    private var takesMetric: Bool { usable.contains { $0.catalogueForm.metric != nil } }

    /// The options to declare.
    var options: [any OptionDeclaration] { [statistic, Self.weights] + (takesMetric ? [Self.metric] : []) }

    /// The verdict's statistic from `--statistic`, `--weights` and `--metric`: quadratic-weighted kappa
    /// when none is given, `--weights` alone choosing the kappa's weights.
    ///
    /// - Throws: ``UsageError`` for an unknown name, or a statistic and parameters the command cannot
    ///   decide on, naming those it can.
    func read(_ arguments: ParsedArguments, console: Console) throws -> AlignmentStatistic {
        let weights = try arguments[Self.weights].flatMap(AgreementWeights.init(schemeName:))
        let metric = takesMetric ? try arguments[Self.metric].flatMap(KrippendorffAlpha.Metric.init(metricName:)) : nil
        let name = try arguments[statistic]
        let chosen: AlignmentStatistic
        if let name, AgreementStatistic.named(name) == nil, let former = AlignmentStatistic(rawValue: name) {
            let spelt = "--statistic " + Self.spelling(former.catalogueForm)
            guard weights == nil, metric == nil else {
                throw UsageError(
                    "--weights and --metric go with the statistics' catalogue names (\(spelt)), not with the former --statistic \(name)")
            }
            console.printNote("--statistic \(name) is now written \(spelt)")
            chosen = former
        } else if name == nil, weights == nil, metric == nil {
            chosen = IntervalOptions.defaults.statistic
        } else {
            let name = name ?? AgreementStatistic.cohenKappa.name
            guard let statistic = AgreementStatistic.named(name) else {
                throw UsageError("--statistic: unknown value '\(name)' (choose one of \(Self.names(usable)))")
            }
            let form = AlignmentStatistic.CatalogueForm(statistic, weights: weights, metric: metric)
            guard let known = AlignmentStatistic(form) else { throw refusal(form) }
            chosen = known
        }
        guard usable.contains(chosen) else { throw refusal(chosen.catalogueForm) }
        return chosen
    }

    /// `cohen-kappa --weights quadratic`: a verdict statistic as the options spell it.
    static func spelling(_ form: AlignmentStatistic.CatalogueForm) -> String {
        form.statistic.name + (form.weights?.schemeName.map { " --weights \($0)" } ?? "")
            + (form.metric?.metricName.map { " --metric \($0)" } ?? "")
    }

    private static func names(_ usable: [AlignmentStatistic]) -> String {
        usable.map { spelling($0.catalogueForm) }.joined(separator: ", ")
    }

    private func refusal(_ form: AlignmentStatistic.CatalogueForm) -> UsageError {
        UsageError("no verdict is decided on --statistic \(Self.spelling(form)); choose one of \(Self.names(usable))")
    }
}
