public import DataFormats
/// Input that an alignment, a rubric comparison or a run estimate cannot use, with a message
/// naming the dimension, row and value, and what was expected.
public struct AlignmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension AlignmentError: KindedError {
    /// ``ErrorKind/malformedInput``: the labels and judgments do not fit together.
    public var kind: ErrorKind { .malformedInput }
}
