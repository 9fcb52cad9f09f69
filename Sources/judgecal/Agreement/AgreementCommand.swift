import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationReports
import CommandLineParsing
import DataFormats
import Foundation
import RatingsAgreement
import StatisticsCore

/// `judgecal agreement FILE`: a statistic of the agreement catalogue between
/// rater columns of a CSV, TSV or JSON Lines file, or from a table of counts.
enum AgreementCommand {
    static let raters = OptionKey<[String]>(
        "raters", short: "r", valueName: "column",
        help: "The rater columns (JSON: dotted field paths), two or more for a comparison.", commaSeparated: true)
    static let id = OptionKey<String?>("id", valueName: "column", help: "The item id column; ids must be present and unique.")
    static let statistic = OptionKey<String>(
        "statistic", short: "s", valueName: "name", help: "The statistic.", choices: AgreementStatistic.names,
        defaultValue: "cohen-kappa")
    /// `--metric`'s former name, still read with a note.
    static let level = OptionKey<String?>(
        "level", valueName: "metric", help: "The former name of --metric, read with a note.",
        choices: KrippendorffAlpha.Metric.metricNames)
    static let categories = OptionKey<[String]>(
        "categories", short: "c", valueName: "category",
        help: "The declared scale, in order: numbers (1,2,3,4) or labels (fail,pass); at most 200 categories.",
        commaSeparated: true)
    static let ci = OptionKey<IntervalMethod?>(
        "ci", valueName: "method",
        help: "Add a 95% confidence interval: analytic (normal, Fisher z, or F), t (t with n−1 df), bootstrap (percentile) or bca.",
        choices: IntervalMethod.allCases.map(\.rawValue))
    static let resamples = OptionKey<Int>(
        "resamples", valueName: "count", help: "Bootstrap resamples, with --ci bootstrap: 100 to 100000.",
        defaultValue: AgreementRequest.defaultResamples)
    /// `align`'s default seed, so that a bootstrap interval is repeatable without `--seed` here too.
    static let seed = OptionKey<UInt64>(
        "seed", valueName: "n", help: "Bootstrap seed, with --ci bootstrap, for a repeatable interval.",
        defaultValue: IntervalOptions.defaultSeed)
    static let tolerance = OptionKey<Double?>(
        "tolerance", valueName: "points", help: "For percent: count ratings within ±points of each other as agreeing.")
    static let iccForm = OptionKey<String?>(
        "icc-form", valueName: "form", help: "McGraw–Wong ICC form: 1, k, A,1 (default), C,1, A,k or C,k.", choices: ICCForm.shortNames)
    static let groupBy = OptionKey<String?>(
        "group-by", short: "g", valueName: "column", help: "Compute the statistic for each value of this column separately.")
    static let format = OptionKey<RecordFormat?>(
        "format", valueName: "format", help: "The file's format, when its extension does not say.",
        choices: RecordFormat.allCases.map(\.rawValue))
    static let table = Flag("table", help: "FILE is a contingency table of counts (CSV or TSV).")
    static let population = Flag("population", help: "For spread: also the population (divisor n) variance and standard deviation.")
    static let json = Flag("json", help: "Write the results as JSON on standard output.")
    static let file = PositionalKey<String>("file", help: "The ratings file (.csv, .tsv, .jsonl) or, with --table, a table of counts.")

