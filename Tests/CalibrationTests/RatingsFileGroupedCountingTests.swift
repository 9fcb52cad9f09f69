import AgreementCoefficients
import Calibration
import CalibrationReports
import DataFormats
import Foundation
import RatingsAgreement
import StatisticsCore
import Testing
import _TestSupport

/// A grouped file counted into pair tables group by group as it streams by must give the
/// report and the errors of the item-by-item reading, which groups a whole table.
@Suite("Grouped ratings counted into one set of pair tables per group")
struct RatingsFileGroupedCountingTests {
    static let requests: [AgreementRequest] = [
        AgreementRequest(statistic: .cohenKappa, weights: .quadratic, scale: CategoryScale(1...5), interval: .analytic),
        AgreementRequest(statistic: .gwetAC1, scale: CategoryScale(1...5), interval: .bootstrap, resamples: 200, seed: 5),
        AgreementRequest(statistic: .confusion, scale: CategoryScale(1...5)),
    ]

    /// HANNA's three crowd ratings of relevance, one row per story, grouped by the system that wrote it.
    static func hannaRelevance() -> String {
        let hanna = HANNAScores.shared
        let raters = (1...3).map { "Human \($0) RE" }
        let rows = hanna.systems.indices.map { s in
            "s\(s),\(hanna.systems[s]),"
                + raters.map { JSONValue.number(hanna.columns[$0]?[s] ?? .nan).plainText }.joined(separator: ",")
        }
        return "id,system," + raters.joined(separator: ",") + "\n" + rows.joined(separator: "\n") + "\n"
    }

    @Test("HANNA grouped by system gives the same report counted as item by item", arguments: requests)
    func hanna(_ request: AgreementRequest) throws {
        let raters = request.statistic.shape == .pairs ? (1...3).map { "Human \($0) RE" } : ["Human 1 RE", "Human 2 RE"]
        let result = bothWays(
            Self.hannaRelevance(), raters: raters, id: "id", groupBy: "system", scale: CategoryScale(1...5), request: request)
        #expect(result.wasCounted)
        let counted = try result.counted.get()
        #expect(counted == (try result.items.get()))
        #expect(counted.contains("\"group\" : \"BertGeneration\""))
        // The figures of the reading this replaces: a table of every cell, grouped, each group's ratings read from its rows.
        let text = Self.hannaRelevance()
        let file = try RatingsFile.columns(
            text, file: "r.csv", raters: raters, id: "id", groupBy: "system", scale: CategoryScale(1...5), statistic: request.statistic)
        let report = try AgreementReport(file, request)
        let table = try CSVReader().read(Data(text.utf8), file: "r.csv")
        let columns = try raters.map { try table.requireColumn(named: $0) }
        let groups = table.referenceGroups(by: try table.requireColumn(named: "system"))
        #expect(groups.map(\.key) == file.groups.map(\.key))
        for group in groups {
            let ratings = try RaterRatings(
                raters: raters, ratings: try columns.map { try table.referenceRatings(column: $0, rows: group.rows, scale: request.scale) })
            let expected = try request.statistic.measurements(of: ratings, request: request)
            #expect(report.rows.filter { $0.group == group.key }.map(\.measurement) == expected, "\(group.key)")
        }
    }

    /// Rows in no order of group, some ratings missing: `groups` groups over `rows` rows.
    static func synthetic(rows: Int, groups: Int) -> String {
        var generator = SplitMix64(seed: 12)
        var text = "id,g,a,b,c\n"
        for r in 0..<rows {
            let g = Int(generator.next() % UInt64(groups))
            let a = Int(generator.next() % 4) + 1
            let b = generator.next() % 10 == 0 ? "" : String(min(4, max(1, a + Int(generator.next() % 3) - 1)))
            let c = Int(generator.next() % 4) + 1
            text += "i\(r),group \(g),\(a),\(b),\(c)\n"
        }
        return text
    }

    @Test("a synthetic file of 150 groups, read serially and in chunks, gives the item-by-item report")
    func manyGroups() throws {
        let text = Self.synthetic(rows: 30_000, groups: 150)
        let request = AgreementRequest(statistic: .cohenKappa, weights: .linear, scale: CategoryScale(1...4), interval: .analytic)
        let result = bothWays(text, raters: ["a", "b", "c"], id: "id", groupBy: "g", scale: CategoryScale(1...4), request: request)
        #expect(result.wasCounted)
        let items = try result.items.get()
        #expect(try result.counted.get() == items)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("grouped-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let parallel = try RatingsFile.columns(
            .file(url, chunkSize: 1 << 12), file: "r.csv", format: .csv, raters: ["a", "b", "c"], id: "id", groupBy: "g",
            scale: CategoryScale(1...4), statistic: .cohenKappa, parallelism: ReadingParallelism(chunks: 2))
        #expect(parallel.groups.count == 150)
        #expect(parallel.groups.allSatisfy { $0.ratings == nil })
        #expect(try AgreementReport(parallel, request).json() == items)
    }

    @Test("JSON Lines grouped by a nested field are counted group by group")
    func jsonLines() throws {
        let text = (1...40).map { "{\"id\":\($0),\"m\":{\"g\":\"\($0 % 3)\"},\"x\":\($0 % 4 + 1),\"y\":\(($0 / 2) % 4 + 1)}\n" }.joined()
        let request = AgreementRequest(statistic: .cohenKappa, scale: CategoryScale(1...4), interval: .analytic)
        let result = bothWays(
            text, format: .jsonl, raters: ["x", "y"], id: "id", groupBy: "m.g", scale: CategoryScale(1...4), request: request)
        #expect(result.wasCounted)
        #expect(try result.counted.get() == (try result.items.get()))
    }
}

/// The item-by-item reading the streaming count replaced, kept here as the test's reference: a
/// whole table's rows grouped by one column's text (groups in order of first appearance, rows in
/// file order), and one column's cells read by ``RatingCell`` for the given rows.
extension RecordTable {
    fileprivate func referenceGroups(by column: Int) -> [(key: String, rows: [Int])] {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for r in 0..<rowCount {
            if members[self[r, column]] == nil { order.append(self[r, column]) }
            members[self[r, column], default: []].append(r)
        }
        return order.map { ($0, members[$0] ?? []) }
    }

    fileprivate func referenceRatings(column: Int, rows: [Int], scale: CategoryScale?) throws -> [Double?] {
        let cell = RatingCell(scale: scale)
        return try rows.map { try cell.value(self[$0, column].trimmingCharacters(in: .whitespaces)) }
    }
}
