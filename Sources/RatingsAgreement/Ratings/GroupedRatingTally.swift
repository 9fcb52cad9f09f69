import DataFormats
import StatisticsCore

/// What the rows of one group of a ratings file (or of one chunk of it) are gathered
/// into as they stream by: counted into pair tables (``RatingTally``), or kept as
/// each rater's values (``RatingValues``) for a statistic that needs them.
protocol GroupRows: AnyObject {
    /// The rows gathered.
    var itemCount: Int { get }
    /// Gathers one row, each rater's cell read by ``RatingCell``.
    ///
    /// - Parameter failed: receives the index of each rater whose cell does not read, and why.
    /// - Returns: whether every cell read.
    func count<Record: FieldRecord>(_ record: Record, failed: (Int, RatingCell.Failure) -> Void) -> Bool
    /// Adds the rows of the same group in a later chunk, after this chunk's.
    func absorb(_ other: Self)
    /// The group's ratings as ``RatingsFile`` holds them.
    func content(raters: [String]) throws(RatingError) -> RatingsFile.Group.Content
}

/// Rows of a ratings file, or of one chunk of it, gathered as they stream by
/// into one ``GroupRows`` per value of the grouping column, groups in order
/// of first appearance (one in all when the file is not grouped), with
/// an 8-byte hash of each id when ids are checked (``ItemIdentifiers``); the
/// tallies of several chunks add up, in chunk order, to the whole file's
/// (``absorb(_:)``), so that the groups, and the rows in each, keep the file's order.
///
/// A group's key is its cell's text as the file holds it (a blank cell is a group
/// of its own, key `""`). Memory: what each group gathers, a key
/// per group, and the id hashes; a row's key is made a `String` only when it
/// differs from the row before's (a file sorted by group makes one per group).
final class GroupedRatingTally<Rows: GroupRows> {
    /// The columns read (arrays of this tally's own, so that no two threads touch one's reference count).
    let columns: RatingColumns
    /// An empty gathering of the raters in the columns given.
    private let makeRows: ([Int]) -> Rows
    /// The groups' keys, `nil` for the one group of a file that is not grouped, and their tallies.
    @exclusivity(unchecked) private(set) var keys: [String?] = []
    @exclusivity(unchecked) private(set) var tallies: [Rows] = []
    /// Each key's position in ``keys``.
    @exclusivity(unchecked) private var positions: [String: Int] = [:]
    /// The group of the row before, and its key's bytes.
    @exclusivity(unchecked) private var lastGroup = -1
    @exclusivity(unchecked) private var lastKey: [UInt8] = []
    /// The hashes of the ids counted, and the line of the first blank one; written
    /// once a row by the one thread counting this tally, so without the run-time
    /// exclusivity check a class property gets at every access.
    @exclusivity(unchecked) var identifiers = ItemIdentifiers()

    /// An empty tally of `columns`, each group's rows gathered by `makeRows(columns.raters)`.
    init(columns: RatingColumns, makeRows: @escaping ([Int]) -> Rows) {
        self.columns = columns
        self.makeRows = makeRows
        if columns.group == nil {
            keys = [nil]
            tallies = [makeRows(columns.raters)]
        }
    }

    /// The rows counted.
    var itemCount: Int { tallies.reduce(0) { $0 + $1.itemCount } }

    /// Gathers one row into its group's rows (``GroupRows/count(_:failed:)``), noting its id's hash.
    ///
    /// - Parameter failed: receives the index of the row's group and of each rater whose cell does not read, and why.
    /// - Returns: whether every cell read.
    func count<Record: FieldRecord>(_ record: Record, failed: (_ group: Int, _ rater: Int, RatingCell.Failure) -> Void) -> Bool {
        if let id = columns.id { identifiers.note(record.bytes(id), line: record.line) }
        let g = columns.group.map { group(of: record.bytes($0)) } ?? 0
        return tallies[g].count(record) { r, failure in failed(g, r, failure) }
    }

    /// The position of the group whose key is `bytes`, a new group's when none has it.
    private func group(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if lastGroup >= 0, lastKey.elementsEqual(bytes) { return lastGroup }
        lastKey = Array(bytes)
        lastGroup = position(of: String(decoding: bytes, as: UTF8.self))
        return lastGroup
    }

    private func position(of key: String) -> Int {
        if let known = positions[key] { return known }
        positions[key] = keys.count
        keys.append(key)
        tallies.append(makeRows(columns.raters))
        return keys.count - 1
    }

    /// Adds the groups, counts and id hashes of the tally of a later chunk, leaving it
    /// without hashes; its blank line is not taken, for it counts from that chunk's first line.
    func absorb(_ other: GroupedRatingTally<Rows>) {
        for (key, tally) in zip(other.keys, other.tallies) {
            tallies[key.map(position(of:)) ?? 0].absorb(tally)
        }
        identifiers.absorbHashes(of: &other.identifiers)
    }

    /// The groups gathered, in order, each one's first unreadable rating (`firstError`, by group
    /// then rater) thrown before its content is made, as the item-by-item reading meets them.
    func groups(raters: [String], firstError: [[InputError?]]) throws -> [RatingsFile.Group] {
        var groups: [RatingsFile.Group] = []
        for (g, (key, tally)) in zip(keys, tallies).enumerated() {
            if g < firstError.count, let error = firstError[g].lazy.compactMap({ $0 }).first { throw error }
            groups.append(RatingsFile.Group(key: key, content: try tally.content(raters: raters)))
        }
        return groups
    }
}
