import CalibrationReports
import DataFormats
import Foundation
import Testing
import _TestSupport

/// Inputs the fuzz targets (docs/FUZZING.md) found to crash, kept so that they
/// stay errors: each must be refused as malformed input, never trap.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let reports = [
        "crash-56b7421a-minimized.json", "confusion-rows-shorter-than-labels.json", "confusion-more-labels-than-rows.json",
    ]

    @Test("reports whose confusion matrix is not k×k are refused before they are drawn", arguments: reports)
    func report(_ name: String) throws {
        let url = SharedData.projectURL("Tests/Fuzz-regressions/FuzzReportDocument/\(name)")
        let data = try Data(contentsOf: url)
        #expect(throws: InputError.self) { try ReportDocument(json: data, file: name) }
    }
}
