/// SHA-256 (FIPS 180-4), for cache keys, rubric-text and file fingerprints and the history's links.
///
/// Foundation on Linux has no CryptoKit and no outside package can be
/// fetched, so the digest is computed here. Checked against the FIPS 180-4
/// examples ("abc", the empty message, the 448-bit message) and against
/// `sha256sum` in the tests.
public enum SHA256 {
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The digest of `bytes`, as 64 lower-case hexadecimal digits: ``Hasher`` fed `bytes` at once.
    public static func hexDigest(of bytes: [UInt8]) -> String {
        var hasher = Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// A digest computed as the message comes, in pieces of any length: the message's bytes are
    /// compressed a 64-byte block at a time as blocks fill, and only the bytes of an unfilled block
    /// are kept, so memory does not grow with the message.
    ///
    /// Any split of a message gives the digest of the whole (``SHA256/hexDigest(of:)`` is one update
    /// and ``finalize()``), including splits across the padding's boundaries, where 56 bytes or more
    /// left in the last block need a second padded block.
    public struct Hasher: Sendable {
        private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
        )
        /// The bytes after the last whole block, fewer than 64.
        private var pending: [UInt8] = []
        /// The message's length so far, in bytes.
        private var length: UInt64 = 0

        /// A hasher that has seen nothing: finalized now, the digest of the empty message.
        public init() {}

        /// Adds `bytes` to the message.
        public mutating func update(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { update($0) }
        }

        /// Adds `bytes` to the message.
        public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
            length &+= UInt64(bytes.count)
            var used = 0
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                if !pending.isEmpty {
                    used = min(64 - pending.count, bytes.count)
                    pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<used]))
                    guard pending.count == 64 else { return }
                    pending.withUnsafeBufferPointer { SHA256.compress($0, 0, schedule, &state) }
                    pending.removeAll(keepingCapacity: true)
                }
                while bytes.count - used >= 64 {
                    SHA256.compress(bytes, used, schedule, &state)
                    used += 64
                }
            }
            if used < bytes.count { pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[used...])) }
        }

        /// The digest of the message added so far, as 64 lower-case hexadecimal digits: the pending
        /// bytes padded with 0x80, zeros and the message's length in bits (one block, or two when 56
        /// or more bytes are pending). The hasher is left as it was, so more can be added after.
        public func finalize() -> String {
            var tail = [UInt8]()
            tail.reserveCapacity(128)
            tail.append(contentsOf: pending)
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            let bitLength = length &* 8
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> shift)) }
            var state = state
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                tail.withUnsafeBufferPointer { padded in
                    for start in stride(from: 0, to: padded.count, by: 64) { SHA256.compress(padded, start, schedule, &state) }
                }
            }
            let digits = Array("0123456789abcdef".utf8)
            var hex = [UInt8]()
            hex.reserveCapacity(64)
            for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
                for shift in stride(from: 28, through: 0, by: -4) { hex.append(digits[Int((word >> UInt32(shift)) & 0xf)]) }
            }
            return String(decoding: hex, as: UTF8.self)
        }
    }

    /// Runs the compression function on the 64-byte block at `start`.
    private static func compress(
        _ message: UnsafeBufferPointer<UInt8>, _ start: Int, _ schedule: UnsafeMutableBufferPointer<UInt32>,
        _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
    ) {
        for t in 0..<16 {
            let i = start + t * 4
            schedule[t] =
                UInt32(message[i]) << 24 | UInt32(message[i + 1]) << 16 | UInt32(message[i + 2]) << 8
                | UInt32(message[i + 3])
        }
        for t in 16..<64 {
            let s0 = rotate(schedule[t - 15], 7) ^ rotate(schedule[t - 15], 18) ^ (schedule[t - 15] >> 3)
            let s1 = rotate(schedule[t - 2], 17) ^ rotate(schedule[t - 2], 19) ^ (schedule[t - 2] >> 10)
            schedule[t] = schedule[t - 16] &+ s0 &+ schedule[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        roundConstants.withUnsafeBufferPointer { constants in
            for t in 0..<64 {
                let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let temp1 = h &+ sum1 &+ choice &+ constants[t] &+ schedule[t]
                let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ sum0 &+ majority)
            }
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
