import CalibrationData
public import DataFormats

extension RunImporter {
    /// An export that cannot be imported as mapped, located in the file (``InputProblem``,
    /// ``ImportProblem``): its way out is a setting of the import (the field mapping, the label
    /// columns), which a tool names in its own words.
    public typealias ImportError = InputProblem<ImportProblem>

    /// Why an export cannot be imported as mapped, where the way out is a setting of the import.
    public enum ImportProblem: Sendable, Hashable {
        /// A record lacks the field the mapping reads at this path (``FieldMapping``).
        case missingField(String)
        /// This row and the row at `earlier` (its place, as ``FrozenRun/place(ofRowAt:)`` gives it)
        /// differ, but their contents hash to the same `id`: the records need ids of their own.
        case contentCollision(earlier: String, id: String)
        /// Records without an id field (``FieldMapping/id`` `nil`): this row has the same input and
        /// response as the row at `earlier`, so both would get the content id `id`.
        case repeatedContent(earlier: String, id: String)
        /// No record has a value in the label columns' fields, these paths.
        case noLabelValues([String])
        /// An Inspect AI log that holds no samples.
        case noSamples
    }

    /// What to suggest for a row whose content repeats another's in an export without ids.
    enum RepeatRemedy {
        /// Records of a field mapping: map an id field (``ImportProblem/repeatedContent(earlier:id:)``).
        case mapIDField
        /// The format's own way out, in words (`remove the repeated result`).
        case text(String)
    }
}
