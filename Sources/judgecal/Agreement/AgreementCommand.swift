import AgreementStatistics
import CommandLineParsing

/// `judgecal agreement FILE`: agreement between rater columns of a CSV or
/// JSON Lines file, or from a contingency table.
enum AgreementCommand {
    static let command = Command(
        name: "agreement",
        abstract: "Agreement between raters: the columns of a CSV or JSON Lines file, or a table of counts.",
        discussion: """
            FILE holds one row per item and one column per rater (--raters). A blank cell \
            (or a missing or null JSON field) is a missing rating; any other value must be a \
            number, or one of --categories when they are labels. With --table, FILE is a k×k \
            table of counts: a header of category labels after a free first cell, then one \
            row per category, labelled in the same order.
            Statistics: \(AgreementStatistic.all.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")).
            --json writes {file, statistic, items, parameters {weights, level, categories, ci, \
            resamples, seed (a string), tolerance, icc-form}, results [{group, raters, measure, value, se, ci {lower, upper, level, \
            method}, n, excluded, undefined {code, message}, undefined-resamples}]}; every key is present and null \
            when it does not apply. An undefined statistic has value null and says why.
            """,
        options: [
            Option(
                "raters", short: "r", valueName: "column",
                help: "The rater columns (JSON: dotted field paths), two or more for a comparison.", commaSeparated: true),
            Option("id", valueName: "column", help: "The item id column; ids must be present and unique."),
            Option(
                "statistic", short: "s", valueName: "name", help: "The statistic.", choices: AgreementStatistic.names,
                defaultValue: "cohen-kappa"),
            Option(
                "weights", valueName: "scheme", help: "Disagreement weights for weighted statistics.",
                choices: WeightScheme.allCases.map(\.rawValue)),
            Option(
                "level", valueName: "level", help: "The level of measurement, for Krippendorff's alpha.",
                choices: MeasurementLevel.allCases.map(\.rawValue)),
            Option(
                "categories", short: "c", valueName: "category",
                help: "The declared scale, in order: numbers (1,2,3,4) or labels (fail,pass).", commaSeparated: true),
            Option(
                "ci", valueName: "method",
                help: "Add a 95% confidence interval: analytic (normal, Fisher z, or F), t (t with n−1 df), or bootstrap.",
                choices: IntervalMethod.allCases.map(\.rawValue)),
            Option("resamples", valueName: "count", help: "Bootstrap resamples, with --ci bootstrap.", defaultValue: "2000"),
            Option("seed", valueName: "n", help: "Bootstrap seed, with --ci bootstrap, for a repeatable interval."),
            Option("tolerance", valueName: "points", help: "For percent: count ratings within ±points of each other as agreeing."),
            Option(
                "icc-form", valueName: "form", help: "McGraw–Wong ICC form: 1, k, A,1 (default), C,1, A,k or C,k.",
                choices: ICCFormName.allCases.map(\.rawValue)),
            Option("group-by", short: "g", valueName: "column", help: "Compute the statistic for each value of this column separately."),
            Option(
                "format", valueName: "format", help: "The file's format, when its extension does not say.",
                choices: InputFormat.allCases.map(\.rawValue)),
        ],
        flags: [
            Flag("table", help: "FILE is a contingency table of counts (CSV or TSV)."),
            Flag("json", help: "Write the results as JSON on standard output."),
        ],
        positionals: [Positional("file", help: "The ratings file (.csv, .tsv, .jsonl) or, with --table, a table of counts.")],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let request = try request(arguments)
        let isTable = arguments.flag("table")
        let raters = arguments.values("raters")
        try checkRaters(raters, isTable: isTable, arguments: arguments, statistic: request.statistic)

        if request.statistic.needsScale, request.scale == nil, !isTable {
            throw UsageError(
                "\(request.statistic.name) needs the declared scale: add --categories (for example 1,2,3,4); categories come from the rubric, not from the labels seen"
            )
        }
        let path = arguments.positional("file") ?? ""
        let progress = console.progressLine()
        progress.update("reading \(path)…")
        defer { progress.clear() }
        let input = try AgreementInput.load(
            AgreementInput.Selection(
                path: path, format: try arguments.value("format", as: InputFormat.self), isTable: isTable, raters: raters,
                id: arguments.value("id"), groupBy: arguments.value("group-by"), scale: request.scale))

        var resolved = request
        resolved.scale = input.scale
        var rows: [AgreementReport.Row] = []
        do {
            for group in input.groups {
                rows += try request.statistic.compute(group.ratings, resolved).map {
                    AgreementReport.Row(group: group.key, measurement: $0)
                }
            }
            if let method = request.statistic.correlation, arguments.isGiven("group-by") {
                rows += try averagedOverGroups(method, input: input)
            }
        } catch let error as RatingError {
            throw CommandFailure("\(input.file): \(error.message)", exitCode: .dataError)
        }
        progress.clear()
        let report = AgreementReport(
            file: input.file, statistic: request.statistic.name, request: resolved, items: input.rowCount, rows: rows)
        console.print(arguments.flag("json") ? try report.json() : report.text(style: console.outputStyle))
        return .success
    }

