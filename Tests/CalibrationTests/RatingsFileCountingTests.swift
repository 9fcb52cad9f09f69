import AgreementCoefficients
import Calibration
import CalibrationReports
import DataFormats
import Foundation
import RatingsAgreement
import StatisticsCore
import Testing
import _TestSupport

/// The same file read twice: item by item, and counted into pair tables as
/// it streams by. Every figure, interval and error must be the same.
func bothWays(
    _ text: String, format: RecordFormat = .csv, raters: [String], id: String? = nil, groupBy: String? = nil,
    scale: CategoryScale, request: AgreementRequest
) -> (items: Result<String, InputError>, counted: Result<String, InputError>, wasCounted: Bool) {
    var wasCounted = false
    func report(_ statistic: AgreementStatistic?) -> Result<String, InputError> {
        do {
            let file = try RatingsFile.columns(
                text, file: "r.csv", format: format, raters: raters, id: id, groupBy: groupBy, scale: scale, statistic: statistic)
            if statistic != nil, case .counted = file.groups.first?.content { wasCounted = true }
            return .success(try AgreementReport(file, request).json())
        } catch let error as InputError {
            return .failure(error)
        } catch {
            return .failure(InputError(file: "r.csv", message: "unexpected \(error)"))
        }
    }
    return (report(nil), report(request.statistic), wasCounted)
}

@Suite("Ratings counted into pair tables while the file is read")
struct RatingsFileCountingTests {
    static let requests: [AgreementRequest] = [
        AgreementRequest(statistic: .cohenKappa, scale: CategoryScale(1...5), interval: .analytic),
        AgreementRequest(
            statistic: .cohenKappa, weights: .quadratic, scale: CategoryScale(1...5), interval: .bootstrap, resamples: 500,
            seed: 7),
        AgreementRequest(statistic: .gwetAC1, scale: CategoryScale(1...5), interval: .t),
        AgreementRequest(
            statistic: .gwetAC2, weights: .linear, scale: CategoryScale(1...5), interval: .bootstrap, resamples: 300, seed: 3),
        AgreementRequest(statistic: .confusion, scale: CategoryScale(1...5)),
    ]

    @Test("Newsroom's ratings give the same report counted as item by item", arguments: requests)
    func newsroom(_ request: AgreementRequest) throws {
        let text = String(decoding: try AgreementData.newsroomData(), as: UTF8.self)
        let raters = request.statistic.shape == .pairs ? ["relevance_1", "relevance_2", "relevance_3"] : ["fluency_1", "fluency_3"]
        let result = bothWays(text, raters: raters, id: "id", scale: CategoryScale(1...5), request: request)
        #expect(result.wasCounted)
        #expect(try result.counted.get() == (try result.items.get()))
    }

    @Test("missing ratings are excluded the same way, spaces around a rating are allowed, labels read")
    func missingAndLabels() throws {
        let text = "id,a,b\n1, 2 ,1\n2,,3\n3,3,\n4,1,1\n5,\t3,3\n"
        let request = AgreementRequest(statistic: .cohenKappa, scale: CategoryScale(1...3), interval: .analytic)
        let result = bothWays(text, raters: ["a", "b"], id: "id", scale: CategoryScale(1...3), request: request)
        #expect(result.wasCounted)
        #expect(try result.counted.get() == (try result.items.get()))
        #expect(try result.counted.get().contains("\"excluded\" : 2"))
        let labelled = CategoryScale(labels: ["fail", "pass"])
        let labels = bothWays(
            "a,b\nfail,fail\npass,fail\npass,pass\n", raters: ["a", "b"], scale: labelled,
            request: AgreementRequest(statistic: .confusion, scale: labelled))
        #expect(try labels.counted.get() == (try labels.items.get()))
    }

    /// Malformed files, and the grouping column each is read with.
    static let malformed: [(String, String, String?)] = [
        ("a rating off the scale in the second column", "id,a,b\n1,1,2\n2,2,9\n3,4,1\n", nil),
        ("a rating that is not a number", "id,a,b\n1,1,2\n2,x,2\n", nil),
        ("a label off a numeric scale, then an off-scale rating in the first column", "id,a,b\n1,1,two\n2,7,2\n", nil),
        ("a repeated id after a blank one", "id,a,b\n1,1,2\n ,2,2\n1,1,1\n", nil),
        ("a repeated id before a blank one, and a bad rating", "id,a,b\nx,1,2\nx,2,9\n,1,1\n", nil),
        ("a missing rater column", "id,a,c\n1,1,2\n", nil),
        ("a ragged row", "id,a,b\n1,1,2\n2,2\n", nil),
        (
            "grouped: a bad rating in a later group after one in an earlier group's second rater",
            "id,g,a,b\n1,x,1,2\n2,y,9,2\n3,x,1,8\n", "g"
        ),
        ("grouped: a bad rating and a repeated id", "id,g,a,b\n1,x,1,2\n2,y,9,2\n1,x,1,1\n", "g"),
        ("grouped: a missing grouping column and a repeated id", "id,a,b\n1,1,2\n1,2,2\n", "g"),
        ("grouped: a missing grouping column and a bad rating", "id,a,b\n1,1,2\n2,7,2\n", "g"),
        ("grouped: a missing rater column", "id,g,a\n1,x,1\n", "g"),
    ]

