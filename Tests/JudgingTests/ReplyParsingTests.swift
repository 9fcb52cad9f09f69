import Judging
import Testing

@Suite("Judge replies")
struct ReplyParsingTests {
    let dimensions: [ScoreDimension]

    init() throws { dimensions = try Fixtures.rubric("book-tags.md").dimensions }

    func reply(_ name: String) throws -> String { try Fixtures.text("replies/\(name).txt") }

    /// SmolLM2-135M's reply to book-001 under the reply schema: well formed,
    /// though a 1 and a 2 for tags the experts gave 4 and 4.
    @Test("A well-formed reply gives both scores and rationales")
    func wellFormed() throws {
        let scores = try JudgeReplyParser.parse(reply("well-formed"), dimensions: dimensions)
        #expect(scores.map(\.level.value) == [1, 2])
        #expect(scores[0].rationale == "The Cartographer of Brine Reach")
        #expect(scores[1].rationale == "The Cartographer of Brine Reach is a fantasy that has real costs.")
    }

    @Test("Prose and a code fence around the JSON are tolerated; braces inside strings do not confuse it")
    func proseWrapped() throws {
        let scores = try JudgeReplyParser.parse(reply("prose-wrapped"), dimensions: dimensions)
        #expect(scores.map(\.level.value) == [4, 4])
        #expect(scores[1].rationale.contains("{and}"))
    }

    @Test("Braces in the prose before the JSON are passed over")
    func bracesInProse() throws {
        let text = "My scores {as requested}: " + (try reply("well-formed"))
        let scores = try JudgeReplyParser.parse(text, dimensions: dimensions)
        #expect(scores.map(\.level.value) == [1, 2])
        #expect(Array(text.utf8)[scores[0].utf8Offset] == UInt8(ascii: "1"))
    }

    @Test("Member names in another case and scores written as strings still match the scale")
    func lenientKeys() throws {
        let scores = try JudgeReplyParser.parse(reply("lenient-keys"), dimensions: dimensions)
        #expect(scores.map(\.level.value) == [3, 2])
    }

    /// Real replies except the refusal, which this judge never gives (see
    /// the replies folder's README): at temperature 1.5 under a schema without
    /// the levels, a 0 and a raw line break inside a rationale; truncated at
    /// 24 tokens; without the schema, an object
    /// that stops before it closes (the server says `stop`, so it is not
    /// mistaken for the token limit); in JSON mode, an object about
    /// something else.
    @Test(
        "Replies that cannot be used fail with their kind, never a score",
        arguments: [
            ("off-scale", "stop", "off-scale", "Relevance: 0 is not on the scale 1–4"),
            ("truncated", "length", "truncated", "cut off (token limit)"),
            ("raw-newline", "stop", "invalid-json", "inside a string, found \"\n\", at line 1, column 111 of the object"),
            ("unconstrained", "stop", "invalid-json", "never closes, and the reply ended with `stop`"),
            ("json-mode", "stop", "missing-dimension", "no member for dimension Relevance"),
            ("refusal", "stop", "no-json", "no JSON object"),
            (
                "placeholder-rationale", "stop", "placeholder-rationale",
                "Relevance: the rationale is the prompt's placeholder <why, in one or two sentences>, not a reason"
            ),
        ])
    func failures(name: String, finish: String, code: String, message: String) throws {
        let text = try reply(name)
        #expect {
            _ = try JudgeReplyParser.parse(text, dimensions: dimensions, finishReason: finish)
        } throws: { error in
            guard let e = error as? JudgeReplyError else { return false }
            return e.code == code && e.description.contains(message)
        }
    }

    @Test(
        "A fraction on an integer scale, a missing dimension, a blank rationale and the prompt's placeholder as one are errors",
        arguments: [
            (#"{"Relevance": {"rationale": "r", "score": 3.5}, "Usefulness": {"rationale": "r", "score": 3}}"#, "off-scale"),
            (#"{"Relevance": {"rationale": "r", "score": 3}}"#, "missing-dimension"),
            (#"{"Relevance": {"score": 3}, "Usefulness": {"rationale": "r", "score": 3}}"#, "missing-rationale"),
            (#"{"Relevance": {"rationale": "r"}, "Usefulness": {"rationale": "r", "score": 3}}"#, "missing-score"),
            (#"{"Relevance": {"rationale": " \n\t", "score": 3}, "Usefulness": {"rationale": "r", "score": 3}}"#, "missing-rationale"),
            (#"{"Relevance": {"rationale": "r", "score": 3}, "Usefulness": {"rationale": "", "score": 3}}"#, "missing-rationale"),
            (
                #"{"Relevance": {"rationale": "r", "score": 3}, "Usefulness": {"rationale": "Why, in one or two sentences.", "score": 3}}"#,
                "placeholder-rationale"
            ),
            (
                #"{"Relevance": {"rationale": " <WHY, in one or two sentences> ", "score": 3}, "Usefulness": {"rationale": "r", "score": 3}}"#,
                "placeholder-rationale"
            ),
            (#"{"Relevance": {"rationale": "r", "score": 3} "Usefulness": {"rationale": "r", "score": 3}}"#, "invalid-json"),
        ])
    func malformed(text: String, code: String) {
        #expect {
            _ = try JudgeReplyParser.parse(text, dimensions: dimensions)
        } throws: { error in
            (error as? JudgeReplyError)?.code == code
        }
    }

    @Test("The score's offset points at the score itself")
    func offsets() throws {
        let text = try reply("well-formed")
        let scores = try JudgeReplyParser.parse(text, dimensions: dimensions)
        let bytes = Array(text.utf8)
        #expect(scores.map { bytes[$0.utf8Offset] } == [UInt8(ascii: "1"), UInt8(ascii: "2")])
    }
}
