import _FuzzSupport
import Judging

/// `Rubric.decode(json:file:)`; a rubric that decodes is linted and its
/// templates are rendered against the fixed row.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let rubric = try? Rubric.decode(json: FuzzInput.data(bytes, size), file: "fuzz.json") else { return 0 }
    FuzzFixtures.exercise(rubric)
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
