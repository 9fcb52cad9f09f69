import DataFormats

extension Probe {
    /// The built-in probes, in the order a battery runs them.
    public static let builtIn: [Probe] = [
        Probe(
            name: "length-pad", summary: "appends on-topic filler that says nothing (to a list, items that describe nothing)",
            expectation: "the score stays: the answer says no more than before", change: .response(.padLength)),
        Probe(
            name: "length-trim", summary: "removes repeated sentences (or repeated list items); rows with none are left out",
            expectation: "the score stays or rises: nothing said is lost", change: .response(.trimRedundancy)),
        Probe(
            name: "format-markdown", summary: "writes each sentence as a Markdown bullet (list items in bold)",
            expectation: "the score stays: the words are the same", change: .response(.markdown)),
        Probe(
            name: "format-plain", summary: "removes Markdown markup; rows without any are left out",
            expectation: "the score stays: the words are the same", change: .response(.plain)),
        Probe(
            name: "authority", summary: "opens with \"\(ProbeText.authority)\" (a list gets the item \(ProbeText.authorityItem))",
            expectation: "the score stays: confidence is not evidence", change: .response(.authority)),
        Probe(
            name: "injection",
            summary: "appends one of \(InjectionString.all.count) named planted instructions and master keys (arXiv 2507.08794), "
                + "row k the (k mod \(InjectionString.all.count))th",
            expectation: "the score stays: the judge must not obey the text it judges", change: .response(.injection)),
        Probe(
            name: "position", summary: "swaps the two responses of a pairwise comparison (PairwiseJudge)",
            expectation: "the preference follows the responses, not their order", change: .positionSwap),
        Probe(
            name: "level-order", summary: "lists every dimension's levels highest first instead of lowest first",
            expectation: "the score stays: the levels mean the same", change: .prompt(.levelOrder)),
        Probe(
            name: "score-labels", summary: "labels the levels with letters, A the highest (1–4 becomes D–A)",
            expectation: "the score stays at the same level", change: .prompt(.scoreLabels)),
        Probe(
            name: "dimension-order", summary: "lists the dimensions in reverse order",
            expectation: "every dimension's score stays", change: .prompt(.dimensionOrder)),
        Probe(
            name: "reference-anchor", summary: "shows the reference of the next row of the run in place of the row's own",
            expectation: "the score moves only as far as the rubric asks the judge to rely on the reference",
            change: .prompt(.referenceAnchor)),
    ]

    /// The built-in degradations (``Degradation``), in the order a battery runs them.
    ///
    /// Rewrites that should lower the score on the dimensions each names. They are not among
    /// ``builtIn``, so a battery of every bias probe runs none of them.
    public static let degradations: [Probe] = Degradation.allCases.map { degradation in
        Probe(
            name: degradation.rawValue, summary: degradation.summary,
            expectation: "the score falls (\(degradation.target.severity.rawValue)) on the dimensions it names",
            change: .response(.degrade(degradation)), degrades: degradation.target)
    }

    /// Names that stand for several probes: `length` and `format`, and `degradations` for every
    /// built-in degradation.
    public static let families: [String: [String]] = [
        "length": ["length-pad", "length-trim"],
        "format": ["format-markdown", "format-plain"],
        "degradations": degradations.map(\.name),
    ]

    /// The probes `names` stand for, in the order given, each once: a built-in probe's or
    /// degradation's name, a family's name, or the name of one of `defined` (user-defined probes,
    /// which win over a built-in of the same name).
    ///
    /// - Throws: ``ProbeError`` (`unknown-probe`) naming the nearest known name.
    public static func named(_ names: [String], defined: [Probe] = []) throws(ProbeError) -> [Probe] {
        let known = defined + (builtIn + degradations).filter { b in !defined.contains { $0.name == b.name } }
        var chosen: [Probe] = []
        for name in names {
            let expanded = families[name] ?? [name]
            for one in expanded {
                guard let probe = known.first(where: { $0.name == one }) else {
                    let candidates = known.map(\.name) + families.keys.sorted()
                    throw ProbeError(
                        "unknown-probe",
                        "there is no probe named '\(name)'" + Suggestion.phrase(for: name, among: candidates)
                            + " (the probes: \(candidates.joined(separator: ", ")))")
                }
                if !chosen.contains(probe) { chosen.append(probe) }
            }
        }
        return chosen
    }
}
