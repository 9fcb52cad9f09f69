import AgreementCoefficients
import DataFormats
import StatisticsCore

/// Rows of one group of a ratings file kept as values, for a statistic that needs them
/// (``AgreementStatistic/isComputable(fromPairTablesOf:)`` is false): each rater's
/// ratings as ``RatingCell/value(_:)`` reads a cell, rows in file order.
final class RatingValues: GroupRows {
    private let raters: [Int]
    private let cell: RatingCell
    /// Each rater's ratings, `nil` for a missing or unreadable one.
    @exclusivity(unchecked) private var columns: [[Double?]]
    @exclusivity(unchecked) private(set) var itemCount = 0

    /// No ratings yet of the raters in the columns `raters`, on `scale` when one is declared.
    init(raters: [Int], scale: CategoryScale?) {
        self.raters = raters
        cell = RatingCell(scale: scale)
        columns = Array(repeating: [], count: raters.count)
    }

    func count<Record: FieldRecord>(_ record: Record, failed: (Int, RatingCell.Failure) -> Void) -> Bool {
        itemCount += 1
        var allRead = true
        for r in raters.indices {
            do throws(RatingCell.Failure) {
                columns[r].append(try cell.value(record.text(raters[r]).trimmingSpaces))
            } catch {
                columns[r].append(nil)
                allRead = false
                failed(r, error)
            }
        }
        return allRead
    }

    func absorb(_ other: RatingValues) {
        for r in columns.indices { columns[r] += other.columns[r] }
        itemCount += other.itemCount
    }

    func content(raters: [String]) throws(RatingError) -> RatingsFile.Group.Content {
        .ratings(try RaterRatings(raters: raters, ratings: columns))
    }
}
