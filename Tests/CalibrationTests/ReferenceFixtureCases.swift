import Foundation
import _TestSupport

/// A case of a reference fixture file, told its name (the key it stands under) after decoding.
protocol NamedReferenceCase: Decodable, Sendable {
    var name: String { get set }
}

/// A reference fixture file written by a script under benchmarks/python: `{"cases": {name: case}, …}`.
private struct ReferenceFixtureFile<Case: Decodable>: Decodable {
    var cases: [String: Case]
}

enum ReferenceFixture {
    /// The cases of the fixture at `path` (from the package root), sorted by name; a file that does not
    /// read stops the run, naming it, since no test of it could pass.
    static func cases<Case: NamedReferenceCase>(_ path: String) -> [Case] {
        let url = SharedData.projectURL(path)
        do {
            return try JSONDecoder().decode(ReferenceFixtureFile<Case>.self, from: Data(contentsOf: url)).cases
                .sorted { $0.key < $1.key }
                .map {
                    var c = $0.value
                    c.name = $0.key
                    return c
                }
        } catch {
            fatalError("cannot read the reference fixture at \(url.path): \(error)")
        }
    }
}
