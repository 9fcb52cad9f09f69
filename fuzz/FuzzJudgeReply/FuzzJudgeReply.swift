import _FuzzSupport
import Judging

/// `JudgeReplyParser.parse` for the book-tags rubric's dimensions (Relevance
/// and Usefulness, 1–4), with each finish reason the client passes on:
/// none, `length` and `stop`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let reply = FuzzInput.text(bytes, size)
    let dimensions = FuzzFixtures.bookTags.dimensions
    for reason in [nil, "length", "stop"] {
        _ = try? JudgeReplyParser.parse(reply, dimensions: dimensions, finishReason: reason)
    }
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
