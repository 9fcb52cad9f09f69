import AgreementCoefficients
import Calibration
import CalibrationReports
import DataFormats
import Foundation
import RatingsAgreement
import StatisticsCore
import Testing
import _TestSupport

/// What the report writes: JSON for machines, aligned text for people.
@Suite("The agreement report as JSON and as text")
struct AgreementReportOutputTests {
    @Test("percent agreement between two annotators, as JSON: 133 of 420 summaries rated alike (counted with Python's csv module)")
    func percentJSON() throws {
        let ratings = try RatingsFile.newsroom(Array(AgreementData.informativeness.prefix(2)), scale: newsroomScale)
        let report = try AgreementReport(ratings, AgreementRequest(statistic: .percentAgreement)).decodedJSON()
        #expect(report["file"] == .string(AgreementData.newsroom))
        #expect(report["statistic"] == .string("percent"))
        #expect(report["items"] == .number(420))
        #expect(report["parameters"]?["categories"] == .array(AgreementData.newsroomCategories.map(JSONValue.string)))
        guard case .object(let result)? = report["results"]?.array?.first else {
            Issue.record("no result in \(report)")
            return
        }
        #expect(
            Set(result.keys) == [
                "group", "raters", "measure", "value", "se", "ci", "n", "excluded", "undefined", "undefined-resamples", "test", "table",
                "notes", "ci-undefined",
            ])
        #expect(result["value"]?.double == 133.0 / 420.0)
        #expect(result["n"] == .number(420))
        #expect(result["se"] == .null)
        #expect(result["undefined"] == .null)
    }

    @Test("undefined kappa: value null with its reason in JSON, and a note in the table")
    func undefinedKappa() throws {
        let table = try RatingsFile.counts(",1,2\n1,7,0\n2,0,0\n", file: "one.csv")
        let report = try AgreementReport(table, AgreementRequest(statistic: .cohenKappa, interval: .analytic))
        let kappa = try report.only()
        #expect(kappa.estimate.undefinedReason?.code == "no-variation")
        let result = try report.decodedJSON()["results"]?.array?.first
        #expect(result?["value"] == .null)
        #expect(result?["se"] == .null)
        #expect(result?["ci"] == .null)
        #expect(result?["n"] == .number(7))
        #expect(result?["undefined"]?["code"] == .string("no-variation"))
        let text = try AgreementReport(table, AgreementRequest(statistic: .cohenKappa)).text()
        #expect(text.contains("chance agreement p_e = 1"))
    }

    @Test("the text: header line, one row per pair, the pairwise and all-agree rows over all three, four decimals")
    func table() throws {
        let ratings = try RatingsFile.newsroom(AgreementData.informativeness, scale: newsroomScale)
        let text = try AgreementReport(ratings, AgreementRequest(statistic: .percentAgreement)).text()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(AgreementData.newsroom): percent — 420 items, categories 1, 2, 3, 4, 5")
        try #require(lines.count == 7, "\(text)")
        #expect(lines[5].hasPrefix("informativeness_1 · informativeness_2 · informativeness_3  pairwise percent"))
        #expect(lines[6].hasPrefix("informativeness_1 · informativeness_2 · informativeness_3  all raters agree"))
        #expect(lines.contains("informativeness_1 · informativeness_2                      percent           0.3167  420         0"))
        #expect(!text.contains("\u{1B}["), "no escapes without emphasis")
    }
}
