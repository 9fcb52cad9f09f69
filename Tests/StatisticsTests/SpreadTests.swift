import DataFormats
import StatisticsCore
import Testing
import _TestSupport

@Suite("Spread statistics against the reference vectors")
struct SpreadTests {
    static let spreadCases = ReferenceVectors.cases(
        "mean", "median", "mode", "min", "max", "standard_deviation", "variance")

    @Test("Every spread case matches within its tolerance", arguments: spreadCases)
    func referenceCase(_ c: ReferenceCase) throws {
        let values = try #require(c.data["values"]?.doubles, "case \(c.id) has no values")
        let divisor: Spread.Divisor = c.params["ddof"]?.double == 0 ? .population : .sample
        switch c.statistic {
        case "mode":
            let expected = c.expected.array?.compactMap(\.double) ?? [c.expected.double].compactMap { $0 }
            #expect(Spread.modes(values) == expected)
            return
        default:
            break
        }
        let estimate: Estimate
        switch c.statistic {
        case "mean": estimate = Spread.mean(values)
        case "median": estimate = Spread.median(values)
        case "min": estimate = Spread.minimum(values)
        case "max": estimate = Spread.maximum(values)
        case "standard_deviation": estimate = Spread.standardDeviation(values, divisor: divisor)
        case "variance": estimate = Spread.variance(values, divisor: divisor)
        default:
            Issue.record("unhandled statistic \(c.statistic)")
            return
        }
        if c.expected.isNull {
            #expect(estimate.value == nil)
            #expect(estimate.undefinedReason != nil)
        } else {
            let expected = try #require(c.expected.double)
            let value = try #require(estimate.value, "undefined: \(estimate.undefinedReason?.message ?? "")")
            #expect(abs(value - expected) <= c.tolerance, "\(c.id): \(value) vs \(expected)")
            #expect(estimate.n == values.count)
        }
    }

    @Test("The sample variance of one value is undefined; the population variance is 0")
    func singleValue() {
        #expect(Spread.variance([5]).value == nil)
        #expect(Spread.variance([5]).undefinedReason?.code == "too-few")
        #expect(Spread.variance([5], divisor: .population).value == 0)
    }

    @Test("A tie for the mode is undefined and names the tied values")
    func tiedMode() {
        let m = Spread.mode([2, 2, 1, 1, 3])
        #expect(m.value == nil)
        #expect(m.undefinedReason?.message.contains("1, 2") == true)
    }

    @Test("Mean difference uses only complete pairs")
    func meanDifference() throws {
        let d = Spread.meanDifference([4, 3, nil, 2], [3, 3, 1, nil])
        #expect(d.n == 2)
        #expect(d.value == 0.5)
        let se = try #require(d.standardError)
        #expect(abs(se - 0.5) < 1e-12)  // sd of {1, 0} is √0.5; / √2 = 0.5
    }
}
