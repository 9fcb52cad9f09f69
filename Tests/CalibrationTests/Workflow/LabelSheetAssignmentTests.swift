import CalibrationData
import CalibrationWorkflow
import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

/// Which run each label sheet is of when one calibration is audited on several runs (issue #31): by the sampling
/// frame beside it, else by the one run whose rows hold every id it labels; refused when none or several fit, or
/// when a run has no sheet.
@Suite("Label sheets assigned to the runs audited together: by frame, else by ids; none, several and an empty run refused")
struct LabelSheetAssignmentTests {
    static let dimensions = [ScoreDimension("Clarity", description: "", scale: .numeric([1: "bad", 2: "good"]))]

    static func run(_ name: String, ids: [String]) throws -> FrozenRun {
        try FrozenRun(
            info: RunInfo(name: name),
            rows: ids.map { FrozenRow(id: $0, input: .object(["text": .string("in-\($0)")]), response: .string("r")) },
            file: "\(name).run.jsonl")
    }

    /// A hand-made sheet (no frame) labelling `ids` with 2, in `folder`.
    static func sheet(_ name: String, ids: [String], in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("\(name).labels.csv")
        try Data((["id,Clarity"] + ids.map { "\($0),2" }).joined(separator: "\n").utf8).write(to: url)
        return url
    }

    @Test("One run: every sheet is of it, read or not (labels beyond it are left out as the sheets are read)")
    func oneRun() throws {
        let folder = try SharedData.temporaryFolder("assign")
        let sheets = [try Self.sheet("x", ids: ["a", "zz"], in: folder), folder.appendingPathComponent("missing.labels.csv")]
        let assigned = try LabelSheetAssignment.assign(sheets, to: [try Self.run("r", ids: ["a"])], dimensions: Self.dimensions)
        #expect(assigned == [sheets])
    }

    @Test("Runs with their own ids: each sheet goes to the run holding all its ids, in the order given")
    func byIDs() throws {
        let folder = try SharedData.temporaryFolder("assign")
        let runs = [try Self.run("monday", ids: ["m1", "m2", "m3"]), try Self.run("tuesday", ids: ["t1", "t2"])]
        let t = try Self.sheet("t", ids: ["t2"], in: folder)
        let m1 = try Self.sheet("m1", ids: ["m1", "m3"], in: folder)
        let m2 = try Self.sheet("m2", ids: ["m2"], in: folder)
        let assigned = try LabelSheetAssignment.assign([t, m1, m2], to: runs, dimensions: Self.dimensions)
        #expect(assigned == [[m1, m2], [t]])
    }

    @Test("A sheet of ids from two runs, or of none, fits no run; a run left without a sheet is refused")
    func noRunNoSheet() throws {
        let folder = try SharedData.temporaryFolder("assign")
        let runs = [try Self.run("monday", ids: ["m1", "m2"]), try Self.run("tuesday", ids: ["t1"])]
        let mixed = try Self.sheet("mixed", ids: ["m1", "t1"], in: folder)
        #expect(throws: LabelSheetAssignmentError.noRun(sheet: mixed.path, runs: ["monday", "tuesday"])) {
            try LabelSheetAssignment.assign([mixed], to: runs, dimensions: Self.dimensions)
        }
        let m = try Self.sheet("m", ids: ["m1", "m2"], in: folder)
        #expect(throws: LabelSheetAssignmentError.noSheet(run: "tuesday")) {
            try LabelSheetAssignment.assign([m], to: runs, dimensions: Self.dimensions)
        }
        #expect(LabelSheetAssignmentError.noSheet(run: "tuesday").kind == .usage)
    }

    @Test("Two systems on the same inputs share ids: a sheet without a frame is ambiguous; with extract's frame it is of its run")
    func sharedIDsByFrame() throws {
        let folder = try SharedData.temporaryFolder("assign")
        let ids = ["q1", "q2", "q3", "q4"]
        let runs = [try Self.run("system-a", ids: ids), try Self.run("system-b", ids: ids)]
        let bare = try Self.sheet("bare", ids: ["q1", "q2"], in: folder)
        #expect(throws: LabelSheetAssignmentError.severalRuns(sheet: bare.path, runs: ["system-a", "system-b"])) {
            try LabelSheetAssignment.assign([bare], to: runs, dimensions: Self.dimensions)
        }
        // extract's sheets: each with the frame naming its run written beside it.
        var framed: [URL] = []
        for (run, name) in zip(runs.reversed(), ["b-sheet", "a-sheet"]) {
            let sheet = try LabelSheet(run: run, dimensions: Self.dimensions, options: LabelSheet.Settings(sample: 2, seed: 3))
            let url = folder.appendingPathComponent("\(name).labels.csv")
            try sheet.write(to: url)
            let frame = try #require(sheet.frame)
            try Data(frame.csv.utf8).write(to: URL(fileURLWithPath: SamplingFrame.path(besideSheet: url.path)))
            framed.append(url)
        }
        let assigned = try LabelSheetAssignment.assign(framed, to: runs, dimensions: Self.dimensions)
        #expect(assigned == [[framed[1]], [framed[0]]])
    }
}
