public import LanguageModels

extension ScriptedModel.Reply {
    /// A judge's reply whose tokens carry log-probabilities at each score: the tokens spell `text`, one
    /// token per score character (the character after each `"score": `) with `alternatives[k]` for the
    /// k-th score, and one token for each stretch between scores, with itself as its only alternative.
    ///
    /// - Precondition: `alternatives` has one list per score in `text`.
    public init(scored text: String, alternatives: [[TokenLogprob.Alternative]]) {
        let bytes = Array(text.utf8)
        let marker = Array("\"score\": ".utf8)
        var tokens: [TokenLogprob] = []
        var start = 0
        var i = 0
        var score = 0
        while i + marker.count < bytes.count {
            if bytes[i..<(i + marker.count)].elementsEqual(marker) {
                let at = i + marker.count
                let chunk = String(decoding: bytes[start..<at], as: UTF8.self)
                tokens.append(TokenLogprob(token: chunk, logprob: 0, top: [.init(token: chunk, logprob: 0)]))
                let written = String(decoding: bytes[at..<(at + 1)], as: UTF8.self)
                tokens.append(TokenLogprob(token: written, logprob: 0, top: alternatives[score]))
                score += 1
                start = at + 1
                i = start
            } else {
                i += 1
            }
        }
        let rest = String(decoding: bytes[start...], as: UTF8.self)
        tokens.append(TokenLogprob(token: rest, logprob: 0, top: [.init(token: rest, logprob: 0)]))
        self.init(text: text, tokens: tokens)
    }
}
