import Foundation

/// The wall-clock times of one measurement repeated several times: median,
/// fastest and slowest, in seconds.
struct Timing: Codable {
    var median: Double
    var minimum: Double
    var maximum: Double
    var repeats: Int

    /// Summarises the seconds of each repeat.
    init(_ seconds: [Double]) {
        precondition(!seconds.isEmpty, "a timing needs at least one repeat")
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        repeats = sorted.count
    }

    /// Runs `body` `repeats` times (at least once) and times each run; the last run's result is returned with the timing.
    static func measure<R>(repeats: Int, _ body: () throws -> R) rethrows -> (Timing, R) {
        var start = ContinuousClock.now
        var result = try body()
        var seconds = [Self.seconds(ContinuousClock.now - start)]
        for _ in 1..<max(1, repeats) {
            start = ContinuousClock.now
            result = try body()
            seconds.append(Self.seconds(ContinuousClock.now - start))
        }
        return (Timing(seconds), result)
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}

/// The machine's load averages (1, 5 and 15 minutes) from /proc/loadavg; empty where it cannot be read.
func loadAverages() -> [Double] {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return [] }
    return text.split(separator: " ").prefix(3).compactMap { Double($0) }
}
