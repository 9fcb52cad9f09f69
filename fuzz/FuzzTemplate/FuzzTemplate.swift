import _FuzzSupport
import Judging

/// `Template(_:)` over the bytes as UTF-8; a template that parses is rendered
/// against the fixed row (`FuzzFixtures.row`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let template = try? Template(FuzzInput.text(bytes, size), file: "fuzz.md", line: 3) else { return 0 }
    _ = template.paths
    _ = try? template.render(FuzzFixtures.row)
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
