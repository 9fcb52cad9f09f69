import DataFormats
import Testing

@Suite("Text tables")
struct TextTableTests {
    @Test("columns align, numbers right-align, the header is styled once laid out")
    func alignment() {
        let t = TextTable(columns: ["rater", "value"], rows: [["a", "0.5"], ["longer", "12.25"]], rightAligned: [1])
        #expect(t.rendered() == "rater   value\na         0.5\nlonger  12.25")
        #expect(t.rendered(header: { "<\($0)>" }) == "<rater   value>\na         0.5\nlonger  12.25")
    }

    @Test("trailing spaces are trimmed; a short row is laid out as if its missing cells were empty")
    func raggedRows() {
        var t = TextTable(columns: ["a", "bb", "c"])
        t.append(["xxxx", ""])
        t.append(["y", "z", "w"])
        #expect(t.rendered() == "a     bb  c\nxxxx\ny     z   w")
    }

    @Test("a rule under the titles, and long cells cut to the maximum width with an ellipsis")
    func ruleAndCut() {
        let t = TextTable(columns: ["id", "text"], rows: [["1", "abcdefghij"]], ruled: true, maximumCellWidth: 6)
        #expect(t.rendered() == "id  text\n--  ------\n1   abc...")
    }
}
