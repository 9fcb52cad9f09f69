import DataFormats
import Foundation
import Judging
import LanguageModels
import Testing
import _TestSupport

@Suite("Degradations: rewrites that should lower the score, each pinned on real rows, rows they cannot apply to counted")
struct DegradationTests {
    /// The exact messages of row `index` under `name`, against the row with its field set to `content`.
    func expectRewrite(
        _ name: String, _ data: DegradationData, row index: Int, to content: JSONValue, rubric: Rubric? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let outcome = try data.outcomes(name, rubric: rubric)[index]
        let prompt = try #require(outcome.prompt, "\(name) left row \(index) of \(data) out: \(outcome)", sourceLocation: sourceLocation)
        #expect(
            prompt.messages == (try data.messages(row: index, with: content, rubric: rubric)),
            "\(name) on row \(index) of \(data)", sourceLocation: sourceLocation)
    }

    /// `text` with the first `old` replaced by `new`; `old` must be there.
    func edited(_ text: String, _ old: String, _ new: String) throws -> JSONValue {
        let range = try #require(text.range(of: old), "'\(old)' is not in the text")
        return .string(text.replacingCharacters(in: range, with: new))
    }

    /// `text` up to and including `last`.
    func cut(_ text: String, after last: String) throws -> JSONValue {
        let range = try #require(text.range(of: last), "'\(last)' is not in the text")
        return .string(String(text[..<range.upperBound]))
    }

    @Test("The catalogue: nine degradations apart from the bias probes, named together, each with its default target")
    func catalogue() throws {
        let names = Probe.degradations.map(\.name)
        #expect(
            names == [
                "contradiction", "removed-content", "wrong-number", "wrong-entity", "truncation", "ignored-instruction", "off-topic",
                "irrelevant-items", "invented-items",
            ])
        #expect(try Probe.named(["degradations"]).map(\.name) == names)
        #expect(Probe.builtIn.count == 11 && Probe.builtIn.allSatisfy { $0.degrades == nil }, "the bias battery's default is unchanged")
        let severities = Probe.degradations.map { $0.degrades?.severity.rawValue ?? "none" }
        #expect(severities == ["severe", "moderate", "severe", "severe", "moderate", "moderate", "moderate", "moderate", "moderate"])
        func moved(_ name: String, _ data: DegradationData) throws -> [String] {
            try #require(try Probe.named([name]).first?.degrades).dimensions(in: data.rubric).map(\.name)
        }
        #expect(try moved("contradiction", .summEval) == ["Coherence", "Consistency", "Fluency", "Relevance"])
        #expect(try moved("wrong-number", .summEval) == ["Consistency"])
        #expect(try moved("wrong-number", .book) == ["Relevance", "Usefulness"], "no correctness dimension: all of them")
        #expect(try moved("off-topic", .hanna) == ["Relevance"])
        #expect(try moved("removed-content", .summEval) == ["Relevance"])
        #expect(try moved("invented-items", .summEval) == ["Consistency", "Relevance"])
    }

    @Test("Rows a degradation cannot apply to are left out and counted by reason", arguments: DegradationData.allCases)
    func leftOutCounts(_ data: DegradationData) throws {
        let expected: [String: [String: Int]]
        switch data {
        case .book:
            expected = [
                "contradiction": [:], "removed-content": ["one-part": 2], "wrong-number": ["no-figure": 41],
                "wrong-entity": ["no-name": 32], "truncation": ["one-part": 2], "ignored-instruction": ["no-element-in-rubric": 42],
                "off-topic": [:], "irrelevant-items": [:], "invented-items": [:],
            ]
        case .summEval:
            expected = [
                "contradiction": ["no-negatable-claim": 1], "removed-content": [:], "wrong-number": ["no-figure": 4],
                "wrong-entity": [:], "truncation": [:], "ignored-instruction": ["no-element-in-rubric": 24], "off-topic": [:],
                "irrelevant-items": ["not-a-list": 24], "invented-items": ["not-a-list": 24],
            ]
        case .hanna:
            expected = [
                "contradiction": [:], "removed-content": [:], "wrong-number": ["no-figure": 7],
                "wrong-entity": ["no-name": 3, "no-other-name": 1], "truncation": [:],
                "ignored-instruction": ["no-element-in-rubric": 12], "off-topic": [:], "irrelevant-items": ["not-a-list": 12],
                "invented-items": ["not-a-list": 12],
            ]
        }
        for probe in Probe.degradations {
            let tally = ProbedRow.tally(try data.outcomes(probe.name))
            #expect(tally == expected[probe.name], "\(probe.name) on \(data)")
        }
    }

    @Test("On the book-tag sample: each list degradation's exact tags")
    func bookTags() throws {
        let tags = DegradationData.book.items(row: 0)
        #expect(tags == ["fantasy", "cartography", "archipelago", "guild-politics", "magic-system", "slow-burn", "lyrical"])
        func list(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }
        try expectRewrite("contradiction", .book, row: 0, to: list(["not-fantasy"] + tags.dropFirst()))
        try expectRewrite("removed-content", .book, row: 0, to: list(tags.filter { $0 != "guild-politics" }))
        try expectRewrite("truncation", .book, row: 0, to: list(Array(tags.prefix(5))))
        try expectRewrite(
            "off-topic", .book, row: 0, to: list(tags.map { $0 == "guild-politics" ? "amateur-sleuth" : $0 }))
        try expectRewrite("irrelevant-items", .book, row: 0, to: list(tags + ["cozy-mystery", "whodunit"]))
        try expectRewrite("invented-items", .book, row: 0, to: list(tags + ["dragons", "time-travel"]))
        try expectRewrite(
            "contradiction", .book, row: 3,
            to: list(["not-science-fiction", "loved-it", "couldnt-put-down", "five-stars", "must-read"]))
        try expectRewrite(
            "wrong-number", .book, row: 3, to: list(["science-fiction", "loved-it", "couldnt-put-down", "four-stars", "must-read"]))
        try expectRewrite(
            "wrong-entity", .book, row: 4,
            to: list(["quayle", "urban-history", "street-lighting", "technology", "social-history", "europe"]))
    }

    /// A pinned text rewrite: row `row` of `data` under `degradation` is its text with `edit` made.
    struct TextPin: Sendable, CustomTestStringConvertible {
        enum Edit: Sendable {
            /// The first `old` becomes `new`.
            case first(String, String)
            /// Every `old` becomes `new`, pair by pair.
            case every([(String, String)])
            /// Everything after `last` is cut.
            case cut(after: String)
        }
        var degradation: String
        var data: DegradationData
        var row: Int
        var edit: Edit

        var testDescription: String { "\(degradation) on row \(row) of \(data)" }

        static let all: [TextPin] = [
            TextPin(degradation: "contradiction", data: .summEval, row: 0, edit: .first("merson was brought", "merson was not brought")),
            TextPin(degradation: "contradiction", data: .summEval, row: 1, edit: .first("Chelsea have made", "Chelsea have not made")),
            TextPin(
                degradation: "removed-content", data: .summEval, row: 0,
                edit: .first("Paul merson was brought on with only seven minutes remaining in his team 's 0-0 draw with burnley . ", "")),
            TextPin(degradation: "wrong-number", data: .summEval, row: 0, edit: .first("only seven minutes", "only ten minutes")),
            TextPin(degradation: "wrong-number", data: .summEval, row: 1, edit: .first("22-year-old", "11-year-old")),
            TextPin(degradation: "wrong-entity", data: .summEval, row: 1, edit: .every([("Chelsea", "Ogane"), ("chelsea", "ogane")])),
            TextPin(degradation: "truncation", data: .summEval, row: 0, edit: .cut(after: "to the england squad last week .")),
            TextPin(
                degradation: "off-topic", data: .summEval, row: 0,
                edit: .first(
                    "Paul merson had another dig at andros townsend after his appearance .",
                    "Muto claims chelsea 's interest in muto is not connected to the # 200million sponsorship deal they signed with "
                        + "japanese company yokohama rubber in february .")),
            TextPin(degradation: "contradiction", data: .hanna, row: 0, edit: .first("there was a man", "there was not a man")),
            TextPin(
                degradation: "removed-content", data: .hanna, row: 0,
                edit: .first(
                    "One day, he passed away, and to his surprise, he found himself in the afterlife, facing an arena where every "
                        + "insect and animal he had killed in his life was now his opponent.\n\n", "")),
            TextPin(degradation: "truncation", data: .hanna, row: 0, edit: .cut(after: "acknowledging the human for his past actions.")),
            TextPin(
                degradation: "off-topic", data: .hanna, row: 0,
                edit: .first(
                    "They too, wished him well, understanding the position they were in.",
                    "Some argued that it was a necessary measure to ensure a peaceful society, while others claimed that the soldiers "
                        + "deserved to remember their sacrifices and the comrades who did not return home.")),
            TextPin(
                degradation: "wrong-number", data: .hanna, row: 3,
                edit: .first("As they embarked on their adventures, the two", "As they embarked on their adventures, the three")),
            TextPin(degradation: "wrong-entity", data: .hanna, row: 3, edit: .every([("Cascadia", "Mathemer")])),
        ]
    }

    @Test("On SummEval summaries and HANNA stories: each text degradation's exact rewrite", arguments: TextPin.all)
    func textPins(_ pin: TextPin) throws {
        let text = pin.data.text(row: pin.row)
        let expected: JSONValue
        switch pin.edit {
        case .first(let old, let new): expected = try edited(text, old, new)
        case .every(let pairs):
            #expect(pairs.allSatisfy { text.contains($0.0) }, "the name is in the text")
            expected = .string(pairs.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) })
        case .cut(let last): expected = try cut(text, after: last)
        }
        try expectRewrite(pin.degradation, pin.data, row: pin.row, to: expected)
    }

    @Test(
        "contradiction turns round the first auxiliary, copula or negation, and leaves a text without one out",
        arguments: [
            ("He had a dog. It barked.", "He did not have a dog. It barked."),
            ("She had left early.", "She had not left early."),
            ("It isn't cheap.", "It is cheap."),
            ("They did n't stay .", "They did stay ."),
            ("Prices rose. Nobody can say why.", "Prices rose. Nobody cannot say why."),
            ("Prices rose sharply.", nil),
        ])
    func contradictions(_ text: String, _ expected: String?) throws {
        try expectOneRow("contradiction", text, to: expected, else: "no-negatable-claim")
    }

    @Test(
        "wrong-number adds 3 where the row has no other figure, and leaves a text without one out",
        arguments: [
            ("It costs 1,500 dollars.", "It costs 4,500 dollars."),
            ("It took seven days, not 2.", "It took ten days, not 2."),
            ("Rated 9999999999999999999 stars.", "Rated 19999999999999999999 stars."),
            ("Model M11 came 89th in the 1920s.", nil),
        ])
    func figures(_ text: String, _ expected: String?) throws {
        try expectOneRow("wrong-number", text, to: expected, else: "no-figure")
    }

    /// A one-row run whose response is `text`, under `name`: the response becomes `expected`, or
    /// with none the row is left out for `reason`.
    func expectOneRow(_ name: String, _ text: String, to expected: String?, else reason: String) throws {
        let rubric = DegradationData.summEval.rubric
        func row(_ response: String) -> JSONValue {
            .object(["id": .string("t"), "input": .string("A report."), "response": .string(response)])
        }
        let probe = try #require(try Probe.named([name]).first)
        let outcome = try probe.outcome(row: 0, of: [row(text)], rubric: rubric, field: ProbeField("response"))
        guard let expected else {
            #expect(ProbedRow.tally([outcome]) == [reason: 1])
            return
        }
        #expect(outcome.prompt?.messages == (try JudgePromptRenderer.messages(for: rubric, row: row(expected))))
    }

    @Test("ignored-instruction removes what the rubric asks for, and says why a row is left out when it cannot")
    func ignoredInstruction() throws {
        let reasons = try DegradationData.book.outcomes("ignored-instruction")
        guard case .leftOut(let reason) = reasons[0] else { Issue.record("book-001 was degraded: \(reasons[0])"); return }
        #expect(
            reason.message
                == "the rubric's wording names no element a response must have (a heading, a list, a citation, a closing question)")
        var titled = DegradationData.hanna.rubric
        titled.instructions += " Each story opens with its title."
        #expect(
            ProbedRow.tally(try DegradationData.hanna.outcomes("ignored-instruction", rubric: titled)) == ["no-element-in-response": 6])
        let story = DegradationData.hanna.text(row: 1)
        #expect(story.hasPrefix(" Title: Forgotten Glory\n\n"))
        try expectRewrite(
            "ignored-instruction", .hanna, row: 1,
            to: .string(String(story.dropFirst(" Title: Forgotten Glory\n\n".count)).trimmingCharacters(in: .whitespacesAndNewlines)),
            rubric: titled)
        let bare = DegradationData.hanna.text(row: 2)
        try expectRewrite(
            "ignored-instruction", .hanna, row: 2,
            to: .string(bare.replacingOccurrences(of: " The Discovery of the Hidden Drug\n\n", with: "")), rubric: titled)
    }

    @Test("ignored-instruction takes out a list's markers, a citation, a closing question, the first the rubric names")
    func requiredElements() throws {
        var rubric = DegradationData.summEval.rubric
        rubric.instructions += " The summary is a bulleted list, cites the article, and ends with a follow-up question."
        let texts = [
            "Key points:\n- The bus caught fire.\n- No one was hurt.\n\nWhat caused it?",
            "The bus caught fire [1]. No one was hurt [2].",
            "The bus caught fire. No one was hurt. What caused it?",
            "The bus caught fire.",
        ]
        let rows = texts.enumerated().map { k, text in
            JSONValue.object(["id": .string("t\(k)"), "input": .string("A bus fire."), "response": .string(text)])
        }
        let probe = try #require(try Probe.named(["ignored-instruction"]).first)
        let outcomes = try rows.indices.map { try probe.outcome(row: $0, of: rows, rubric: rubric, field: ProbeField("response")) }
        let expected = [
            "Key points:\nThe bus caught fire. No one was hurt.\n\nWhat caused it?", "The bus caught fire. No one was hurt.",
            "The bus caught fire. No one was hurt.",
        ]
        for (k, text) in expected.enumerated() {
            var row = rows[k]
            if case .object(var members) = row { members["response"] = .string(text); row = .object(members) }
            #expect(outcomes[k].prompt?.messages == (try JudgePromptRenderer.messages(for: rubric, row: row)), "row \(k)")
        }
        guard case .leftOut(let reason) = outcomes[3] else { Issue.record("a text without any element was degraded"); return }
        #expect(reason.message == "the response has none of the elements the rubric names (a list, a citation, a closing question)")
    }

    @Test("The same rows give the same bytes every time", arguments: DegradationData.allCases)
    func deterministic(_ data: DegradationData) throws {
        for probe in Probe.degradations {
            let once = try data.outcomes(probe.name)
            let again = try data.outcomes(probe.name)
            #expect(once == again, "\(probe.name) on \(data)")
            let bytes = once.compactMap(\.prompt).flatMap(\.messages).map(\.content).joined(separator: "\u{0}")
            #expect(bytes == again.compactMap(\.prompt).flatMap(\.messages).map(\.content).joined(separator: "\u{0}"))
        }
    }
}