    /// With `--group-by`, a correlation per pair computed within each group
    /// and averaged over the groups where it is defined (``GroupedCorrelation``).
    private static func averagedOverGroups(_ method: Correlation.Method, input: AgreementInput) throws -> [AgreementReport.Row] {
        guard let raters = input.groups.first?.ratings.raters else { return [] }
        let labels = input.groups.flatMap { Array(repeating: $0.key ?? "", count: $0.ratings.itemCount) }
        let column = { (r: Int) in input.groups.flatMap { $0.ratings.ratings[r] } }
        return try RaterRatings(raters: raters, ratings: [], itemCount: labels.count).pairs.map { i, j in
            let grouped = try GroupedCorrelation.averaged(method, groups: labels, column(i), column(j))
            let measurement = Measurement(
                raters: [raters[i], raters[j]],
                measure: "mean \(method.rawValue), \(grouped.skippedGroups) of \(grouped.groups) groups skipped",
                estimate: grouped.estimate, excluded: grouped.excludedPairs)
            return AgreementReport.Row(group: "(mean over groups)", measurement: measurement)
        }
    }

    /// The statistic and its settings, checked against what the statistic takes.
    private static func request(_ arguments: ParsedArguments) throws -> AgreementRequest {
        let statistic = try AgreementStatistic.named(arguments.value("statistic") ?? "")
        let given: [AgreementStatistic.Parameter] = [.weights, .level, .tolerance, .iccForm]
        for parameter in given where arguments.isGiven(parameter.rawValue) && !statistic.parameters.contains(parameter) {
            let takers = AgreementStatistic.all.filter { $0.parameters.contains(parameter) }.map(\.name).joined(separator: ", ")
            throw UsageError("--\(parameter.rawValue) does not apply to \(statistic.name); it applies to \(takers)")
        }
        let interval = try arguments.value("ci", as: IntervalMethod.self)
        if let interval, !statistic.intervals.contains(interval) {
            let takers = AgreementStatistic.all.filter { $0.intervals.contains(interval) }.map(\.name).joined(separator: ", ")
            throw UsageError("--ci \(interval.rawValue) does not apply to \(statistic.name); it applies to \(takers)")
        }
        let tolerance = try arguments.value("tolerance", as: Double.self) ?? 0
        guard tolerance >= 0 else { throw UsageError("--tolerance must be zero or more scale points") }
        for option in ["resamples", "seed"] where arguments.isGiven(option) && interval != .bootstrap {
            throw UsageError("--\(option) applies only with --ci bootstrap")
        }
        let resamples = try arguments.value("resamples", as: Int.self) ?? 2000
        guard resamples >= 100 else { throw UsageError("--resamples must be at least 100 for a percentile interval; 2000 is usual") }
        return AgreementRequest(
            statistic: statistic,
            weights: try arguments.value("weights", as: WeightScheme.self) ?? .none,
            level: try arguments.value("level", as: MeasurementLevel.self),
            scale: try scale(arguments.values("categories")),
            interval: interval,
            resamples: resamples,
            seed: try arguments.value("seed", as: UInt64.self) ?? (interval == .bootstrap ? UInt64.random(in: 0...UInt64.max) : nil),
            tolerance: tolerance,
            iccForm: try arguments.value("icc-form", as: ICCFormName.self) ?? .agreementSingle)
    }

    /// `--categories`: numbers make a numeric scale, anything else ordered labels.
    private static func scale(_ categories: [String]) throws(UsageError) -> CategoryScale? {
        guard !categories.isEmpty else { return nil }
        guard Set(categories).count == categories.count else {
            throw UsageError("--categories lists a category twice: \(categories.joined(separator: ","))")
        }
        let numbers = categories.compactMap { Double($0) }.filter(\.isFinite)
        if numbers.count == categories.count, Set(numbers).count == numbers.count {
            return CategoryScale(values: numbers, labels: categories)
        }
        return CategoryScale(labels: categories)
    }

    private static func checkRaters(_ raters: [String], isTable: Bool, arguments: ParsedArguments, statistic: AgreementStatistic)
        throws(UsageError)
    {
        if isTable {
            guard raters.isEmpty, !arguments.isGiven("group-by"), !arguments.isGiven("id") else {
                throw UsageError("--table reads the two raters from the table; --raters, --id and --group-by do not apply")
            }
            return
        }
        guard Set(raters).count == raters.count else {
            throw UsageError("--raters names a column twice: \(raters.joined(separator: ","))")
        }
        let needed = statistic.shape == .eachRater ? 1 : 2
        guard raters.count >= needed else {
            throw UsageError(
                "\(statistic.name) needs at least \(needed) rater column\(needed == 1 ? "" : "s"): add --raters \(needed == 1 ? "a" : "a,b")"
            )
        }
    }
}
