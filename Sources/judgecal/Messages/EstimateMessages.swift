import Calibration
import DataFormats

/// `estimate`'s words for what the estimation decides, naming its options (`--random-sample`,
/// `--not-for-inference`, `--pass-at`, `--versus`, `--judge-scores`, `--means`, `--categories`):
/// the errors' problems and the report's sentences (``EstimationWording``).
enum EstimateMessages {
    /// An estimation's options error as `estimate` words it; `nil` for one whose message names no option.
    static func message(for error: EstimationSettingsError) -> String? {
        switch error.problem {
        case .contradictoryDeclarations?:
            "--random-sample and --not-for-inference contradict each other: the labelled rows were either drawn at "
                + "random or picked by hand"
        case .randomSampleBesideProbabilities?:
            "the sampling frame gives each row's inclusion probability, so the rows were not drawn uniformly; drop "
                + "--random-sample and they are weighted by those probabilities"
        case .samplingUndeclared?:
            EstimationSettingsError.samplingUndeclaredStart
                + "If the labelled rows were drawn uniformly at random from the run, say so with --random-sample (the report says you "
                + "did); if they were picked by hand, --not-for-inference shows the figures marked as not valid for inference"
        case .unreachableRows(let count, let rows, let first)?:
            EstimationSettingsError.unreachableRowsStart(count, of: rows, first: first)
                + "draw labels from those strata (judgecal extract --next), or show the figures with --not-for-inference"
        case .passLevelOffScale(let level, let dimension, let scale)?:
            "--pass-at \(level.plainText) is not a level of \(dimension)'s scale \(scale); name one of its levels"
        case .versusIncomplete?: "--versus and --versus-labels go together: run B's judge scores and its label sheets"
        case .calibratedVersus?: "--versus does not apply with --calibration: a calibration reads one run's scores"
        case .scoresOrJudgments?: "give the judge's scores (--judge-scores) or the rubric to judge the run with, not both"
        case .levels(let error)?: AlignMessages.message(for: error) ?? error.message
        case nil: nil
        }
    }

    /// An alignment error as `estimate` words it; `nil` for one whose message names no option.
    static func message(for error: AlignmentError) -> String? {
        switch error.problem {
        case .twoRaters(let row, let dimension, let first, let second)?:
            AlignmentError.twoRatersStart(row: row, dimension: dimension, first: first, second: second)
                + "give one rater's sheet, or a sheet of their means read with --means"
        case nil: nil
        }
    }

    /// The estimates report's sentences in `judgecal`'s words (``EstimationWording``).
    static func words(for wording: EstimationWording) -> String {
        switch wording {
        case .randomSampleDeclared: "labelled rows declared a uniform random sample of the run by the user (--random-sample); not checked"
        case .notForInferenceDeclared: EstimationWording.notForInference(declared: "--not-for-inference")
        case .noScale(let dimension): "no scale is known for \(dimension) (give --rubric or --categories)"
        case .unnamedVersusRun: "the --versus run"
        }
    }
}
