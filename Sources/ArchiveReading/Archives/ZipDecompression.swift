import CZlib
import CZstd

/// The decompressors ``ZipArchive`` uses.
///
/// Raw deflate goes through zlib and Zstandard through libzstd, each into a
/// buffer of exactly the declared size.
/// A failure is a ``Problem``, whose reason the archive turns into an error
/// naming the member.
enum ZipDecompression {
    /// Why a member did not decompress, as the end of a sentence about the member.
    struct Problem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Inflates raw deflate data that must give exactly `size` bytes and use all of `input`.
    static func inflate(_ input: ArraySlice<UInt8>, size: Int) throws(Problem) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size)
        var stream = z_stream()
        guard judgecal_inflate_init_raw(&stream) == Z_OK else { throw Problem("zlib could not start inflating") }
        defer { inflateEnd(&stream) }
        // A spare byte of room shows data that would inflate past the declared size.
        var spare: UInt8 = 0
        let status: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                var status = CZlib.inflate(&stream, Z_FINISH)
                if status == Z_BUF_ERROR || (status == Z_OK && stream.avail_out == 0) {
                    withUnsafeMutablePointer(to: &spare) { extra in
                        stream.next_out = extra
                        stream.avail_out = 1
                        status = CZlib.inflate(&stream, Z_FINISH)
                    }
                }
                return status
            }
        }
        guard status == Z_STREAM_END else {
            if Int(stream.total_out) > size { throw Problem("inflates to more than its declared \(size) bytes") }
            let reason = stream.msg.map { String(cString: $0) } ?? "the deflate data ends early"
            throw Problem("does not inflate (\(reason)); the member is truncated or corrupt")
        }
        guard Int(stream.total_out) == size else {
            throw Problem("inflates to \(stream.total_out) bytes, not its declared \(size)")
        }
        guard stream.avail_in == 0 else { throw Problem("has \(stream.avail_in) bytes after the end of its deflate data") }
        return output
    }

    /// Decompresses Zstandard frames (one or several) that must give exactly `size` bytes.
    static func zstd(_ input: ArraySlice<UInt8>, size: Int) throws(Problem) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size)
        let result = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                ZSTD_decompress(target.baseAddress, target.count, source.baseAddress, source.count)
            }
        }
        if ZSTD_isError(result) != 0 {
            let reason = String(cString: ZSTD_getErrorName(result))
            throw Problem(
                "does not decompress as Zstandard (\(reason)); the member is truncated, corrupt or larger than its declared \(size) bytes")
        }
        guard result == size else { throw Problem("decompresses to \(result) bytes, not its declared \(size)") }
        return output
    }

    /// The CRC-32 (ISO 3309, as ZIP uses it) of `bytes`.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            var crc = CZlib.crc32(0, nil, 0)
            guard let base = buffer.baseAddress else { return UInt32(crc) }
            var at = 0
            // zlib takes at most 4 GiB − 1 bytes a call.
            while at < buffer.count {
                let n = min(buffer.count - at, 1 << 30)
                crc = CZlib.crc32(crc, base + at, UInt32(n))
                at += n
            }
            return UInt32(crc)
        }
    }
}
