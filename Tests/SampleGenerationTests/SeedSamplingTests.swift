import SampleGeneration
import Testing

@Suite("Sampling strategies over the seeds")
struct SeedSamplingTests {
    @Test("Sliding window: consecutive seeds, moving on by one a request, wrapping")
    func slidingWindow() {
        let shown = (0..<4).map { SeedSampling.slidingWindow.seedIndices(request: $0, seedCount: 5, window: 3, seed: 0) }
        #expect(shown == [[0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 0]])
        #expect(SeedSampling.slidingWindow.seedIndices(request: 7, seedCount: 2, window: 3, seed: 0) == [1, 0])
    }

    @Test("Random: distinct seeds, the same for the same seed and request, different across requests and seeds")
    func random() {
        let draw = { (request: Int, seed: UInt64) in
            SeedSampling.random.seedIndices(request: request, seedCount: 13, window: 3, seed: seed)
        }
        #expect(draw(4, 7) == draw(4, 7))
        let requests = (0..<20).map { draw($0, 7) }
        #expect(requests.allSatisfy { Set($0).count == 3 && $0.allSatisfy { (0..<13).contains($0) } })
        #expect(Set(requests).count > 15, "20 requests show many different triples")
        #expect((0..<20).map { draw($0, 8) } != requests)
        #expect(Set(requests.joined()).count == 13, "every seed is shown at some point in 20 requests")
        #expect(Set(SeedSampling.random.seedIndices(request: 0, seedCount: 2, window: 3, seed: 1)) == [0, 1])
    }
}
