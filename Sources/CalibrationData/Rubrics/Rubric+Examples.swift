public import Judging

extension Rubric {
    /// The run rows the rubric quotes as worked examples.
    public var exampleRowIDs: Set<String> { Set(examples.compactMap(\.rowID)) }
}
