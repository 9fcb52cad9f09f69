import AgreementCoefficients
import StatisticsCore
import Testing

@Suite("Correlation invariants")
struct CorrelationPropertyTests {
    /// Kendall's S = Σ_{i<j} sign(xᵢ − xⱼ)·sign(yᵢ − yⱼ) and the tie counts, pair by pair.
    static func bruteForceTauB(_ x: [Double], _ y: [Double]) -> Double {
        var s = 0
        var tiedX = 0
        var tiedY = 0
        let n = x.count
        for i in 0..<n {
            for j in (i + 1)..<n {
                let dx = x[i] < x[j] ? -1 : (x[i] == x[j] ? 0 : 1)
                let dy = y[i] < y[j] ? -1 : (y[i] == y[j] ? 0 : 1)
                s += dx * dy
                if dx == 0 { tiedX += 1 }
                if dy == 0 { tiedY += 1 }
            }
        }
        let n0 = Double(n * (n - 1) / 2)
        return Double(s) / ((n0 - Double(tiedX)) * (n0 - Double(tiedY))).squareRoot()
    }

    @Test("Knight's O(N log N) τ-b equals the O(N²) pair count on random data with ties", arguments: [1, 2, 3, 4, 5, 6])
    func knightMatchesBruteForce(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let n = Int.random(in: 20...400, using: &rng)
        let levels = [3, 5, 50, 1_000_000][Int(seed) % 4]
        let x = (0..<n).map { _ in Double(Int.random(in: 1...levels, using: &rng)) }
        let y = x.map { $0 + Double(Int.random(in: -2...2, using: &rng)) * Double(levels) / 5 }
        let fast = try #require(try Correlation.kendallTauB(x, y).value)
        let slow = Self.bruteForceTauB(x, y)
        #expect(abs(fast - slow) <= 1e-12, "n \(n), \(levels) levels: \(fast) vs \(slow)")
    }

    /// Average ranks counted pair by pair: 1 + (values below) + (other values equal)/2.
    static func bruteForceRanks(_ values: [Double]) -> [Double] {
        values.map { v in 1 + Double(values.count { $0 < v }) + Double(values.count { $0 == v } - 1) / 2 }
    }

    @Test(
        "The radix-sorted rank coefficients equal pair-by-pair counts on negative, fractional and signed-zero scores",
        arguments: [11, 12, 13, 14])
    func radixOrderMatchesBruteForce(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let n = Int.random(in: 50...300, using: &rng)
        // Negative and positive values of very different magnitudes, ties, and both zeros (−0 == +0).
        let pool: [Double] = [-1e300, -3.5, -1, -0.25, -0.0, 0.0, 1e-300, 0.5, 2, 7.75, 1e12]
        let x = (0..<n).map { _ in
            seed % 2 == 0 ? pool[Int.random(in: 0..<pool.count, using: &rng)] : Double.random(in: -5...5, using: &rng)
        }
        let y = x.map { $0 == 0 ? pool[Int.random(in: 3...6, using: &rng)] : $0 * Double(Int.random(in: -1...3, using: &rng)) }
        let tau = try #require(try Correlation.kendallTauB(x, y).value)
        #expect(abs(tau - Self.bruteForceTauB(x, y)) <= 1e-12, "n \(n): τ-b \(tau)")
        let rho = try #require(try Correlation.spearman(x, y).value)
        let expected = try #require(try Correlation.pearson(Self.bruteForceRanks(x), Self.bruteForceRanks(y)).value)
        #expect(abs(rho - expected) <= 1e-12, "n \(n): ρ \(rho) vs \(expected)")
    }

    static let scale = CategoryScale(1...5)

    /// Random paired ratings on 1–5 with some missing, correlated.
    static func ratings(seed: UInt64, n: Int) -> ([Double?], [Double?]) {
        var rng = SplitMix64(seed: seed)
        var a: [Double?] = []
        var b: [Double?] = []
        for _ in 0..<n {
            let base = Int.random(in: 1...5, using: &rng)
            let other = min(5, max(1, base + Int.random(in: -1...1, using: &rng)))
            a.append(Int.random(in: 0..<20, using: &rng) == 0 ? nil : Double(base))
            b.append(Double(other))
        }
        return (a, b)
    }

    @Test("Every coefficient from the contingency table equals the one from the raw pairs", arguments: Correlation.Method.allCases)
    func tableMatchesVectors(method: Correlation.Method) throws {
        for seed in UInt64(1)...5 {
            let (a, b) = Self.ratings(seed: seed, n: 300)
            let table = try ContingencyTable(scale: Self.scale, first: a, second: b)
            let fromTable = Correlation.measure(method, table: table)
            let fromPairs = try Correlation.measure(method, a, b)
            let t = try #require(fromTable.value)
            let v = try #require(fromPairs.value)
            #expect(abs(t - v) <= 1e-12, "\(method) seed \(seed): table \(t) vs pairs \(v)")
            #expect(fromTable.estimate.n == fromPairs.estimate.n)
            #expect(fromTable.excludedPairs == fromPairs.excludedPairs)
            #expect(fromTable.excludedPairs > 0)
            #expect(abs(try #require(fromTable.pValue) - (try #require(fromPairs.pValue))) <= 1e-12)
        }
    }

