public import DataFormats

/// Input that an alignment, a rubric comparison or a run estimate cannot use, with a message
/// naming the dimension, row and value, and what was expected.
public struct AlignmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it, in the library's words.
    public let message: String
    /// What is wrong, where the way out is a setting of the caller's, for a tool to word naming its
    /// options; `nil` when ``message`` says all.
    public let problem: Problem?

    /// What is wrong, with what a tool needs to say so in its own words.
    public enum Problem: Sendable, Hashable {
        /// The row `row` is labelled on `dimension` by both `first` and `second`, where one expert
        /// value per row is needed (one rater's sheet, or a sheet of their means read as means).
        case twoRaters(row: String, dimension: String, first: String, second: String)
    }

    init(_ message: String) {
        self.message = message
        problem = nil
    }

    init(_ problem: Problem) {
        self.problem = problem
        switch problem {
        case .twoRaters(let row, let dimension, let first, let second):
            message =
                Self.twoRatersStart(row: row, dimension: dimension, first: first, second: second)
                + "give one rater's sheet, or a sheet of their means read as means"
        }
    }

    /// The start of a ``Problem/twoRaters(row:dimension:first:second:)`` message, up to the way out.
    public static func twoRatersStart(row: String, dimension: String, first: String, second: String) -> String {
        "\(row) is labelled on \(dimension) by both \(first) and \(second); estimation needs one expert value per row: "
    }

    public var description: String { message }
}

extension AlignmentError: KindedError {
    /// ``ErrorKind/malformedInput``: the labels and judgments do not fit together.
    public var kind: ErrorKind { .malformedInput }
}
