/// A tool's words for a library's sentences of type `Sentence`: a `…Wording` enum whose cases are
/// the sentences that point at one of the tool's settings, which the library binds as a task-local
/// (`IntervalWording.$tool.withValue(ToolWords(words)) { … }`) and reads where it writes each one.
///
/// A struct around the closure rather than the closure itself: a task-local whose value is an
/// optional function type crashes a release build of Swift 6.3 on Linux as soon as it is bound
/// (`swift_task_localValuePush` reads a null key), while one of an optional struct does not.
public struct ToolWords<Sentence>: Sendable {
    /// The words for each sentence.
    public let words: @Sendable (Sentence) -> String

    /// The tool's words, `words` giving each sentence.
    public init(_ words: @escaping @Sendable (Sentence) -> String) {
        self.words = words
    }

    /// The words for `sentence`.
    public func callAsFunction(_ sentence: Sentence) -> String { words(sentence) }
}
