import LanguageModels
import _FuzzSupport

/// `OpenAIBatchResults(contentsOf:)`, an OpenAI batch output file (through a scratch file); a file
/// that reads is asked for its ids and their lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let url = FuzzInput.file(FuzzInput.data(bytes, size), named: "fuzz.output.jsonl")
    guard let results = try? OpenAIBatchResults(contentsOf: url) else { return 0 }
    for id in results.customIDs { _ = results.line(of: id) }
    _ = results.problems.map(\.description)
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
