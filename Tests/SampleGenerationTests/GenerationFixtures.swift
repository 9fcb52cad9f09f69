import EvaluationCore
import Foundation
import LanguageModels
import LanguageModelTesting
import SampleGeneration

/// Book Tracker's expected value: a review's tags.
struct BookTags: Codable, Sendable, Hashable {
    var tags: [String]
}

/// Reply text for samples given as (review, tags) pairs.
func reply(_ samples: [(String, [String])]) -> String {
    let items = samples.map { review, tags in
        #"{"prompt": "\#(review)", "expected": {"tags": [\#(tags.map { "\"\($0)\"" }.joined(separator: ", "))]}}"#
    }
    return #"{"samples": [\#(items.joined(separator: ", "))]}"#
}

/// Three seed samples.
let seeds = [
    ModelSample(prompt: "A slow fantasy about mapmakers and a drowned city", expected: BookTags(tags: ["fantasy", "maps", "sea"])),
    ModelSample(prompt: "A village mystery solved by bell ringers", expected: BookTags(tags: ["mystery", "village", "bells"])),
    ModelSample(prompt: "Letters between two cider makers fall in love", expected: BookTags(tags: ["romance", "letters", "cider"])),
]

/// Book Tracker's validator: 3–8 tags, all lowercase.
let tagRules: SampleGenerator<ModelSample<BookTags>>.Validator = { sample in
    guard let tags = sample.expected?.tags else { return .invalid("no tags") }
    guard (3...8).contains(tags.count) else { return .invalid("\(tags.count) tags; expected 3–8") }
    if let upper = tags.first(where: { $0 != $0.lowercased() }) { return .invalid("tag \"\(upper)\" is not lowercase") }
    return .valid
}

/// A distinct valid sample for request `request`, position `position`.
func fresh(_ request: Int, _ position: Int) -> (String, [String]) {
    ("Book number \(request) \(position) about topic\(request)x\(position) and theme\(request)y\(position)", ["one", "two", "three"])
}
