/// Bad input, located, whose way out is a setting of the caller's: the ``InputError`` in the
/// library's words, and what is wrong as a value of the library's own `Problem` type, which a tool
/// words again naming its own options.
///
/// A library decides what is wrong (a sample larger than the rows left, a field the mapping names
/// that a record lacks); how the user changes the setting that would help is the tool's to say.
/// The library throws `InputProblem(InputError(file:line:column:message:), problem)`; a tool that
/// has words for `Problem` prints ``location`` and its own sentence, any other caller the error's
/// ``description``. Either way it is ``ErrorKind/malformedInput``.
public struct InputProblem<Problem: Sendable & Hashable>: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where, and what is wrong in the library's words.
    public var error: InputError
    /// What is wrong, for a tool to word.
    public var problem: Problem

    /// An error at `error`'s place, saying `problem`.
    public init(_ error: InputError, _ problem: Problem) {
        self.error = error
        self.problem = problem
    }

    /// The file, as the user named it.
    public var file: String { error.file }
    /// The 1-based line, when the problem has one.
    public var line: Int? { error.line }
    /// The column: a 1-based character position, or a field or column name.
    public var column: String? { error.column }
    /// What is wrong, in the library's words.
    public var message: String { error.message }
    /// Where the problem is: `file line 14, column usefulness`.
    public var location: String { error.location }

    /// `message`, at this error's place: what a tool prints with its own words for ``problem``.
    public func description(saying message: String) -> String {
        InputError(file: file, line: line, column: column, message: message).description
    }

    public var description: String { error.description }
}

extension InputProblem: KindedError {
    /// Always ``ErrorKind/malformedInput``, as for ``InputError``.
    public var kind: ErrorKind { .malformedInput }
}
