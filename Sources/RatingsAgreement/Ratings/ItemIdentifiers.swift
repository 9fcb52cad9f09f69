import DataFormats
import Foundation

/// The check that every item has an id and no two the same, made while a
/// file streams by with 8 bytes kept per row: a 64-bit hash of each id.
///
/// Hashes are kept in 256 lists by their top byte, so that no list grows
/// large enough for its doubling to matter. At the end each list goes through
/// one open-addressing hash set (linear probing, at most half full), reused
/// from list to list: with a list's share of the rows (N/256, 39,000 at ten
/// million rows) it stays in the cache, and the check costs one probe a row
/// rather than a sort's log N comparisons. Memory: the 8 bytes a row, and a
/// set of 16 bytes per row of the longest list. Equal hashes (a repeated id,
/// or in about one file of 10¹¹ a collision) send the reader back over the
/// file, comparing the texts of those ids only, so that the error names the
/// first repeated id and both its lines, as a check that kept every id would.
struct ItemIdentifiers {
    private var hashes: [[UInt64]] = Array(repeating: [], count: 256)
    /// The line of the first blank id.
    private(set) var firstBlankLine: Int?

    /// Notes the id in a row's bytes.
    mutating func note(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) {
        if firstBlankLine == nil, Self.isBlank(bytes) { firstBlankLine = line }
        let hash = Self.hash(bytes)
        hashes[Int(hash >> 56)].append(hash)
    }

    /// Takes over the hashes of `other` (a tally of another chunk of the same
    /// file), leaving it none; its blank line is not taken.
    mutating func absorbHashes(of other: inout ItemIdentifiers) {
        for b in hashes.indices {
            hashes[b].append(contentsOf: other.hashes[b])
            other.hashes[b] = []
        }
    }

    /// The hashes seen more than once.
    func repeatedHashes() -> Set<UInt64> {
        var repeated: Set<UInt64> = []
        let longest = hashes.lazy.map(\.count).max() ?? 0
        // Zero marks an empty slot, so a hash of zero is counted apart.
        var capacity = 1
        while capacity < 2 * longest { capacity <<= 1 }
        let slots = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: capacity)
        defer { slots.deallocate() }
        var zeros = 0
        for list in hashes {
            var mask = 1
            while mask < 2 * list.count { mask <<= 1 }
            mask -= 1
            slots[0...mask].update(repeating: 0)
            for hash in list {
                guard hash != 0 else {
                    zeros += 1
                    continue
                }
                var s = Int(truncatingIfNeeded: hash) & mask
                while slots[s] != 0, slots[s] != hash { s = (s + 1) & mask }
                if slots[s] == hash { repeated.insert(hash) } else { slots[s] = hash }
            }
        }
        if zeros > 1 { repeated.insert(0) }
        return repeated
    }

    /// Blank as `trimmingCharacters(in: .whitespaces)` finds it: empty, or
    /// only spaces and tabs (other Unicode spaces through `String`).
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }
        guard bytes.contains(where: { $0 >= 0x80 }) else { return false }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// FNV-1a, 64 bits, with a final mix so that the top byte spreads.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        return h ^ (h >> 33)
    }
}
