import AgreementCoefficients
import Calibration
import CalibrationReports
import DataFormats
import Foundation
import RatingsAgreement
import StatisticsCore
import Testing
import _TestSupport

/// Ratings files for the agreement report's tests, read from text as
/// `judgecal agreement` reads them from disk.
extension RatingsFile {
    /// Rater columns of `text`, a file named `file` in `format`.
    static func columns(
        _ text: String,
        file: String,
        format: RecordFormat = .csv,
        raters: [String],
        id: String? = nil,
        groupBy: String? = nil,
        scale: CategoryScale? = nil,
        statistic: AgreementStatistic? = nil
    ) throws -> RatingsFile {
        try columns(
            .data(Data(text.utf8)), file: file, format: format, raters: raters, id: id, groupBy: groupBy, scale: scale,
            statistic: statistic)
    }

    /// Rater columns of the Newsroom file, named as the command is given it.
    static func newsroom(_ raters: [String], scale: CategoryScale? = nil) throws -> RatingsFile {
        try columns(.data(try AgreementData.newsroomData()), file: AgreementData.newsroom, format: .csv, raters: raters, scale: scale)
    }

    /// A CSV table of counts, its scale from its header.
    static func counts(_ text: String, file: String = "table.csv") throws -> RatingsFile {
        try contingencyTable(Data(text.utf8), file: file, separator: ",")
    }
}

extension AgreementReport {
    /// The report of `statistic` on `ratings`, the request checked first as the command checks it.
    init(_ ratings: RatingsFile, _ request: AgreementRequest) throws {
        try self.init(ratings, request: try request.validated())
    }

    /// The only figure; records an issue when there is not exactly one.
    func only() throws -> AgreementMeasurement {
        #expect(rows.count == 1, "\(rows.count) figures")
        return try #require(rows.first?.measurement)
    }

    /// The report's JSON, decoded.
    func decodedJSON() throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(try json().utf8))
    }
}

/// Newsroom's scale, 1–5, as `--categories 1,2,3,4,5` declares it.
let newsroomScale = CategoryScale(1...5)

/// A case of the reference vectors, by id.
func reference(_ id: String) throws -> ReferenceCase {
    try #require(ReferenceVectors.all.first { $0.id == id }, "no reference case \(id)")
}
