public import Foundation

extension JSONEncoder {
    /// An encoder for the JSON the package writes for people and diffs:
    /// pretty-printed, keys sorted, slashes as they are.
    public static var report: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
