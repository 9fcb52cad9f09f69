import _FuzzSupport
import DataFormats

/// `JSONRecords.split` (JSON Lines, or a JSON array) and `JSONRecords.table`
/// over a fixed set of paths, as `judgecal agreement` reads a `.jsonl` file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let data = FuzzInput.data(bytes, size)
    _ = try? JSONRecords.split(data, file: "fuzz.jsonl")
    _ = try? JSONRecords.table(data, paths: ["id", "input.title", "response.tags.0", "scores.expert", "a.b"], file: "fuzz.jsonl")
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
