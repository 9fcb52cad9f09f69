import Testing
import _TestSupport

/// The test support's guard against parameterised cases that assert nothing.
@Suite("expectingSomeChecks: a case that compares no value fails")
struct CheckTallyTests {
    @Test("A case whose every check is skipped records an issue")
    func emptyCaseFails() {
        withKnownIssue("the case compared nothing") {
            expectingSomeChecks(in: "empty") { _ in }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("empty compared no value") }
        }
    }

    @Test("A case that compares values passes and returns its body's result")
    func countedCasePasses() {
        let doubled = expectingSomeChecks(in: "two") { tally in
            for value in [1, 2] {
                #expect(value > 0)
                tally.add()
            }
            #expect(tally.count == 2)
            return 2 * tally.count
        }
        #expect(doubled == 4)
    }
}
