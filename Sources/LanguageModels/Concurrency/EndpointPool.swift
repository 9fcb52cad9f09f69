import Synchronization

/// The servers of one model and the requests in flight to each: where the next request goes,
/// and which servers are left out for a while because they failed.
///
/// **Choice.** A request goes to the endpoint with the lowest load after taking it,
/// `(outstanding + 1) / (limit · weight)`, among those below their limit and not out; ties go to
/// the endpoint listed first. When every endpoint that is in is full, requests wait in arrival
/// order, without holding a thread, and each place that frees goes to the longest waiting (with one
/// endpoint this is a first-come-first-served semaphore of `limit` permits).
///
/// **Failures** (only with more than one endpoint; one endpoint is never left out, its failures
/// are the retry policy's business alone). An endpoint that refuses or does not accept a connection
/// is taken out at once; one whose exchanges fail ``failuresBeforeOutage`` times in a row (HTTP
/// 5xx, dropped connections, timeouts) too. It stays out for the back-off, `backoff · 2^(k−1)` for
/// its *k*-th outage in a row (at most 16 × `backoff`), then takes one request at a time until one
/// is answered; a failure then takes it out again. When every endpoint is out, a request fails at
/// once with ``LanguageModelError/Code/serverUnreachable`` naming each and why.
final class EndpointPool: Sendable {
    /// One endpoint as the pool sends to it.
    struct Member: Sendable {
        /// The base URL, for messages and statistics.
        let baseURL: String
        /// `…/chat/completions` under it.
        let chatURL: String
        /// The API key sent to it, if any.
        let apiKey: String?
        /// Requests in flight at once, at least 1.
        let limit: Int
        /// Its preference, positive.
        let weight: Double
    }

    /// What an exchange says about its endpoint's health.
    enum Health: Sendable {
        /// An answer, even a refusal (4xx) or a rate limit (429): the server is up.
        case answered
        /// A 5xx, a dropped connection, a timeout after connecting: out after several in a row.
        case failed(String)
        /// No connection: out at once.
        case unreachable(String)
    }

    /// Failed exchanges in a row that take an endpoint out: 3.
    static let failuresBeforeOutage = 3
    /// The longest back-off, as a multiple of the first: 16.
    static let longestBackoffFactor = 16.0

    let members: [Member]
    /// Whether failing endpoints are left out (more than one endpoint).
    var isolatesFailures: Bool { members.count > 1 }
    private let backoff: Double
    private let state: Mutex<State>

    fileprivate struct State {
        var outstanding: [Int]
        var outUntil: [ContinuousClock.Instant?]
        /// Back from an outage and not yet answered: one request at a time.
        var probation: [Bool]
        var failuresInARow: [Int]
        var outagesInARow: [Int]
        var lastFailure: [String?]
        var statistics: [EndpointStatistics]
        var waiters: [CheckedContinuation<Int?, Never>] = []
    }

    /// A pool of `members` (at least one) leaving failing ones out for `backoff` seconds and more.
    init(members: [Member], backoff: Double) {
        precondition(!members.isEmpty, "a model needs an endpoint")
        self.members = members
        self.backoff = backoff
        let n = members.count
        state = Mutex(
            State(
                outstanding: Array(repeating: 0, count: n), outUntil: Array(repeating: nil, count: n),
                probation: Array(repeating: false, count: n), failuresInARow: Array(repeating: 0, count: n),
                outagesInARow: Array(repeating: 0, count: n), lastFailure: Array(repeating: nil, count: n),
                statistics: members.map { .init(baseURL: $0.baseURL) }))
    }

    /// Each endpoint's counts so far, in the order listed.
    var statistics: [EndpointStatistics] { state.withLock { $0.statistics } }

    /// Runs `body` with the index of the endpoint chosen for one exchange, holding its place.
    ///
    /// - Throws: ``LanguageModelError/Code/serverUnreachable`` when every endpoint is out; `body`'s error.
    func withEndpoint<T: Sendable>(_ body: (Int) async throws -> T) async throws -> T {
        let index = try await acquire()
        defer { release(index) }
        return try await body(index)
    }