    @Test("An unused scale point does not change the table-based coefficients")
    func unusedCategory() throws {
        let a: [Double?] = [1, 2, 2, 3, 4, 4, 1, 3]
        let b: [Double?] = [1, 1, 2, 4, 4, 3, 2, 3]
        for method in Correlation.Method.allCases {
            let wide = try ContingencyTable(scale: CategoryScale(1...7), first: a, second: b)
            let pairs = try Correlation.measure(method, a, b)
            #expect(abs(try #require(Correlation.measure(method, table: wide).value) - (try #require(pairs.value))) <= 1e-12)
        }
    }

    @Test("A constant side is undefined with a reason naming it, on vectors and tables alike")
    func constantInput() throws {
        for method in Correlation.Method.allCases {
            let r = try Correlation.measure(method, [3, 3, 3, 3], [1, 2, 3, 4])
            #expect(r.value == nil)
            #expect(r.estimate.undefinedReason?.code == "no-variation")
            #expect(r.estimate.undefinedReason?.message.contains("first rater") == true)
            let table = try ContingencyTable(scale: Self.scale, first: [1, 2, 3, 4], second: [3, 3, 3, 3])
            let t = Correlation.measure(method, table: table)
            #expect(t.value == nil)
            #expect(t.estimate.undefinedReason?.message.contains("second rater") == true)
        }
        let one = try Correlation.pearson([1], [2])
        #expect(one.estimate.undefinedReason?.code == "too-few")
    }

    @Test("Missing scores are deleted listwise and counted")
    func listwiseDeletion() throws {
        let r = try Correlation.measure(.pearson, [1, 2, nil, 4, 5], [2, 4, 6, nil, 10])
        #expect(r.excludedPairs == 2)
        #expect(r.estimate.n == 3)
        #expect(r.value == 1)
    }

    @Test("Mismatched lengths and non-finite scores are errors naming the position")
    func badInput() {
        #expect(throws: RatingError.self) { try Correlation.pearson([1, 2], [1]) }
        let error = #expect(throws: RatingError.self) { try Correlation.spearman([1, .nan, 3], [1, 2, 3]) }
        #expect(error?.position == 1)
        #expect(error?.message.contains("position 2") == true)
    }

    @Test("Without ties τ-b and τ-c coincide (m = n)")
    func tauBEqualsTauCWithoutTies() throws {
        let x: [Double] = [5, 2, 1, 3, 6, 4, 7]
        let y: [Double] = [5, 2, 6, 3, 1, 7, 4]
        let b = try #require(try Correlation.kendallTauB(x, y).value)
        let c = try #require(try Correlation.kendallTauC(x, y).value)
        // With n distinct values on both sides: τ-c = 2nS/(n²(n − 1)) = S/n₀ = τ-b.
        #expect(abs(b - c) <= 1e-15)
    }
}

@Suite("Per-group averaged correlation")
struct GroupedCorrelationTests {
    @Test("Constant groups are skipped and counted, not averaged as 0")
    func skipsConstantGroups() throws {
        let groups = ["d1", "d1", "d1", "d2", "d2", "d2", "d3", "d3", "d3", "d4"]
        let judge: [Double?] = [1, 2, 3, 3, 2, 1, 4, 4, 4, 5]
        let expert: [Double?] = [1, 2, 3, 1, 2, 3, 1, 2, 3, 5]
        let result = try GroupedCorrelation.averaged(.kendallTauB, groups: groups, judge, expert)
        #expect(result.groups == 4)
        #expect(result.skippedGroups == 2)
        #expect(result.skippedByReason == ["no-variation": 1, "too-few": 1])
        #expect(result.estimate.n == 2)
        #expect(result.estimate.value == 0)  // (1 + (−1)) / 2
    }

    @Test("The average equals the mean of the per-group coefficients")
    func meanOfGroups() throws {
        let groups = ["a", "b", "a", "b", "a", "b", "a", "b"]
        let x: [Double?] = [1, 1, 2, 2, 3, 3, 4, 4]
        let y: [Double?] = [1, 4, 3, 3, 2, 2, 5, nil]
        let result = try GroupedCorrelation.averaged(.pearson, groups: groups, x, y)
        let a = try #require(try Correlation.pearson([1, 2, 3, 4], [1, 3, 2, 5]).value)
        let b = try #require(try Correlation.pearson([1, 2, 3], [4, 3, 2]).value)
        #expect(abs(try #require(result.estimate.value) - (a + b) / 2) <= 1e-15)
        #expect(result.excludedPairs == 1)
    }

    @Test("No defined group is undefined with a reason")
    func allSkipped() throws {
        let result = try GroupedCorrelation.averaged(.spearman, groups: ["a", "a"], [1, 1], [1, 2])
        #expect(result.estimate.value == nil)
        #expect(result.skippedGroups == 1)
    }
}
