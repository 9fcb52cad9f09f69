import AgreementCoefficients
import RunInference
import StatisticsCore
import Testing

@Suite("Judge-stratified batches: Neyman allocation on kappa's linearised value")
struct KappaNeymanAllocationTests {
    /// benchmarks/python/kappa_neyman_allocation.py (numpy 2.4.6) differentiates kappa numerically — the Gateaux
    /// derivative towards one row in each cell, central differences — and prints each column's spread of it.
    @Test(
        "each judge level's spread matches a numeric derivative of kappa, for quadratic, linear and unweighted kappa",
        arguments: [
            (
                4, AgreementWeights.quadratic,
                [
                    0.027, 0.0202, 0.0176, 0.0152, 0.00425, 0.06105, 0.0724, 0.0323, 0.01, 0.026, 0.273, 0.091, 0.00875, 0.02275,
                    0.077, 0.2415,
                ],
                [2.792927895660519, 1.121913917430316, 0.229184636953008, 1.0557453588579329]
            ),
            (
                3, AgreementWeights.linear, [0.2, 0.05, 0.01, 0.04, 0.3, 0.06, 0.02, 0.07, 0.25],
                [0.7791969492744267, 0.4705102897283097, 0.6421961846085611]
            ),
            (2, AgreementWeights.unweighted, [0.15, 0.05, 0.1, 0.7], [1.6996459439903508, 0.5599759354652226]),
        ])
    func spreadsOfADesign(_ k: Int, _ weights: AgreementWeights, _ cells: [Double], _ numpy: [Double]) throws {
        let scale = CategoryScale(1...k)
        let design = try AgreementDesign(scale: scale, cells: cells)
        let spreads = try #require(KappaNeymanAllocation.spreads(design: design, weights: weights.matrix(on: scale)))
        for (s, reference) in zip(spreads, numpy) { #expect(abs(s - reference) < 1e-6, "\(spreads) against \(numpy)") }
    }

    @Test("labels are smoothed by one pseudo-row spread as their weighted marginal; at θ the spreads are the moved table's")
    func fromLabels() throws {
        let scale = CategoryScale(1...4)
        let counts = [1, 0, 0, 0, 1, 2, 1, 0, 0, 1, 6, 2, 0, 0, 2, 5]
        let shares: [Double] = [3, 6, 20, 11]
        let unmoved = try #require(
            KappaNeymanAllocation.spreads(labelled: counts, scale: scale, columnShares: shares, weights: .quadratic, threshold: nil))
        let numpy = [2.304508327566668, 0.8320567045507357, 0.22921640718695702, 0.7358863239999018]
        for (s, reference) in zip(unmoved, numpy) { #expect(abs(s - reference) < 1e-6, "\(unmoved) against \(numpy)") }
        // The smoothed table the script prints, moved to κ = 0.6 with its margins kept, gives the spreads at θ.
        let smoothed = try AgreementDesign(
            scale: scale,
            cells: [
                0.0259375, 0.00140625, 0.001875, 0.0012890625, 0.02982638888888889, 0.08223958333333332, 0.05965277777777778,
                0.006636284722222222, 0.011547619047619048, 0.05482142857142857, 0.3230952380952381, 0.0846279761904762,
                0.007688492063492064, 0.011532738095238096, 0.11537698412698413, 0.1824466765873016,
            ])
        let matrix = AgreementWeights.quadratic.matrix(on: scale)
        let expected = try #require(KappaNeymanAllocation.spreads(design: try smoothed.withKappa(0.6, weights: matrix), weights: matrix))
        let atThreshold = try #require(
            KappaNeymanAllocation.spreads(labelled: counts, scale: scale, columnShares: shares, weights: .quadratic, threshold: 0.6))
        for (s, e) in zip(atThreshold, expected) { #expect(abs(s - e) < 1e-12) }
        #expect(atThreshold != unmoved, "moving the table to θ changes the spreads")
        // The rare level 1, where an expert can be three levels from the judge, gets the largest spread.
        #expect(atThreshold[0] == atThreshold.max())
    }

    @Test("nothing to allocate by: no labels, every label one level, or counts and shares that do not fit the scale")
    func nothingToAllocateBy() {
        let scale = CategoryScale(1...4)
        let none = [Int](repeating: 0, count: 16)
        #expect(
            KappaNeymanAllocation.spreads(labelled: none, scale: scale, columnShares: [1, 1, 1, 1], weights: .quadratic, threshold: 0.6)
                == nil)
        var alike = none
        for h in 0..<4 { alike[2 * 4 + h] = 3 }
        #expect(
            KappaNeymanAllocation.spreads(labelled: alike, scale: scale, columnShares: [1, 2, 3, 4], weights: .quadratic, threshold: 0.6)
                == nil, "every expert said 3: kappa has no spread at any judge level")
        #expect(
            KappaNeymanAllocation.spreads(
                labelled: [1, 2, 3], scale: scale, columnShares: [1, 1, 1, 1], weights: .quadratic, threshold: nil) == nil)
        #expect(
            KappaNeymanAllocation.spreads(labelled: alike, scale: scale, columnShares: [0, 0, 0, 0], weights: .quadratic, threshold: nil)
                == nil)
        #expect(
            KappaNeymanAllocation.spreads(labelled: alike, scale: scale, columnShares: [1, 1, -1, 1], weights: .quadratic, threshold: nil)
                == nil)
    }

    @Test("a θ beyond the most agreement the labels' margins allow falls back to the unmoved table")
    func unreachableThreshold() throws {
        let scale = CategoryScale(1...4)
        let counts = [1, 0, 0, 0, 1, 2, 1, 0, 0, 1, 6, 2, 0, 0, 2, 5]
        let shares: [Double] = [3, 6, 20, 11]
        let unmoved = KappaNeymanAllocation.spreads(
            labelled: counts, scale: scale, columnShares: shares, weights: .quadratic, threshold: nil)
        #expect(unmoved != nil)
        #expect(
            KappaNeymanAllocation.spreads(labelled: counts, scale: scale, columnShares: shares, weights: .quadratic, threshold: 0.9999)
                == unmoved)
    }
}
