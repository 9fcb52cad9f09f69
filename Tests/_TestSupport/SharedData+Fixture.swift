import Foundation

extension SharedData {
    /// A JSON fixture inside the package, such as `Tests/StatisticsTests/Resources/…-fixtures.json`,
    /// decoded as `type`; a missing or unreadable fixture stops the test run with its path, since
    /// every case of the suite reading it would be lost.
    public static func fixture<Fixture: Decodable>(_ type: Fixture.Type, at relativePath: String) -> Fixture {
        let url = projectURL(relativePath)
        do {
            return try JSONDecoder().decode(type, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }
}
