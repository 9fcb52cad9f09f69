import AgreementCoefficients
public import CalibrationData
import DataFormats
public import StatisticsCore

extension RatingsFile {
    /// Reads long ratings (``LongRatings``: `item,rater,score[,dimension]`) as
    /// rater columns: one group per dimension (keyed by its name, in order of
    /// first appearance; one unnamed group without a `dimension` column), its
    /// items in order of first appearance, and every rater of the file in order
    /// of first appearance in every group, a rater who did not rate an item
    /// missing there (so a dimension one rater skipped is undefined, with the
    /// reason, rather than an error). Each score reads as ``RatingCell``
    /// reads a cell; the item count is of distinct items. The groups are dimensions, so a correlation is not
    /// averaged over them.
    ///
    /// - Throws: ``InputError`` as ``LongRatings/init(_:)`` throws, or naming the
    ///   line and score column of a rating that does not read.
    public static func long(_ ratings: LongRatings, scale: CategoryScale? = nil) throws -> RatingsFile {
        let cell = RatingCell(scale: scale)
        let keys: [String?] = ratings.hasDimension ? ratings.dimensions : [nil]
        let raters = ratings.raters
        let groups = try keys.map { key in
            let entries = ratings.entries.filter { $0.dimension == key }
            var itemIndex: [String: Int] = [:]
            for entry in entries where itemIndex[entry.item] == nil { itemIndex[entry.item] = itemIndex.count }
            let raterIndex = Dictionary(uniqueKeysWithValues: raters.enumerated().map { ($1, $0) })
            var columns = Array(repeating: [Double?](repeating: nil, count: itemIndex.count), count: raters.count)
            for entry in entries {
                guard let r = raterIndex[entry.rater], let i = itemIndex[entry.item] else { continue }
                do throws(RatingCell.Failure) {
                    columns[r][i] = try cell.value(entry.score)
                } catch {
                    throw InputError(file: ratings.file, line: entry.line, column: ratings.scoreColumn, message: error.message)
                }
            }
            return Group(key: key, content: .ratings(try RaterRatings(raters: raters, ratings: columns)))
        }
        var file = RatingsFile(file: ratings.file, groups: groups, scale: scale, itemCount: Set(ratings.entries.map(\.item)).count)
        file.groupsAreDimensions = ratings.hasDimension
        return file
    }
}