    private func acquire() async throws -> Int {
        let granted: Int? = await withCheckedContinuation { continuation in
            let now = ContinuousClock.now
            let immediate: Int?? = state.withLock { s in
                if s.waiters.isEmpty, let index = s.choose(members, now: now) {
                    s.outstanding[index] += 1
                    return .some(index)
                }
                if s.allOut(now: now) { return .some(nil) }
                s.waiters.append(continuation)
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
        guard let granted else { throw everyEndpointOut() }
        return granted
    }

    private func release(_ index: Int) {
        let resumed = state.withLock { s in
            s.outstanding[index] -= 1
            return s.dispatch(members)
        }
        for (continuation, index) in resumed { continuation.resume(returning: index) }
    }

    /// Records one exchange with endpoint `index`: its seconds and what it says about the server.
    ///
    /// - Returns: Whether the endpoint is now out, so a retry should go elsewhere at once.
    func record(_ index: Int, seconds: Double, failed: Bool, health: Health) -> Bool {
        let now = ContinuousClock.now
        let (out, resumed) = state.withLock { s -> (Bool, [(CheckedContinuation<Int?, Never>, Int?)]) in
            s.statistics[index].requests += 1
            s.statistics[index].latencies.append(seconds)
            if failed { s.statistics[index].failures += 1 }
            guard isolatesFailures else { return (false, []) }
            switch health {
            case .answered:
                s.failuresInARow[index] = 0
                s.outagesInARow[index] = 0
                s.probation[index] = false
            case .failed(let why):
                s.failuresInARow[index] += 1
                s.lastFailure[index] = why
                if s.probation[index] || s.failuresInARow[index] >= Self.failuresBeforeOutage {
                    s.takeOut(index, now: now, backoff: backoff)
                }
            case .unreachable(let why):
                s.lastFailure[index] = why
                s.takeOut(index, now: now, backoff: backoff)
            }
            let out = s.outUntil[index].map { $0 > now } ?? false
            return (out, s.dispatch(members))
        }
        for (continuation, index) in resumed { continuation.resume(returning: index) }
        return out
    }

    private func everyEndpointOut() -> LanguageModelError {
        let now = ContinuousClock.now
        let parts = state.withLock { s in
            members.indices.map { i in
                let left = s.outUntil[i].map { max(0, Double(($0 - now).components.seconds)) } ?? 0
                return "\(members[i].baseURL) (\(s.lastFailure[i] ?? "failing"); tried again in \(Int(left)) s)"
            }
        }
        return LanguageModelError(
            .serverUnreachable,
            "every endpoint of the model is out: " + parts.joined(separator: ", ")
                + " — start the servers, or correct their addresses; a run started again resumes from the cache")
    }
}

extension EndpointPool.State {
    /// The endpoint the next request goes to, or `nil` when none that is in has room.
    fileprivate mutating func choose(_ members: [EndpointPool.Member], now: ContinuousClock.Instant) -> Int? {
        var best: (index: Int, load: Double)?
        for i in members.indices {
            if let until = outUntil[i] {
                if until > now { continue }
                outUntil[i] = nil
                probation[i] = true
            }
            guard outstanding[i] < (probation[i] ? 1 : members[i].limit) else { continue }
            let load = Double(outstanding[i] + 1) / (Double(members[i].limit) * members[i].weight)
            if best.map({ load < $0.load }) ?? true { best = (i, load) }
        }
        return best?.index
    }

    fileprivate func allOut(now: ContinuousClock.Instant) -> Bool {
        outUntil.allSatisfy { $0.map { $0 > now } ?? false }
    }

    fileprivate mutating func takeOut(_ index: Int, now: ContinuousClock.Instant, backoff: Double) {
        if let until = outUntil[index], until > now { return }  // already out: one outage, not two
        outagesInARow[index] += 1
        let factor = min(EndpointPool.longestBackoffFactor, Double(1 << min(outagesInARow[index] - 1, 30)))
        outUntil[index] = now + .seconds(backoff * factor)
        probation[index] = false
        failuresInARow[index] = 0
        statistics[index].outages += 1
    }

    /// The waiters that can go now, each with its endpoint (or `nil`: every endpoint is out).
    fileprivate mutating func dispatch(_ members: [EndpointPool.Member]) -> [(CheckedContinuation<Int?, Never>, Int?)] {
        var resumed: [(CheckedContinuation<Int?, Never>, Int?)] = []
        let now = ContinuousClock.now
        while !waiters.isEmpty {
            if let index = choose(members, now: now) {
                outstanding[index] += 1
                resumed.append((waiters.removeFirst(), index))
            } else if allOut(now: now) {
                resumed += waiters.map { ($0, nil) }
                waiters = []
            } else {
                break
            }
        }
        return resumed
    }
}
