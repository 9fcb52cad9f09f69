import Calibration
import CalibrationData
import CalibrationWorkflow
import DataFormats
import StatisticsCore

/// The words of `align`, `certify`, `compare`, `disagreements` and `suggest` for what the
/// alignment, its outputs, splits and certificates decide, naming their options (`--categories`,
/// `--sequential`, `--history`, `--no-history`, `--splits`, `--split-shares`, `--force`, `--ids`):
/// the errors' problems and the notes the workflow words through ``AlignmentWording`` and ``SplitWording``.
enum AlignMessages {
    /// An alignment's options error as `align` words it; `nil` for one whose message names no option.
    static func message(for error: AlignmentSettingsError) -> String? {
        switch error.problem {
        case .levelsWithRubric?: "--categories applies only without --rubric; the rubric declares each dimension's scale"
        case .tooFewLevels?: "--categories needs at least two distinct levels, each given once"
        case .tooManyLevels(let count)?:
            "--categories lists \(count) levels; at most \(CategoryScale.maximumCategories) make a table (group "
                + "the levels, or rely on the correlations, which take the values as they are)"
        case .noLooks?: "--sequential needs at least 1 look"
        case .looksWithoutHistory?: "--sequential records each look in the history file; drop --no-history"
        case .lookPlanChanged(let planned, let asked)?:
            "these labels' looks began with --sequential \(planned); the most looks is fixed before the first and cannot become \(asked)"
        case .epsilonOutOfRange(let epsilon)?:
            "--epsilon takes a margin from 0 to 1, not \(epsilon.plainText) (the paper's: 0.2 for experts, 0.15 for skilled "
                + "annotators, 0.1 for crowd workers)"
        case .ceilingFactorOutOfRange(let factor)?: "--threshold-from-ceiling takes a factor in (0, 1.5], not \(factor.plainText)"
        case .noCeiling(let dimension, let why)?:
            "--threshold-from-ceiling: dimension \(dimension) has no human ceiling to set the threshold from (\(why)); give --threshold instead"
        case .eachExpertNeedsRaters(let dimension, let raters)?:
            "--experts each: dimension \(dimension) has \(raters) rater\(raters == 1 ? "" : "s"); comparing the judge with each rater "
                + "needs two or more (leave --experts each out, or give the other raters' labels)"
        case .eachExpertWithWeights(let dimension)?:
            "--experts each does not weigh rows by the sheets' inclusion probabilities (dimension \(dimension)); leave it out"
        case .looksWith(let ceiling)?:
            "--sequential keeps one threshold and one figure for every look, so it does not take \(ceiling ? "--threshold-from-ceiling" : "--experts each")"
        case nil: nil
        }
    }

    /// An output error as `judgecal` words it, ending with ``advice(for:)``; `nil` for one whose way
    /// out is not an option.
    static func message(for error: OutputError) -> String? {
        error.remedy.map { _ in error.description(advice: advice(for: error)) }
    }

    /// What to do instead of writing where an output error says: for a way out that is an option
    /// (``OutputError/remedy``), the option; else the error's own advice.
    static func advice(for error: OutputError) -> String? {
        switch error.remedy {
        case .otherHistory(isDefault: false)?: "pass --history FILE to append elsewhere, or --no-history"
        case .otherHistory(isDefault: true)?: "the default assumes the current folder is the project's; pass --history FILE or --no-history"
        case .otherSplitsRecord?: "pass --splits FILE to keep it elsewhere"
        case nil: error.advice
        }
    }

    /// A split error as `judgecal` words it; `nil` for one whose message names no option.
    static func message(for error: SplitError) -> String? {
        switch error.problem {
        case .historyRequired(let split)?:
            "looks at \(split.rawValue) rows are counted in the history; --no-history cannot be used with them"
        case nil: nil
        }
    }

    /// A refused certification as `judgecal` words it; `nil` for one whose message names no command.
    static func message(for error: CertificationError) -> String? {
        switch error.problem {
        case .alreadyCertified(let rubric, let certificates, let history, let lastVersion)?:
            CertificationError.alreadyCertified(rubric: rubric, certificates: certificates, history: history, lastVersion: lastVersion)
                + "Pass --force to certify anyway, marked \"test rows reused\""
        case .noCertificate(let file, let rubric)?:
            "\(file) holds no certificate of the rubric \(rubric); certify it first (judgecal certify RUN --rubric R --labels L)"
        case nil: nil
        }
    }

    /// A refused suggestion as `suggest` words it; `nil` for one whose message names no option.
    static func message(for error: SuggestionError) -> String? {
        switch error.problem {
        case .noRowSet?:
            "suggest shows the model development rows only: give their ids (--ids FILE) or --split development, so validation and test rows stay unseen"
        case .citesUnseenRow(let row)?:
            "the revision's worked example cites row \(row), which is not among the rows given (--ids); nothing was written"
        case nil: nil
        }
    }

    /// Judge scores that share no dimension with the label sheets, as `align --judge-scores` words it.
    static func message(for error: ExternalJudgeScores.SheetsMismatch) -> String {
        switch error.problem {
        case .noSharedDimension(let dimensions):
            error.description(
                saying:
                    "shares no dimension column with the label sheets (its dimensions: \(dimensions.joined(separator: ", "))); name the columns alike or give --rubric"
            )
        }
    }

    /// The alignment's notes in `judgecal`'s words (``AlignmentWording``).
    static func words(for wording: AlignmentWording) -> String {
        switch wording {
        case .noScale: AlignmentWording.noScale(given: "no --rubric, no --categories")
        case .historyUnreadable(let reason):
            "the history file does not read (\(reason)), so whether these labels had earlier align --sequential looks is not known"
        case .earlierLooksIgnored(let looks, let level, let planned):
            "these labels had \(looks) earlier align --sequential look(s); this single-look interval ignores them, so its \(level)% does not hold across looks (use --sequential \(planned) to keep it)"
        }
    }

    /// The splits' sentences in `judgecal`'s words (``SplitWording``).
    static func words(for wording: SplitWording) -> String {
        switch wording {
        case .smallTestSplit(let rows): SplitWording.smallTestSplitStart(rows: rows) + "split with --split-shares 40,20,40"
        case .testRowsReused:
            SplitWording.testRowsReusedPrefix + ": this lineage was certified on these test rows before (--force); the test is no "
                + "longer sealed and these figures are not an unbiased claim"
        }
    }
}
