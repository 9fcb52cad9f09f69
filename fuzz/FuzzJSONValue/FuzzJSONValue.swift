import _FuzzSupport
import DataFormats
import Foundation

/// `JSONValue.parse` and `JSONValue.parseLocated` (DataFormats) over any bytes;
/// a document that parses is encoded again with `JSONEncoder`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let data = FuzzInput.data(bytes, size)
    if let value = try? JSONValue.parse(data, file: "fuzz.json", firstLine: 7) {
        _ = try? JSONEncoder().encode(value)
    }
    if let located = try? JSONValue.parseLocated(data, file: "fuzz.json") {
        _ = located.lines.line(of: "")
    }
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
