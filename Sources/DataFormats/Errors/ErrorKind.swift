/// What a failed request was wrong about, for a caller that must answer in kind (a command-line
/// tool's exit status, following BSD `sysexits.h`): the data it read, or what it was asked to do.
public enum ErrorKind: Sendable, Hashable {
    /// A file or value that was read is malformed or does not fit (`EX_DATAERR`, 65).
    case malformedInput
    /// The request cannot be carried out as asked: settings that do not go together or are out of
    /// range, a name that is not known (`EX_USAGE`, 64).
    case usage
}

/// An error that says which ``ErrorKind`` it is, declared where the error is, so that a tool
/// classifies it without a list of every library's error types.
public protocol KindedError: Error {
    /// What the request was wrong about.
    var kind: ErrorKind { get }
}

extension InputError: KindedError {
    /// Always ``ErrorKind/malformedInput``: the file, line and column name what was read.
    public var kind: ErrorKind { .malformedInput }
}
