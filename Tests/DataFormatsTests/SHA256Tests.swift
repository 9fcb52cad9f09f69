import Foundation
import Testing
import _TestSupport

import DataFormats

@Suite("SHA-256")
struct SHA256Tests {
    @Test(
        "FIPS 180-4 examples",
        arguments: [
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func fipsExamples(message: String, digest: String) {
        #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest)
    }

    @Test("Messages around the padding boundary (55, 56, 63, 64, 65 bytes) agree with sha256sum")
    func paddingBoundaries() throws {
        for length in [55, 56, 63, 64, 65, 1000] {
            let message = String(repeating: "a", count: length)
            let printed = try ChildProcess(command: "sha256sum", standardInput: Data(message.utf8), timeout: .seconds(60)).run().output
            #expect(SHA256.hexDigest(of: Array(message.utf8)) == String(printed.prefix(64)), "length \(length)")
        }
    }

    /// The digest of `message` fed to a ``SHA256/Hasher`` in pieces ending at `cuts`.
    private static func incremental(_ message: [UInt8], cuts: [Int]) -> String {
        var hasher = SHA256.Hasher()
        var start = 0
        for end in cuts.sorted() + [message.count] {
            hasher.update(Array(message[start..<end]))
            start = end
        }
        return hasher.finalize()
    }

    @Test("Incremental equals one-shot: every two-piece split of messages at the padding's boundaries (55, 56, 64 bytes)")
    func everySplitAtBoundaries() {
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 121, 127, 128, 129, 183, 184] {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 17) }
            let whole = SHA256.hexDigest(of: message)
            for cut in 0...length {
                #expect(Self.incremental(message, cuts: [cut]) == whole, "length \(length), cut at \(cut)")
            }
        }
    }

    @Test("Incremental equals one-shot for random lengths split at random places, and matches sha256sum")
    func randomSplits() throws {
        var random = SeededBytes(seed: 33)
        for trial in 0..<300 {
            let length = Int(random.next() % 400)
            let message = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let cuts = (0..<Int(random.next() % 6)).map { _ in Int(random.next() % UInt64(length + 1)) }
            let whole = SHA256.hexDigest(of: message)
            #expect(Self.incremental(message, cuts: cuts) == whole, "trial \(trial): length \(length), cuts \(cuts.sorted())")
            if trial % 50 == 0 {
                let printed = try ChildProcess(command: "sha256sum", standardInput: Data(message), timeout: .seconds(60)).run().output
                #expect(whole == String(printed.prefix(64)), "trial \(trial): length \(length)")
            }
        }
    }

    @Test("Finalizing leaves the hasher as it was: more bytes after give the digest of the longer message")
    func finalizeThenMore() {
        var hasher = SHA256.Hasher()
        hasher.update(Array("ab".utf8))
        #expect(hasher.finalize() == SHA256.hexDigest(of: Array("ab".utf8)))
        hasher.update(Array("c".utf8))
        #expect(hasher.finalize() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test(
        "A file's digest, read in chunks, equals sha256sum's: empty, under a chunk, and over several of 1 MiB and of 7 bytes",
        arguments: [0, 100, 3 << 20 | 37])
    func fileDigest(length: Int) throws {
        var random = SeededBytes(seed: UInt64(length))
        let bytes = Data((0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        let url = try SharedData.temporaryFolder("sha256").appendingPathComponent("file.bin")
        try bytes.write(to: url)
        let printed = try ChildProcess(command: "sha256sum", arguments: [url.path], timeout: .seconds(60)).run().output
        #expect(try SHA256.hexDigest(ofFileAt: url) == String(printed.prefix(64)))
        #expect(try SHA256.hexDigest(ofFileAt: url, chunkSize: 7) == String(printed.prefix(64)))
    }

    @Test("A file that cannot be read is an input error naming it")
    func unreadableFile() throws {
        let url = try SharedData.temporaryFolder("sha256").appendingPathComponent("missing.bin")
        let error = try #require(throws: InputError.self) { try SHA256.hexDigest(ofFileAt: url) }
        #expect(error.file == InputFile.displayName(url) && error.message.hasPrefix("cannot be read"))
    }
}

/// A seeded linear congruential generator (Knuth's MMIX constants, the high bits kept), so that a
/// failing case can be run again; the quality of its bits does not matter here.
private struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 24
    }
}
