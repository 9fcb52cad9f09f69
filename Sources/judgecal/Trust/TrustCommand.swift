import AgreementCoefficients
import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging
import RunInference
import SelectiveTrust

/// `judgecal trust RUN --rubric R --labels L…`: the confidence above which the judge may be trusted
/// without an expert, per dimension, with a guarantee; a certificate of the thresholds.
enum TrustCommand {
    static let defaults = TrustSettings.standard

    static let rubric = OptionKey<String>(required: "rubric", valueName: "file", help: "The rubric: dimensions, scales and what the judge scores with.")
    static let judgeScores = OptionKey<[String]>(
        "judge-scores", valueName: "file",
        help: "A judge's scores with confidences (a judgments file of judge --mode weighted or sampled, or CSV/JSON Lines with "
            + "<dimension>_confidence columns), instead of judging the run; several files, cheapest judge first, make a cascade.",
        arity: .upToNextOption)
    static let risk = OptionKey<Double>(
        "risk", valueName: "α", help: "The largest share of kept rows allowed to disagree with the experts.", defaultValue: defaults.risk)
    static let error = OptionKey<Double>(
        "error", valueName: "δ", help: "The probability allowed that the guarantee fails.", defaultValue: defaults.error)
    static let agreement = OptionKey<TrustSettings.Agreement>(
        "agreement", valueName: "how", help: "What counts as agreeing: the same level, or within one level (three levels or more).",
        choices: TrustSettings.Agreement.allCases.map(\.rawValue), defaultValue: defaults.agreement)
    static let minKept = OptionKey<Int>(
        "min-kept", valueName: "n", help: "The fewest labelled rows a threshold keeps (Jung et al.: 30).", defaultValue: defaults.minimumKept,
        range: 1...CountLimits.listed)
    static let experts = OptionKey<ExpertCombination?>(
        "experts", valueName: "how",
        help: "How a row's several raters make its expert level: majority (a tie leaves the row out, counted), mean or median, "
            + "placed on the scale (default: majority on a two-level scale, mean otherwise).",
        choices: ExpertCombination.allCases.map(\.rawValue))
    static let bins = OptionKey<Int>(
        "bins", valueName: "n", help: "Equal-width bins of the reliability table.", defaultValue: defaults.bins, range: 1...100)
    static let resamples = OptionKey<Int>(
        "resamples", valueName: "n", help: "Bootstrap resamples for the calibration error's interval.", defaultValue: defaults.resamples,
        range: 100...AgreementRequest.maximumResamples)
    static let seed = OptionKey<UInt64>("seed", valueName: "n", help: "Bootstrap seed.", defaultValue: IntervalOptions.defaultSeed)
    static let certificate = OptionKey<String?>(
        "certificate", valueName: "file", help: "Write the thresholds, with the judge and rubric they were measured on, to FILE (JSON).")
    static let report = OptionKey<String?>(
        "report", valueName: "file",
        help: "Also write the report to this file: .html a page with a reliability diagram and the coverage–risk curve, .md Markdown, else JSON.")
    static let sets = OptionKey<String?>(
        "sets", valueName: "file",
        help: "Also write per-row prediction sets (CSV): for every judged row and dimension the levels the experts would give "
            + "with --set-coverage probability, split conformal on the labelled rows, the widest sets first.")
    static let setCoverage = OptionKey<Double>(
        "set-coverage", valueName: "p", help: "The prediction sets' coverage, 1 − α.", defaultValue: 0.9)
    static let setRule = OptionKey<OrdinalPredictionSets.SetRule>(
        "set-rule", valueName: "rule",
        help: "How a set is read: scoreAtMost, the levels whose score is within q̂ (coverage close to the one asked); reaching, "
            + "the first interval reaching q̂ (Lu et al. 2022, wider).",
        choices: OrdinalPredictionSets.SetRule.allCases.map(\.rawValue), defaultValue: .scoreAtMost)
    static let bandDefaults = TrustAbstainBand.Settings.standard
    static let band = OptionKey<String?>(
        "band", valueName: "file",
        help: "Also write the abstain band of each two-level (pass/fail) dimension (CSV): every judged row's decision, the lower "
            + "level at or below λ₁, the upper at or above λ₂, abstain between, with the band certified on the labelled rows; abstained rows first.")
    static let bandNPV = OptionKey<Double>(
        "band-npv", valueName: "p", help: "The abstain band's minimum negative predictive value.",
        defaultValue: bandDefaults.minimumNegativePredictiveValue)
    static let bandPPV = OptionKey<Double>(
        "band-ppv", valueName: "p", help: "The abstain band's minimum positive predictive value.",
        defaultValue: bandDefaults.minimumPositivePredictiveValue)
    static let bandAbstain = OptionKey<Double>(
        "band-abstain", valueName: "p", help: "The abstain band's largest share of rows abstained.", defaultValue: bandDefaults.maximumAbstentionRate)
    static let bandGrid = OptionKey<Double>(
        "band-grid", valueName: "step",
        help: "The step of the abstain band's candidates: λ₁ from 0 to 0.5 and λ₂ from 0.5 to 1 in this step (it divides 0.5).",
        defaultValue: bandDefaults.gridStep)
    static let mode = OptionKey<JudgeSession.Mode>(
        "mode", valueName: "mode",
        help: "How the judge's confidence is measured: weighted, the probability of the most probable level; sampled, the share "
            + "of --samples replies on the most chosen level; annotators, the share of --samples simulated annotators (each shown "
            + "the worked examples but a different one) on the most chosen level.",
        choices: [JudgeSession.Mode.weighted, .sampled, .annotators].map(\.rawValue), defaultValue: .weighted)
    static let includeExamples = Flag("include-examples", help: "Keep the rubric's worked-example rows.")
    static let runFile = PositionalKey<String>("run", help: "The frozen run (.run.jsonl).")

