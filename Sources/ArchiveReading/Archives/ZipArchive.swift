import DataFormats
public import Foundation

/// A ZIP archive read strictly through its central directory (APPNOTE 6.3.10),
/// for the archives users hand over (Inspect AI's `.eval` logs).
///
/// What is read: one-disk archives whose members are stored (method 0),
/// deflated (8, through zlib) or Zstandard-compressed (93, through libzstd, as
/// Inspect 0.3.x writes them). What is refused, with an ``InputError`` naming
/// the file, the member where there is one, and what was expected: no end of
/// central directory record, a directory or member that runs past the end of
/// the file or overlaps the directory, an entry count that disagrees, split
/// (multi-disk) and ZIP64 archives, encrypted members, any other compression
/// method, a member name that is not UTF-8, a local header that disagrees with
/// the directory, data that does not decompress to exactly its declared size,
/// and a CRC-32 that does not match. A member declaring more than
/// ``maximumMemberSize`` bytes is refused before anything is allocated.
/// Nothing here traps on hostile bytes: every offset is checked before it is read.
///
/// Members are listed in directory order; when a name appears twice (an
/// archive appended to), the later entry is the member, as for other readers.
public struct ZipArchive: Sendable {
    /// One member as the central directory describes it.
    public struct Member: Sendable, Hashable {
        /// The member's path inside the archive.
        public var name: String
        /// The compression method (0 stored, 8 deflate, 93 Zstandard).
        public var method: UInt16
        /// The CRC-32 of the uncompressed bytes.
        public var crc32: UInt32
        /// The bytes stored in the archive.
        public var compressedSize: Int
        /// The bytes once decompressed.
        public var uncompressedSize: Int
        /// Where the member's local header starts.
        public var localHeaderOffset: Int
    }

    /// The largest member this reader decompresses into memory: 1 GiB.
    public static let maximumMemberSize = 1 << 30

    /// The archive, as named to the reader.
    public let file: String
    /// Every member, in central-directory order.
    public let members: [Member]
    private let bytes: [UInt8]
    private let directoryOffset: Int

    /// Reads the central directory of the archive in `data`.
    ///
    /// - Throws: ``InputError`` naming `file` when the bytes are not a ZIP archive this reader accepts.
    public init(_ data: Data, file: String) throws {
        self.file = file
        self.bytes = [UInt8](data)
        let end = try Self.endOfDirectory(bytes, file: file)
        self.directoryOffset = end.offset
        var members: [Member] = []
        var at = end.offset
        for index in 0..<end.count {
            let member = try Self.directoryEntry(bytes, at: &at, limit: end.offset + end.size, index: index, file: file)
            members.append(member)
        }
        guard at == end.offset + end.size else {
            throw InputError(
                file: file,
                message:
                    "the central directory is \(end.size) bytes but its \(end.count) entries take \(at - end.offset); the archive is corrupt"
            )
        }
        self.members = members
    }

    /// The member called `name` (the later one when the name appears twice), or `nil`.
    public func member(named name: String) -> Member? {
        members.last { $0.name == name }
    }

    /// The names of the members, each once, in the order of their first appearance.
    public var names: [String] {
        var seen = Set<String>()
        return members.map(\.name).filter { seen.insert($0).inserted }
    }

    /// The uncompressed bytes of `member`, checked against its size and CRC-32.
    ///
    /// - Throws: ``InputError`` naming the file and the member.
    public func contents(of member: Member) throws -> Data {
        func fail(_ message: String) -> InputError { InputError(file: file, column: member.name, message: message) }
        let at = member.localHeaderOffset
        guard at <= bytes.count - 30, Self.uint32(bytes, at) == 0x0403_4b50 else {
            throw fail("no local header at byte \(at), where the central directory places it; the archive is corrupt")
        }
        guard Self.uint16(bytes, at + 8) == member.method else {
            throw fail("the local header's compression method disagrees with the central directory's; the archive is corrupt")
        }
        let start = at + 30 + Int(Self.uint16(bytes, at + 26)) + Int(Self.uint16(bytes, at + 28))
        guard start <= directoryOffset, member.compressedSize <= directoryOffset - start else {
            throw fail(
                "its \(member.compressedSize) bytes run past the start of the central directory; the archive is truncated or corrupt")
        }
        let stored = bytes[start..<(start + member.compressedSize)]
        let output: [UInt8]
        do {
            switch member.method {
            case 0:
                guard member.compressedSize == member.uncompressedSize else {
                    throw ZipDecompression.Problem(
                        "is stored uncompressed but declares \(member.compressedSize) bytes stored and \(member.uncompressedSize) unpacked")
                }
                output = Array(stored)
            case 8: output = try ZipDecompression.inflate(stored, size: member.uncompressedSize)
            case 93: output = try ZipDecompression.zstd(stored, size: member.uncompressedSize)
            default: throw ZipDecompression.Problem(Self.unsupportedMethod(member.method))
            }
        } catch let problem as ZipDecompression.Problem {
            throw fail(problem.reason)
        }
        let crc = ZipDecompression.crc32(output)
        guard crc == member.crc32 else {
            throw fail(
                "its CRC-32 is \(String(crc, radix: 16)) but the archive records \(String(member.crc32, radix: 16)); the member is corrupt")
        }
        return Data(output)
    }

