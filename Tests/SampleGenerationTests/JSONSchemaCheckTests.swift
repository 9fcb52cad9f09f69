import DataFormats
import Foundation
import SampleGeneration
import Testing

@Suite("JSONSchemaCheck: the shape of a generated row, checked; a keyword it does not check, refused")
struct JSONSchemaCheckTests {
    static let schema = """
        {"type": "object", "required": ["review", "tags"], "additionalProperties": false,
         "properties": {"review": {"type": "string", "minLength": 10},
                        "tags": {"type": "array", "minItems": 3, "maxItems": 8, "uniqueItems": true,
                                 "items": {"type": "string", "pattern": "^[a-z0-9-]+$"}},
                        "stars": {"type": "integer", "minimum": 1, "maximum": 5}}}
        """

    static func check(_ json: String) throws -> String? {
        try JSONSchemaCheck(JSONValue.parse(Data(schema.utf8))).violation(of: JSONValue.parse(Data(json.utf8)))
    }

    @Test(
        "Each keyword names the path and what was expected",
        arguments: [
            (#"{"review": "A long enough review", "tags": ["a", "b", "c"], "stars": 4}"#, nil),
            (#"{"review": "A long enough review"}"#, #"$: no "tags""#),
            (#"{"review": "short", "tags": ["a", "b", "c"]}"#, "$.review: 5 characters; at least 10"),
            (#"{"review": "A long enough review", "tags": ["a", "b"]}"#, "$.tags: 2 items; at least 3"),
            (#"{"review": "A long enough review", "tags": ["a", "B", "c"]}"#, #"$.tags[1]: "B" does not match ^[a-z0-9-]+$"#),
            (#"{"review": "A long enough review", "tags": ["a", "a", "c"]}"#, "$.tags: repeated items"),
            (#"{"review": "A long enough review", "tags": ["a", "b", "c"], "stars": 4.5}"#, "$.stars: a number; expected integer"),
            (#"{"review": "A long enough review", "tags": ["a", "b", "c"], "stars": 9}"#, "$.stars: 9 is above 5"),
            (#"{"review": "A long enough review", "tags": ["a", "b", "c"], "mood": "sad"}"#, #"$: "mood" is not allowed"#),
            (#"["not", "an", "object"]"#, "$: an array; expected object"),
        ] as [(String, String?)])
    func violations(row: String, expected: String?) throws {
        #expect(try Self.check(row) == expected)
    }

    @Test("A keyword the check does not know is an error at the start, with its path, never ignored")
    func unknownKeyword() throws {
        let schema = try JSONValue.parse(Data(#"{"type": "object", "properties": {"tags": {"type": "array", "contains": {}}}}"#.utf8))
        let error = try #require(throws: SampleGenerationError.self) { try JSONSchemaCheck(schema) }
        #expect(error.message.hasPrefix(#"#/properties/tags: the keyword "contains" is not checked"#), "\(error.message)")
    }
}