    /// The judge's options, `--mode` being trust's own (no discrete mode: it gives no confidence).
    static let judgeOptions = JudgeModelOptions.options.filter { $0.option.name != JudgeModelOptions.mode.option.name }

    static let command = Command(
        name: "trust",
        abstract: "Find the confidence above which the judge can be trusted without an expert, with a guarantee.",
        discussion: """
            Judges every row of the run with the rubric (through the response cache; --mode weighted by default, or sampled), \
            or reads --judge-scores, and per dimension compares the judge's level with the experts' on the labelled rows. \
            From the most confident labelled rows down, each candidate threshold is tested with an exact (Clopper–Pearson) \
            bound on its disagreement rate, in fixed sequence, so that on the rows kept the judge disagrees with the experts on \
            at most --risk of them with probability at least 1 − --error (Jung, Brahman & Choi, ICLR 2025; docs/TRUST.md). \
            Reports the threshold, the share of the run's judged rows it keeps, the agreement on the labelled rows kept, the \
            judge alone, the coverage–risk curve, and whether the confidence is calibrated (reliability table, expected \
            calibration error with a bootstrap interval, Brier score); when no threshold achieves --risk, the smallest risk the \
            rows can certify; with too few labelled rows, how many the test needs. Worked-example rows are left out unless \
            --include-examples; rows left out are counted. --certificate writes the thresholds with the judge and rubric; \
            --report the report (.html with a reliability diagram and the coverage–risk curve, .md, or JSON). The \
            certificate, the rubric's text and each dimension's figures are appended to the history (--history, \
            calibration/history.jsonl by default; --no-history for none), as align's are. \
            With several --judge-scores files the judges form a cascade, cheapest first: each keeps the rows where it is \
            confident enough and hands the rest to the next, each stage calibrated at --risk and --error divided by the \
            number of judges on the labelled rows the earlier stages did not keep, so the whole cascade keeps the guarantee; \
            --report then writes JSON only, --certificate (one judge's thresholds), --sets, --band and --history are \
            refused, and the history is not written. \
            --sets FILE writes per-row prediction sets: for every judged row and dimension the contiguous levels the experts \
            would give with --set-coverage probability (split conformal from the judge's level distribution, calibrated on \
            the labelled rows; docs/TRUST.md), the rows with the widest sets first, the order to label them in. \
            --band FILE writes the abstain band of every dimension with two levels (pass/fail; others are left out, and named): \
            from the judge's probability s of the upper level (weighted probabilities, the shares of sampled replies or \
            annotators, or a scores file's confidence), the lower level is kept where s ≤ λ₁, the upper where s ≥ λ₂, and \
            the row abstains between. Over λ₁ from 0 to 0.5 and λ₂ from 0.5 to 1 in steps of --band-grid, Learn then Test \
            certifies on the labelled rows the bands whose negative and positive predictive values reach --band-npv and \
            --band-ppv and whose abstention stays within --band-abstain, with probability 1 − --error (Hoeffding–Bentkus \
            p-values, Holm; as MAPIE's BinaryClassificationController), and chooses the one abstaining least. The file has \
            every judged row's probability and decision, abstained rows first, the order to label them in; a dimension with \
            no certified band abstains on every row, and the note says what certifying one would need.
            Exit codes: 0 every dimension trusted at some threshold; 2 some dimension has no threshold; 3 too few labelled \
            rows (none without a threshold); 1 the judge server failed; 64 usage; 65 malformed input; 66 a file missing; \
            73 output folder missing.
            """,
        options: [rubric] + LabelOptions.options
            + [judgeScores, risk, error, agreement, minKept, experts, bins, resamples, seed, certificate, report, sets, setCoverage, setRule]
            + [band, bandNPV, bandPPV, bandAbstain, bandGrid, mode, SplitOptions.history] + judgeOptions,
        flags: LabelOptions.flags + [includeExamples, SplitOptions.noHistory, AuditRequirementOptions.requireAudited],
        positionals: [runFile],
        run: run)

