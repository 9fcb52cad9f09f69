import AgreementCoefficients
import DataFormats
import StatisticsCore

/// The columns of a ratings file that counting reads, found by name in its header.
struct RatingColumns: Sendable {
    /// The header's names.
    let names: [String]
    /// The position of each rater's column, in the order the raters were named.
    let raters: [Int]
    /// The position of the id column, if ids are checked.
    let id: Int?
    /// The position of the grouping column, if the file is grouped and has it.
    let group: Int?
    /// ``RecordTable/requireColumn(named:)``'s error for a missing grouping column: thrown
    /// once the ids are checked, as a reading that checked them first has always named it.
    let groupMissing: InputError?

    /// Finds the columns, with ``RecordTable/requireColumn(named:)``'s error for a missing
    /// rater (the first) or id column.
    init(header: [String], raters: [String], id: String?, groupBy: String? = nil, file: String) throws(InputError) {
        let table = RecordTable(file: file, columns: header)
        names = header.map { $0 }
        self.raters = try raters.map { name throws(InputError) in try table.requireColumn(named: name) }
        self.id = try id.map { name throws(InputError) in try table.requireColumn(named: name) }
        var missing: InputError?
        group = groupBy.flatMap { name in
            do throws(InputError) {
                return try table.requireColumn(named: name)
            } catch {
                missing = error
                return nil
            }
        }
        groupMissing = missing
    }
}

/// Rows of a ratings file, or of one chunk or group of it, counted into one k×k
/// table per pair of raters (``PairTables``) as they stream by; the tallies of
/// several chunks add up to the whole file's (``absorb(_:)``). The ids and the
/// groups are ``GroupedRatingTally``'s.
///
/// Plain buffers, not arrays: ``count(_:failed:)`` runs once a
/// row, and an array would be checked for uniqueness at every write and its
/// bounds at every read. All the counters written while counting, and the
/// positions read at every row, are in one block of whole 128-byte lines,
/// so that the tallies of chunks counted on different cores share no cache
/// line (which would make every count a transfer between the cores).
final class RatingTally: GroupRows {
    private let cell: RatingCell
    private let scale: CategoryScale
    private let k: Int
    /// The position of each rater's column in a record.
    private let raterColumns: UnsafeMutableBufferPointer<Int>
    /// The raters of each pair (``RaterRatings/pairs(of:)``): pair p is `pairFirst[p]` and `pairSecond[p]`.
    private let pairFirst: UnsafeMutableBufferPointer<Int>
    private let pairSecond: UnsafeMutableBufferPointer<Int>
    /// The block holding the counters and positions below.
    private let block: UnsafeMutableRawPointer
    /// Pair p's table, row-major, at `p·k·k`.
    private let counts: UnsafeMutableBufferPointer<Int>
    /// The items of each pair missing either rating.
    private let excluded: UnsafeMutableBufferPointer<Int>
    /// The current row's category per rater, −1 when missing or unreadable (scratch, not a result).
    private let categories: UnsafeMutableBufferPointer<Int>
    /// The rows counted (one cell, so that counting does not go through a class property's access check).
    private let rows: UnsafeMutablePointer<Int>
    private static let line = 128

    /// An empty tally of the raters in the columns `raters` on `scale`.
    init(raters: [Int], scale: CategoryScale) {
        self.scale = scale
        cell = RatingCell(scale: scale)
        k = scale.count
        let raterCount = raters.count
        let pairs = RaterRatings.pairs(of: raterCount)
        let counters = pairs.count * k * k + pairs.count + raterCount + 1
        let positions = raterCount + 2 * pairs.count
        let bytes = ((counters + positions) * MemoryLayout<Int>.stride + Self.line - 1) / Self.line * Self.line
        block = .allocate(byteCount: bytes, alignment: Self.line)
        let all = block.initializeMemory(as: Int.self, repeating: 0, count: counters + positions)
        counts = UnsafeMutableBufferPointer(start: all, count: pairs.count * k * k)
        excluded = UnsafeMutableBufferPointer(start: all + counts.count, count: pairs.count)
        categories = UnsafeMutableBufferPointer(start: all + counts.count + pairs.count, count: raterCount)
        rows = all + counters - 1
        categories.update(repeating: -1)
        raterColumns = UnsafeMutableBufferPointer(start: all + counters, count: raterCount)
        pairFirst = UnsafeMutableBufferPointer(start: all + counters + raterCount, count: pairs.count)
        pairSecond = UnsafeMutableBufferPointer(start: all + counters + raterCount + pairs.count, count: pairs.count)
        _ = raterColumns.update(fromContentsOf: raters)
        _ = pairFirst.update(fromContentsOf: pairs.map(\.0))
        _ = pairSecond.update(fromContentsOf: pairs.map(\.1))
    }

    deinit { block.deallocate() }

    /// The rows counted.
    var itemCount: Int { rows.pointee }

    /// Counts one row: each rater's category as ``RatingCell``
    /// reads it, and each pair's cell of its table (or its exclusion, when
    /// either rating is missing or does not read).
    ///
    /// - Parameter failed: receives the index of each rater whose cell does not read, and why.
    /// - Returns: whether every cell read.
    ///
    /// The counts wrap instead of trapping on overflow: none reaches 2^63 in a file
    /// that fits on a disk, and the index of a cell is below `counts.count` by construction.
    func count<Record: FieldRecord>(_ record: Record, failed: (Int, RatingCell.Failure) -> Void) -> Bool {
        rows.pointee &+= 1
        var allRead = true
        for r in 0..<categories.count {
            do throws(RatingCell.Failure) {
                categories[r] = try cell.categoryIndex(record.bytes(raterColumns[r])) ?? -1
            } catch {
                categories[r] = -1
                allRead = false
                failed(r, error)
            }
        }
        for p in 0..<pairFirst.count {
            let i = categories[pairFirst[p]]
            let j = categories[pairSecond[p]]
            if i < 0 || j < 0 {
                excluded[p] &+= 1
            } else {
                counts[(p &* k &+ i) &* k &+ j] &+= 1
            }
        }
        return allRead
    }

    /// Adds the counts and rows of another chunk's tally.
    func absorb(_ other: RatingTally) {
        for c in counts.indices { counts[c] += other.counts[c] }
        for p in excluded.indices { excluded[p] += other.excluded[p] }
        rows.pointee += other.rows.pointee
    }

    /// The tables counted, one per pair of raters.
    func content(raters: [String]) throws(RatingError) -> RatingsFile.Group.Content {
        let tables = pairFirst.indices.map { p in
            ContingencyTable(scale: scale, counts: Array(counts[(p * k * k)..<((p + 1) * k * k)]), excludedPairs: excluded[p])
        }
        return .counted(try PairTables(raters: raters, itemCount: itemCount, tables: tables))
    }
}