    static let command = Command(
        name: "agreement",
        abstract: "Agreement between raters: the columns of a CSV or JSON Lines file, or a table of counts.",
        discussion: """
            FILE holds one row per item and one column per rater (--raters). A blank cell \
            (or a missing or null JSON field) is a missing rating; any other value must be a \
            number, or one of --categories when they are labels. With --table, FILE is a k×k \
            table of counts: a header of category labels after a free first cell, then one \
            row per category, labelled in the same order. Without --raters, FILE is long ratings: columns \
            item (or id), rater, score and optionally dimension, one line per rating; each dimension is a group.
            Statistics: \(AgreementStatistic.all.map { "\($0.name) (\(AgreementMessages.summary(of: $0)))" }.joined(separator: "; ")).
            --json writes {file, statistic, items, parameters {weights, level (the metric), categories, ci, \
            resamples, seed (a string), tolerance, icc-form, population}, results [{group, raters, measure, value, se, \
            ci {lower, upper, level, method}, ci-undefined {code, message}, n, excluded, undefined {code, message}, undefined-resamples, \
            test {se0, z, p}, table {labels, counts}, notes [text]}]}; every key is present, null (notes: empty) when it \
            does not apply. An \
            undefined statistic has value null and says why.
            """,
        options: [raters, id, statistic, StatisticOptions.weights, StatisticOptions.metric, level, categories, ci, resamples, seed, tolerance, iccForm, groupBy, format],
        flags: [table, population, json],
        positionals: [file],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let isTable = arguments[table]
        let raters = try arguments[Self.raters]
        if isTable || raters.isEmpty, !raters.isEmpty || arguments.isGiven(groupBy) || arguments.isGiven(id) {
            throw UsageError(
                (isTable ? "--table reads the two raters from the table; --raters, " : "long ratings: ")
                    + "--id and --group-by do not apply")
        }
        guard Set(raters).count == raters.count else {
            throw UsageError("--raters names a column twice: \(raters.joined(separator: ","))")
        }
        let request = try request(arguments, raters: isTable || raters.isEmpty ? nil : raters.count, console: console)
        let path = arguments[file]
        let progress = console.progressLine()
        progress.update("reading \(path)…")
        defer { progress.clear() }
        let format =
            try arguments[Self.format] ?? RecordFormat(path: path)
            ?? { throw UsageError("cannot tell the format of '\(path)' from its extension; add --format csv, tsv or jsonl") }()
        let url = try InputFiles.existing(path, role: "ratings file")
        let ratings: RatingsFile
        if isTable {
            guard let separator = format.separator else {
                throw UsageError("--table reads a CSV or TSV table of counts, not JSON Lines")
            }
            let data = try InputFiles.read(path, role: "ratings file")
            ratings = try RatingsFile.contingencyTable(data, file: path, separator: separator, scale: request.scale)
        } else if raters.isEmpty {
            let long = try LongRatings.read(try InputFiles.read(path, role: "ratings file"), file: path, format: format)
            ratings = try RatingsFile.long(long, scale: request.scale)
        } else {
            ratings = try RatingsFile.columns(
                .file(url), file: path, format: format, raters: raters, id: try arguments[id],
                groupBy: try arguments[groupBy], scale: request.scale, statistic: request.statistic)
        }
        let report: AgreementReport
        do {
            report = try AgreementReport(ratings, request: request)
        } catch let error as AgreementRequestError {
            // Long ratings show their raters only once read: the catalogue's checks then, worded as options.
            throw UsageError(AgreementMessages.message(for: error))
        }
        progress.clear()
        console.print(arguments[json] ? try report.json() : report.text(emphasis: console.outputStyle.bold))
        return .success
    }

    /// The statistic and its settings from the options, checked by the catalogue against `raters`
    /// columns (`nil` for a table), with each setting named as its option; `--level` is noted as `--metric`'s former name.
    private static func request(_ arguments: ParsedArguments, raters: Int?, console: Console) throws -> AgreementRequest {
        let name = try arguments[Self.statistic]
        guard let statistic = AgreementStatistic.named(name) else { throw UsageError("unknown statistic \(name)") }
        let interval = try arguments[ci]
        for option in [resamples, seed] as [any OptionDeclaration] where arguments.isGiven(option) && interval?.isBootstrap != true {
            throw UsageError("--\(option.option.name) applies only with --ci bootstrap")
        }
        let categories = try arguments[Self.categories]
        var metric = try arguments[StatisticOptions.metric]
        if let former = try arguments[level] {
            guard metric == nil else { throw UsageError("--level is the former name of --metric; give --metric alone") }
            console.printNote("--level \(former) is now written --metric \(former)")
            metric = former
        }
        let request = AgreementRequest(
            statistic: statistic,
            weights: try arguments[StatisticOptions.weights].map {
                try named($0, StatisticOptions.weights, AgreementWeights.init(schemeName:))
            },
            metric: try metric.map { try named($0, StatisticOptions.metric, KrippendorffAlpha.Metric.init(metricName:)) },
            scale: try categories.isEmpty ? nil : declaredScale(categories),
            interval: interval,
            resamples: try arguments[resamples],
            seed: try arguments[seed],
            tolerance: try arguments[tolerance],
            iccForm: try arguments[iccForm].map { try named($0, Self.iccForm, ICCForm.init(shortName:)) },
            population: arguments[population])
        do throws(AgreementRequestError) {
            return try request.validated(raters: raters)
        } catch {
            throw UsageError(AgreementMessages.message(for: error))
        }
    }

    private static func named<T>(_ text: String, _ option: OptionKey<String?>, _ make: (String) -> T?) throws(UsageError) -> T {
        guard let value = make(text) else { throw UsageError("--\(option.option.name) does not take '\(text)'") }
        return value
    }

    /// `--categories` as the declared scale.
    private static func declaredScale(_ categories: [String]) throws(UsageError) -> CategoryScale {
        do {
            return try CategoryScale(declared: categories)
        } catch {
            throw UsageError("--categories: \(error.message)")
        }
    }
}