    /// What `trust` read and checked before judging, for ``finish(_:judgments:identity:_:console:)``.
    struct Prepared {
        let certificatePath: String?, reportPath: String?, setsPath: String?, bandPath: String?
        let outputs: AlignmentOutputs
        let coverage: Double
        let bandSettings: TrustAbstainBand.Settings
        let scoresPaths: [String]
        let run: FrozenRun
        let rubric: Rubric
        let rubricText: Data
        let measurement: TrustMeasurement
    }

    /// Reads and checks, judges (or reads the scores), then measures and writes in ``finish(_:judgments:identity:_:console:)``.
    ///
    /// The work before and after the one `await` is kept in synchronous functions: with it inline, the Swift 6.3.1
    /// optimiser crashed (signal 11) splitting this function's coroutine in a release build.
    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let prepared = try prepare(arguments, console: console)
        if prepared.scoresPaths.count > 1 {
            return try cascade(prepared.scoresPaths, measurement: prepared.measurement, arguments: arguments, console: console)
        }
        try prepared.outputs.check()
        if prepared.bandPath != nil { try prepared.measurement.checkAbstainBand() }
        let auditHistory = try arguments[SplitOptions.history]
        if let scoresPath = prepared.scoresPaths.first {
            let (judgments, identity) = try InputFiles.judgeScores(scoresPath, rubric: prepared.rubric, run: prepared.run)
            try AuditRequirementOptions.check(
                judge: { identity }, rubricText: prepared.rubricText, history: auditHistory, arguments, console: console)
            return try finish(prepared, judgments: judgments, identity: identity, arguments, console: console)
        }
        let judge = try JudgeModelOptions.judge(arguments, mode: try arguments[mode])
        try AuditRequirementOptions.check(
            judge: { judge.identity }, rubricText: prepared.rubricText, history: auditHistory, arguments, console: console)
        let measurement = prepared.measurement
        let judgments = try await JudgeModelOptions.judging(judge: judge, console: console) { display in
            try await measurement.judgments(judge: judge, display: display)
        }
        console.printNote(judge.summary)
        return try finish(prepared, judgments: judgments, identity: judge.identity, arguments, console: console)
    }

    /// The options read and refused where they clash, the outputs checked, and the run, rubric and labels read.
    static func prepare(_ arguments: ParsedArguments, console: Console) throws -> Prepared {
        let certificatePath = try arguments[certificate], reportPath = try arguments[report], setsPath = try arguments[sets]
        let bandPath = try arguments[band]
        let history = arguments[SplitOptions.noHistory] ? nil : try arguments[SplitOptions.history]
        try InputFiles.refuseOverwriting(
            [("certificate", certificatePath), ("report", reportPath), ("prediction sets", setsPath), ("abstain band", bandPath), ("history", history)],
            inputs: [arguments[runFile], try arguments[rubric]] + (try arguments[judgeScores]) + (try arguments[LabelOptions.labels]))
        let outputs = AlignmentOutputs(history: history, historyIsDefault: !arguments.isGiven(SplitOptions.history))
        if let certificatePath { try StagedOutputs.check(certificatePath, role: "certificate") }
        if let reportPath { try StagedOutputs.check(reportPath, role: "report") }
        if let setsPath { try StagedOutputs.check(setsPath, role: "prediction sets") }
        if let bandPath { try StagedOutputs.check(bandPath, role: "abstain band") }
        if setsPath == nil, let given = [setCoverage, setRule].first(where: { arguments.isGiven($0) }) as (any OptionDeclaration)? {
            throw UsageError("--\(given.option.name) shapes the prediction sets; give --sets FILE")
        }
        if bandPath == nil, let given = [bandNPV, bandPPV, bandAbstain, bandGrid].first(where: { arguments.isGiven($0) }) {
            throw UsageError("--\(given.option.name) shapes the abstain band; give --band FILE")
        }
        let coverage = try arguments[setCoverage]
        guard coverage > 0, coverage < 1 else { throw UsageError("--set-coverage \(coverage.plainText) is not a coverage; give it strictly between 0 and 1") }
        let bandSettings = try TrustAbstainBand.Settings(
            minimumNegativePredictiveValue: try arguments[bandNPV], minimumPositivePredictiveValue: try arguments[bandPPV],
            maximumAbstentionRate: try arguments[bandAbstain], gridStep: try arguments[bandGrid])
        let scoresPaths = try arguments[judgeScores]
        if !scoresPaths.isEmpty, let given = ([mode] as [any OptionDeclaration] + judgeOptions).first(where: arguments.isGiven) {
            throw UsageError("--\(given.option.name) does not apply with --judge-scores: no judge is called")
        }
        let run = try InputFiles.run(arguments[runFile])
        let rubricPath = try arguments[rubric]
        let rubric = try InputFiles.rubric(rubricPath)
        let settings = try TrustSettings(
            risk: try arguments[risk], error: try arguments[error], agreement: try arguments[agreement], minimumKept: try arguments[minKept],
            experts: try arguments[experts], includeExamples: arguments[includeExamples], bins: try arguments[bins],
            resamples: try arguments[resamples], seed: try arguments[seed])
        let rubricText = try InputFiles.read(rubricPath, role: "rubric")
        let measurement = TrustMeasurement(
            run: run, rubric: rubric, rubricText: String(decoding: rubricText, as: UTF8.self),
            labels: try LabelOptions.read(arguments, run: run, dimensions: rubric.dimensions, console: console), settings: settings)
        return Prepared(
            certificatePath: certificatePath, reportPath: reportPath, setsPath: setsPath, bandPath: bandPath, outputs: outputs,
            coverage: coverage, bandSettings: bandSettings, scoresPaths: scoresPaths, run: run, rubric: rubric, rubricText: rubricText,
            measurement: measurement)
    }

    /// The trust report on `judgments`, its certificate, prediction sets and abstain band written with the history line, and printed.
    static func finish(
        _ prepared: Prepared, judgments: JudgmentSet, identity: JudgeIdentity, _ arguments: ParsedArguments, console: Console
    ) throws -> ExitCode {
        let (measurement, certificatePath, reportPath) = (prepared.measurement, prepared.certificatePath, prepared.reportPath)
        let (setsPath, bandPath) = (prepared.setsPath, prepared.bandPath)
        let judged = try measurement.judged(judgments)
        let report = try measurement.report(judged)
        let predictionSets = try setsPath.map { _ in try measurement.predictionSets(judged, coverage: prepared.coverage, rule: try arguments[setRule]) }
        let abstainBand = try bandPath.map { _ in try measurement.abstainBand(judged, band: prepared.bandSettings) }
        let trustCertificate = measurement.certificate(report, judge: identity)
        var files: [(data: Data, path: String, role: String)] = []
        if let certificatePath { files.append((try trustCertificate.json(), certificatePath, "certificate")) }
        if let reportPath { files.append(try report.file(at: reportPath)) }
        if let setsPath, let predictionSets { files.append((Data(TrustSetsFile.csv(predictionSets).utf8), setsPath, "prediction sets")) }
        if let bandPath, let abstainBand { files.append((Data(TrustBandFile.csv(abstainBand).utf8), bandPath, "abstain band")) }
        try prepared.outputs.write(files, entries: [measurement.historyEntry(report, certificate: trustCertificate)])
        predictionSets.map(TrustSetsFile.summary)?.forEach { console.printNote("prediction sets: " + $0) }
        abstainBand.map(TrustBandFile.summary)?.forEach { console.printNote("abstain band: " + $0) }
        console.print(arguments[LabelOptions.json] ? try report.renderJSON() : report.renderText())
        return VerdictExitCodes.code(for: report.outcome.gate)
    }

    /// `trust --judge-scores A B …`: the judges as a cascade, in the order given.
    static func cascade(_ paths: [String], measurement: TrustMeasurement, arguments: ParsedArguments, console: Console) throws -> ExitCode {
        if arguments.isGiven(sets) { throw UsageError("--sets draws one judge's level distributions; give one --judge-scores file") }
        if arguments.isGiven(band) { throw UsageError("--band draws one judge's level distributions; give one --judge-scores file") }
        if arguments[AuditRequirementOptions.requireAudited] {
            throw UsageError("--require-audited checks one judge's calibration; a cascade of \(paths.count) judges has several, so give one --judge-scores file")
        }
        if arguments.isGiven(SplitOptions.history) {
            throw UsageError("--history records one judge's certificate; a cascade of \(paths.count) judges has none, so give one --judge-scores file")
        }
        if arguments.isGiven(certificate) {
            throw UsageError("--certificate records one judge's thresholds; a cascade of \(paths.count) judges has several, so give one --judge-scores file")
        }
        if let path = try arguments[report], !["json", ""].contains(URL(fileURLWithPath: path).pathExtension.lowercased()) {
            throw UsageError("--report writes a cascade as JSON; give a .json file (the page and Markdown draw one judge)")
        }
        let stages = try paths.map { path in
            let url = try InputFiles.existing(path, role: "judge-scores file")
            let judgments = try JudgmentSet.load(judgeScoresAt: url, rubric: measurement.rubric, run: measurement.run)
            return (judge: JudgmentSet.judgeName(of: url), judgments: judgments)
        }
        let cascade = try measurement.cascade(stages)
        if !arguments[SplitOptions.noHistory] {
            console.printNote("the cascade is not recorded in the history: a history line holds one judge's certificate")
        }
        if let path = try arguments[report] { try StagedOutputs.writeAllOrNone([(Data(try cascade.renderJSON().utf8), path, "report")]) }
        console.print(arguments[LabelOptions.json] ? try cascade.renderJSON() : cascade.renderText())
        return VerdictExitCodes.code(for: cascade.outcome.gate)
    }
}
