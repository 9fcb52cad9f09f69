public import Foundation

// In `Files/`, beside the byte source it reads through: the digest itself (`Hashing/`) knows no files.
extension SHA256 {
    /// The digest of the file at `url`, read `chunkSize` bytes at a time (1 MiB unless given), so that
    /// memory does not grow with the file: the same digest as ``hexDigest(of:)`` of its whole contents.
    ///
    /// - Throws: ``InputError`` naming the file when it cannot be read.
    public static func hexDigest(ofFileAt url: URL, chunkSize: Int = 1 << 20) throws(InputError) -> String {
        var hasher = Hasher()
        try ByteSource.file(url, chunkSize: chunkSize).withWindows { bytes, count, _ in
            hasher.update(UnsafeBufferPointer(start: bytes, count: count))
            return count
        }
        return hasher.finalize()
    }
}