    /// The uncompressed bytes of the member called `name`, or `nil` when there is none.
    ///
    /// - Throws: what ``contents(of:)`` throws.
    public func contents(named name: String) throws -> Data? {
        try member(named: name).map(contents(of:))
    }

    // MARK: - Structure

    private static func endOfDirectory(_ b: [UInt8], file: String) throws -> (offset: Int, size: Int, count: Int) {
        let notZip = "is not a ZIP archive (no end of central directory record); expected an archive such as an Inspect .eval log"
        guard b.count >= 22 else { throw InputError(file: file, message: notZip) }
        // The record is 22 bytes and a comment of up to 65,535 follows it: search backwards for the one that ends the file.
        var at = b.count - 22
        let lowest = max(0, b.count - 22 - 0xFFFF)
        while at >= lowest {
            if uint32(b, at) == 0x0605_4b50, at + 22 + Int(uint16(b, at + 20)) == b.count { break }
            at -= 1
        }
        guard at >= lowest else { throw InputError(file: file, message: notZip) }
        if at >= 20, uint32(b, at - 20) == 0x0706_4b50 {
            throw InputError(file: file, message: "is a ZIP64 archive, which this reader does not read; expected members under 4 GiB")
        }
        guard uint16(b, at + 4) == 0, uint16(b, at + 6) == 0, uint16(b, at + 8) == uint16(b, at + 10) else {
            throw InputError(file: file, message: "is split over several disks, which this reader does not read")
        }
        let count = Int(uint16(b, at + 10))
        let size = Int(uint32(b, at + 12))
        let offset = Int(uint32(b, at + 16))
        guard offset <= at, size <= at - offset else {
            throw InputError(
                file: file,
                message:
                    "its central directory (\(size) bytes at byte \(offset)) runs past the end record at byte \(at); the archive is truncated or corrupt"
            )
        }
        return (offset, size, count)
    }

    private static func directoryEntry(_ b: [UInt8], at: inout Int, limit: Int, index: Int, file: String) throws -> Member {
        func fail(_ message: String) -> InputError {
            InputError(file: file, message: "central directory entry \(index + 1): \(message); the archive is corrupt")
        }
        guard at <= limit - 46, uint32(b, at) == 0x0201_4b50 else {
            throw fail("expected an entry at byte \(at), found none")
        }
        let flags = uint16(b, at + 8)
        let method = uint16(b, at + 10)
        let nameLength = Int(uint16(b, at + 28))
        let extraLength = Int(uint16(b, at + 30))
        let commentLength = Int(uint16(b, at + 32))
        let next = at + 46 + nameLength + extraLength + commentLength
        guard next <= limit else { throw fail("its name, extra field and comment run past the directory") }
        guard let name = String(validating: b[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self) else {
            throw fail("its member name is not UTF-8")
        }
        let member = Member(
            name: name, method: method, crc32: uint32(b, at + 16), compressedSize: Int(uint32(b, at + 20)),
            uncompressedSize: Int(uint32(b, at + 24)), localHeaderOffset: Int(uint32(b, at + 42)))
        func refuse(_ message: String) -> InputError { InputError(file: file, column: name, message: message) }
        if flags & 0x41 != 0 { throw refuse("is encrypted, which this reader does not read") }
        if [member.compressedSize, member.uncompressedSize, member.localHeaderOffset].contains(0xFFFF_FFFF) {
            throw refuse("has ZIP64 sizes, which this reader does not read; expected a member under 4 GiB")
        }
        guard [0, 8, 93].contains(method) else { throw refuse(unsupportedMethod(method)) }
        guard member.uncompressedSize <= maximumMemberSize else {
            throw refuse(
                "declares \(member.uncompressedSize) bytes unpacked, more than the \(maximumMemberSize) this reader holds in memory")
        }
        at = next
        return member
    }

    private static func unsupportedMethod(_ method: UInt16) -> String {
        "is compressed with method \(method), which this reader does not read; expected stored (0), deflate (8) or Zstandard (93)"
    }

    private static func uint16(_ b: [UInt8], _ at: Int) -> UInt16 {
        UInt16(b[at]) | UInt16(b[at + 1]) << 8
    }

    private static func uint32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }
}
