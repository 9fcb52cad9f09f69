import CalibrationData
import DataFormats

extension RunImporter {
    /// A JUDGE-BENCH instance comparing two outputs (LLMBar's `{"input", "output_a", "output_b"}`)
    /// as a row of a pairwise run: the input as `input`, the outputs as `response.a` and
    /// `response.b`, and the instance's human `annotations` kept in the metadata (LLMBar's
    /// `majority_human` is `model_a` or `model_b`); `nil` for any other instance, which is imported
    /// whole as before.
    static func pairwiseRow(id: String, instance: JSONValue, dataset: String) -> FrozenRow? {
        guard let text = instance["instance"], let a = text["output_a"], let b = text["output_b"] else { return nil }
        var metadata: [String: JSONValue] = ["dataset": .string(dataset)]
        metadata["annotations"] = instance["annotations"]
        return FrozenRow(id: id, input: text["input"] ?? .object([:]), response: .object(["a": a, "b": b]), metadata: metadata)
    }
}
