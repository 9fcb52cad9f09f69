import ArchiveReading
import DataFormats
import Foundation
import Testing
import _TestSupport

/// The real Inspect AI log (Zstandard members) and its re-packing with deflate and stored members
/// (Tests/Fixtures/inspect/README.md says how each was made).
private let zstdLog = SharedData.projectURL("Tests/Fixtures/inspect/booktags.eval")
private let deflateLog = SharedData.projectURL("Tests/Fixtures/inspect/booktags-deflate.eval")

/// Little-endian reads and writes into an archive's bytes, to derive malformed variants.
private extension [UInt8] {
    func u16(_ at: Int) -> Int { Int(self[at]) | Int(self[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    mutating func put16(_ value: Int, at: Int) {
        self[at] = UInt8(value & 0xFF)
        self[at + 1] = UInt8(value >> 8 & 0xFF)
    }
    mutating func put32(_ value: Int, at: Int) {
        put16(value & 0xFFFF, at: at)
        put16(value >> 16 & 0xFFFF, at: at + 2)
    }
    /// The end of central directory record (no comment in these archives).
    var endRecord: Int { count - 22 }
    /// The first central directory entry.
    var firstEntry: Int { u32(endRecord + 16) }
}

/// The error reading every member of `bytes` throws, or `nil` when all read.
private func readingError(_ bytes: [UInt8]) -> InputError? {
    do {
        let archive = try ZipArchive(Data(bytes), file: "log.eval")
        for member in archive.members { _ = try archive.contents(of: member) }
        return nil
    } catch let error as InputError {
        return error
    } catch {
        Issue.record("not an InputError: \(error)")
        return nil
    }
}

@Suite("ZipArchive: a strict central-directory reader for Inspect's .eval logs")
struct ZipArchiveTests {
    @Test("The real zstd log and its deflate/stored re-packing list the same 14 members with the same bytes")
    func realArchives() throws {
        let zstd = try ZipArchive(Data(contentsOf: zstdLog), file: "booktags.eval")
        let deflate = try ZipArchive(Data(contentsOf: deflateLog), file: "booktags-deflate.eval")
        #expect(zstd.members.count == 14)
        #expect(Set(zstd.members.map(\.method)) == [93])
        #expect(Set(deflate.members.map(\.method)) == [0, 8])
        #expect(zstd.names == deflate.names)
        #expect(zstd.names.filter { $0.hasPrefix("samples/") }.count == 5)
        for name in zstd.names {
            let a = try #require(try zstd.contents(named: name))
            let b = try #require(try deflate.contents(named: name))
            #expect(a == b, "\(name)")
            #expect(a.count == zstd.member(named: name)?.uncompressedSize)
        }
        let header = try JSONValue.parse(try #require(try zstd.contents(named: "header.json")))
        #expect(header["eval"]?["packages"]?["inspect_ai"]?.string == "0.3.285")
        #expect(try zstd.contents(named: "no/such.json") == nil)
    }

    @Test(
        "Every truncation of the real log, at its end or its start, is refused with an InputError, never a trap",
        arguments: [zstdLog, deflateLog])
    func truncations(log: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: log))
        var cuts = Array(stride(from: 0, to: bytes.count, by: 37))
        cuts += (bytes.count - 200)..<bytes.count
        for cut in cuts {
            #expect(readingError(Array(bytes[..<cut])) != nil, "the first \(cut) of \(bytes.count) bytes were read")
            if cut > 0 { #expect(readingError(Array(bytes[cut...])) != nil, "all but the first \(cut) bytes were read") }
        }
    }

    @Test("A byte flipped in any member's data is caught (by the decompressor or the CRC-32)", arguments: [zstdLog, deflateLog])
    func flippedBytes(log: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: log))
        let archive = try ZipArchive(Data(bytes), file: "log.eval")
        for member in archive.members {
            let local = member.localHeaderOffset
            let start = local + 30 + bytes.u16(local + 26) + bytes.u16(local + 28)
            for offset in [start, start + member.compressedSize / 2] {
                var corrupt = bytes
                corrupt[offset] ^= 0x5A
                let error = readingError(corrupt)
                #expect(error?.column == member.name, "\(member.name) byte \(offset - start): \(String(describing: error))")
            }
        }
    }

    @Test("Malformed structure is refused with what was expected")
    func malformed() throws {
        let bytes = try [UInt8](Data(contentsOf: deflateLog))
        func expectRefused(_ change: (inout [UInt8]) -> Void, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
            var corrupt = bytes
            change(&corrupt)
            let error = readingError(corrupt)
            #expect(error?.description.contains(words) == true, "\(String(describing: error))", sourceLocation: sourceLocation)
        }
        let end = bytes.endRecord
        let entry = bytes.firstEntry
        // Method 12 (bzip2) in both headers of the first member.
        expectRefused(
            {
                $0.put16(12, at: entry + 10); $0.put16(12, at: $0.u32(entry + 42) + 8)
            }, "method 12")
        // The directory says deflate, the local header says stored.
        expectRefused({ $0.put16(0, at: $0.u32(entry + 42) + 8) }, "disagrees with the central directory")
        expectRefused({ $0.put16($0.u16(entry + 8) | 1, at: entry + 8) }, "encrypted")
        expectRefused(
            {
                $0.put16($0.u16(end + 10) + 1, at: end + 10); $0.put16($0.u16(end + 8) + 1, at: end + 8)
            }, "expected an entry")
        expectRefused(
            {
                $0.put16($0.u16(end + 10) - 1, at: end + 10); $0.put16($0.u16(end + 8) - 1, at: end + 8)
            }, "entries take")
        expectRefused({ $0.put32($0.count, at: end + 16) }, "runs past the end record")
        expectRefused({ $0.put16(1, at: end + 4) }, "several disks")
        expectRefused({ $0.put32(0xFFFF_FFFF, at: entry + 20) }, "ZIP64")
        expectRefused({ $0.put32(0x7FFF_FFFF, at: entry + 24) }, "holds in memory")
        expectRefused({ $0.put32($0.u32(entry + 24) + 1, at: entry + 24) }, "declared")
        expectRefused({ $0.put32($0.u32(entry + 16) ^ 1, at: entry + 16) }, "CRC-32")
        expectRefused({ $0.put32(end - 10, at: entry + 42) }, "no local header")
        expectRefused({ $0[entry + 46] = 0xFF }, "not UTF-8")
        expectRefused({ $0.append(0) }, "not a ZIP archive")
        expectRefused({ $0 = Array("{\"eval\": {}}".utf8) }, "not a ZIP archive")
        // A planted ZIP64 end-of-directory locator.
        expectRefused({ $0.replaceSubrange((end - 20)..<(end - 16), with: [0x50, 0x4B, 0x06, 0x07]) }, "ZIP64")
    }

    @Test("A name listed twice reads as the later entry; names lists it once")
    func duplicateNames() throws {
        // Member 3 (_journal/summaries/1.json) renamed to member 5's name (_journal/summaries/2.json), same length.
        var bytes = try [UInt8](Data(contentsOf: deflateLog))
        let archive = try ZipArchive(Data(bytes), file: "log.eval")
        let (earlier, later) = (archive.members[2], archive.members[4])
        try #require(earlier.name.utf8.count == later.name.utf8.count && earlier.name != later.name)
        var entry = bytes.firstEntry
        for _ in 0..<2 { entry += 46 + bytes.u16(entry + 28) + bytes.u16(entry + 30) + bytes.u16(entry + 32) }
        let length = later.name.utf8.count
        bytes.replaceSubrange((entry + 46)..<(entry + 46 + length), with: Array(later.name.utf8))
        bytes.replaceSubrange((earlier.localHeaderOffset + 30)..<(earlier.localHeaderOffset + 30 + length), with: Array(later.name.utf8))
        let renamed = try ZipArchive(Data(bytes), file: "log.eval")
        #expect(renamed.members[2].name == later.name)
        #expect(renamed.names.filter { $0 == later.name }.count == 1)
        #expect(renamed.names.count == archive.names.count - 1)
        #expect(renamed.member(named: later.name) == renamed.members[4])
        #expect(try renamed.contents(named: later.name) == archive.contents(of: later))
        #expect(try renamed.contents(of: renamed.members[2]) == archive.contents(of: earlier))
    }
}
