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
}
