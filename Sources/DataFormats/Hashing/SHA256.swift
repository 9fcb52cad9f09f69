import CCrypto

/// SHA-256 (FIPS 180-4), for cache keys, rubric-text and file fingerprints and the history's links.
///
/// Foundation on Linux has no CryptoKit, so the digest comes from OpenSSL's libcrypto, which uses
/// the CPU's SHA instructions where it has them (about 1.7 GB/s on this project's machines against
/// some 0.2 GB/s for the pure Swift digest it replaced; judging hashes every prompt twice, for its
/// cache key and its prompt hash). Checked against the FIPS 180-4 examples ("abc", the empty
/// message, the 448-bit message), against `sha256sum`, and every split of a message at the padding's
/// boundaries in the tests.
public enum SHA256 {
    /// The digest of `bytes`, as 64 lower-case hexadecimal digits: ``Hasher`` fed `bytes` at once.
    public static func hexDigest(of bytes: [UInt8]) -> String {
        var hasher = Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// A digest computed as the message comes, in pieces of any length; only the bytes of an
    /// unfilled 64-byte block are kept, so memory does not grow with the message.
    ///
    /// Any split of a message gives the digest of the whole (``SHA256/hexDigest(of:)`` is one update
    /// and ``finalize()``). A hasher is a value: a copy goes on from where the original was.
    public struct Hasher: @unchecked Sendable {
        // libcrypto's SHA256_CTX: a plain C struct of the state, the pending block and the length.
        private var context = SHA256_CTX()

        /// A hasher that has seen nothing: finalized now, the digest of the empty message.
        public init() {
            SHA256_Init(&context)
        }

        /// Adds `bytes` to the message.
        public mutating func update(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { update($0) }
        }

        /// Adds `bytes` to the message.
        public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            SHA256_Update(&context, base, bytes.count)
        }

        /// The digest of the message added so far, as 64 lower-case hexadecimal digits. The hasher
        /// is left as it was (the padding is done on a copy), so more can be added after.
        public func finalize() -> String {
            var copy = context
            var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
            SHA256_Final(&digest, &copy)
            let digits = Array("0123456789abcdef".utf8)
            var hex = [UInt8]()
            hex.reserveCapacity(64)
            for byte in digest {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0xf)])
            }
            return String(decoding: hex, as: UTF8.self)
        }
    }
}
