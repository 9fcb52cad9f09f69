import AgreementStatistics
import DataFormats

/// Rows of a ratings file, or of one chunk of it, counted as they stream by
/// into one ``RatingTally`` per value of the grouping column, groups in order
/// of first appearance (one tally in all when the file is not grouped), with
/// an 8-byte hash of each id when ids are checked (``ItemIdentifiers``); the
/// tallies of several chunks add up, in chunk order, to the whole file's
/// (``absorb(_:)``), so that the groups keep the file's order.
///
/// A group's key is its cell's text, as the item-by-item reading's
/// ``RecordTable/groups(by:)`` has it. Memory: a table per pair per group, a key
/// per group, and the id hashes; a row's key is made a `String` only when it
/// differs from the row before's (a file sorted by group makes one per group).
final class GroupedRatingTally {
    /// The columns read (arrays of this tally's own, so that no two threads touch one's reference count).
    let columns: RatingColumns
    /// The declared categories.
    let scale: CategoryScale
    /// The groups' keys, `nil` for the one group of a file that is not grouped, and their tallies.
    @exclusivity(unchecked) private(set) var keys: [String?] = []
    @exclusivity(unchecked) private(set) var tallies: [RatingTally] = []
    /// Each key's position in ``keys``.
    @exclusivity(unchecked) private var positions: [String: Int] = [:]
    /// The group of the row before, and its key's bytes.
    @exclusivity(unchecked) private var lastGroup = -1
    @exclusivity(unchecked) private var lastKey: [UInt8] = []
    /// The hashes of the ids counted, and the line of the first blank one; written
    /// once a row by the one thread counting this tally, so without the run-time
    /// exclusivity check a class property gets at every access.
    @exclusivity(unchecked) var identifiers = ItemIdentifiers()

    /// An empty tally of `columns` on `scale`.
    init(columns: RatingColumns, scale: CategoryScale) {
        self.columns = columns
        self.scale = scale
        if columns.group == nil {
            keys = [nil]
            tallies = [RatingTally(raters: columns.raters, scale: scale)]
        }
    }

    /// The rows counted.
    var itemCount: Int { tallies.reduce(0) { $0 + $1.itemCount } }

    /// Counts one row into its group's tally (``RatingTally/count(_:failed:)``), noting its id's hash.
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
        tallies.append(RatingTally(raters: columns.raters, scale: scale))
        return keys.count - 1
    }

    /// Adds the groups, counts and id hashes of the tally of a later chunk, leaving it
    /// without hashes; its blank line is not taken, for it counts from that chunk's first line.
    func absorb(_ other: GroupedRatingTally) {
        for (key, tally) in zip(other.keys, other.tallies) {
            tallies[key.map(position(of:)) ?? 0].absorb(tally)
        }
        identifiers.absorbHashes(of: &other.identifiers)
    }

    /// The groups counted: each one's key and its tables, one per pair of raters.
    func groups(raters: [String]) throws(RatingError) -> [RatingsFile.Group] {
        try zip(keys, tallies).map { key, tally throws(RatingError) in
            RatingsFile.Group(key: key, content: .counted(try tally.pairTables(raters: raters, scale: scale)))
        }
    }
}
