public import CalibrationData
public import DataFormats
public import Foundation
public import Judging

/// Which of several runs each label sheet is of, when one calibration is audited on several runs
/// together (``CalibrationMaps/CalibrationAudits``).
///
/// A sheet whose sampling frame (the one `judgecal extract` wrote beside it,
/// ``CalibrationData/SamplingFrame/discovered(besideSheets:)``) names one of the runs is of that run;
/// otherwise it is of the one run whose rows hold every id it labels. A sheet that fits no run, or
/// several (two systems run on the same inputs share their ids), is refused, and so is a run no sheet
/// is of: nothing would audit it.
public enum LabelSheetAssignment {
    /// The sheets at `sheets` assigned to `runs`: for each run, in its order, its sheets in the order given.
    /// With one run every sheet is of it, as it is read alone.
    ///
    /// - Parameters:
    ///   - dimensions: the rubric's dimensions, which each sheet is read on to find the ids it labels.
    ///   - values: whether the scores are levels or means of levels.
    /// - Throws: ``LabelSheetAssignmentError`` for a sheet of no run or of several, or a run of no sheet;
    ///   ``DataFormats/InputError`` for a sheet or frame that does not read.
    public static func assign(
        _ sheets: [URL], to runs: [FrozenRun], dimensions: [ScoreDimension], values: ExpertLabels.ValueMode = .levels
    ) throws -> [[URL]] {
        // One run: every sheet is of it, and labels of rows beyond it are left out as the sheets are read.
        guard runs.count > 1 else { return runs.map { _ in sheets } }
        let names = runs.map(\.info.name)
        let rowIDs = runs.map { Set($0.rows.map(\.id)) }
        var assigned = Array(repeating: [URL](), count: runs.count)
        for sheet in sheets {
            let framed = try SamplingFrame.discovered(besideSheets: [sheet]).map { frame in
                runs.indices.filter { names[$0] == frame.run }
            }
            var fits = framed ?? []
            if fits.isEmpty {
                let ids = Set(
                    try ExpertLabels.load(from: [sheet], dimensions: dimensions, values: values).labels.map(\.id))
                fits = runs.indices.filter { ids.isSubset(of: rowIDs[$0]) }
            }
            let file = InputFile.displayName(sheet)
            guard let run = fits.first else { throw LabelSheetAssignmentError.noRun(sheet: file, runs: names) }
            guard fits.count == 1 else {
                throw LabelSheetAssignmentError.severalRuns(sheet: file, runs: fits.map { names[$0] })
            }
            assigned[run].append(sheet)
        }
        if let empty = assigned.firstIndex(where: \.isEmpty) {
            throw LabelSheetAssignmentError.noSheet(run: names[empty])
        }
        return assigned
    }
}

/// Why label sheets cannot be assigned to the runs audited together (``LabelSheetAssignment``).
public enum LabelSheetAssignmentError: Error, Sendable, Hashable, CustomStringConvertible, KindedError {
    /// A sheet whose frame names none of the runs and whose ids are not all of any one run.
    case noRun(sheet: String, runs: [String])
    /// A sheet that fits several runs (by its frame, or by ids the runs share).
    case severalRuns(sheet: String, runs: [String])
    /// A run no sheet is of.
    case noSheet(run: String)

    public var description: String {
        switch self {
        case .noRun(let sheet, let runs):
            "\(sheet) labels rows of none of the runs \(runs.joined(separator: ", ")), and no sampling frame beside it names one; "
                + "give each run's label sheets with it"
        case .severalRuns(let sheet, let runs):
            "\(sheet) fits several runs (\(runs.joined(separator: ", "))): their rows share the ids it labels; extract the sheets "
                + "so that the sampling frame beside each names its run, or audit the runs one at a time, each with the family of "
                + "every audit decided together"
        case .noSheet(let run):
            "no label sheet is of the run \(run): every run audited needs fresh labels of its own rows"
        }
    }

    /// ``DataFormats/ErrorKind/usage``: the sheets given do not say which run each is of.
    public var kind: ErrorKind { .usage }
}
