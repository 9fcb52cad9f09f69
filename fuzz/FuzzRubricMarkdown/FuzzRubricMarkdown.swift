import _FuzzSupport
import Judging

/// `Rubric.parse(markdown:file:)` (the bytes decoded as UTF-8, as
/// `Rubric.load` does); a rubric that parses is linted and its templates are
/// rendered against the fixed row.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let rubric = try? Rubric.parse(markdown: FuzzInput.text(bytes, size), file: "fuzz.md") else { return 0 }
    FuzzFixtures.exercise(rubric)
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