    @Test("errors are the same, with the same line and column, counted or not, grouped or not", arguments: malformed)
    func sameErrors(_ file: (String, String, String?)) {
        let request = AgreementRequest(statistic: .cohenKappa, scale: CategoryScale(1...4))
        let result = bothWays(file.1, raters: ["a", "b"], id: "id", groupBy: file.2, scale: CategoryScale(1...4), request: request)
        guard case .failure(let expected) = result.items, case .failure(let error) = result.counted else {
            Issue.record("\(file.0): read without an error")
            return
        }
        #expect(expected.line != nil || expected.message.hasPrefix("there is no column"))
        #expect(error == expected, "\(file.0)")
    }

    /// JSON Lines files, well formed and not, with the traps of the streaming JSON reader.
    static let jsonLines: [(String, String)] = [
        (
            "nested ratings, a null, a missing field, a byte-order mark and CRLF",
            "\u{FEFF}{\"id\":\"a\",\"r\":{\"x\":1,\"y\":2}}\r\n\r\n{\"id\":2,\"r\":{\"x\":null,\"y\":3}}\r\n{\"id\":\"c\",\"r\":{\"y\":3}}\r\n"
                + (4...30).map { "{\"id\":\($0),\"r\":{\"x\":\($0 % 4 + 1),\"y\":\(($0 / 3) % 4 + 1)}}\n" }.joined()
        ),
        (
            "ratings written as text and as 2.0",
            "{\"id\":1,\"r\":{\"x\":\"2\",\"y\":2.0}}\n{\"id\":2,\"r\":{\"x\":3,\"y\":\" 3 \"}}\n{\"id\":3,\"r\":{\"x\":1,\"y\":4}}\n"
        ),
        ("a record that is not JSON", "{\"id\":1,\"r\":{\"x\":1,\"y\":2}}\n{\"id\":2,\"r\":{\"x\":1,\"y\":}}\n"),
        ("a rating off the scale", "{\"id\":1,\"r\":{\"x\":1,\"y\":2}}\n{\"id\":2,\"r\":{\"x\":7,\"y\":2}}\n"),
        ("a rating holding an array", "{\"id\":1,\"r\":{\"x\":[1],\"y\":2}}\n"),
        ("a misspelt rater field", "{\"id\":1,\"r\":{\"x\":1,\"z\":2}}\n"),
        (
            "a repeated id, then a null one",
            "{\"id\":1,\"r\":{\"x\":1,\"y\":2}}\n{\"id\":1.0,\"r\":{\"x\":1,\"y\":2}}\n{\"id\":null,\"r\":{\"x\":1,\"y\":2}}\n"
        ),
        ("a JSON array", "[{\"id\":1,\"r\":{\"x\":1,\"y\":2}},\n {\"id\":2,\"r\":{\"x\":2,\"y\":2}}]\n"),
    ]

    @Test("JSON Lines counted as they stream give the item-by-item report or error", arguments: jsonLines)
    func jsonLinesCounted(_ file: (String, String)) {
        let request = AgreementRequest(
            statistic: .cohenKappa, weights: .quadratic, scale: CategoryScale(1...4), interval: .bootstrap, resamples: 200, seed: 9)
        let result = bothWays(file.1, format: .jsonl, raters: ["r.x", "r.y"], id: "id", scale: CategoryScale(1...4), request: request)
        #expect(result.counted == result.items, "\(file.0)")
        if case .success = result.items { #expect(result.wasCounted, "\(file.0)") }
        if case .failure(let error) = result.items {
            #expect(error.line != nil || error.message.hasPrefix("no record has"), "\(file.0): \(error)")
        }
    }

    @Test("a statistic without a table form is read item by item; a grouped file is counted group by group")
    func notCounted() throws {
        let text = "id,g,a,b\n1,x,1,2\n2,x,2,2\n3,y,1,1\n"
        let alpha = try RatingsFile.columns(
            text, file: "r.csv", raters: ["a", "b"], scale: CategoryScale(1...2), statistic: .krippendorffAlpha)
        #expect(alpha.groups.first?.ratings != nil)
        let grouped = try RatingsFile.columns(
            text, file: "r.csv", raters: ["a", "b"], groupBy: "g", scale: CategoryScale(1...2), statistic: .cohenKappa)
        #expect(grouped.groups.map(\.key) == ["x", "y"])
        #expect(grouped.groups.allSatisfy { $0.ratings == nil })
        #expect(AgreementStatistic.gwetAC1.isComputable(fromPairTablesOf: 3) == false)
        #expect(AgreementStatistic.cohenKappa.isComputable(fromPairTablesOf: 3))
    }
}
