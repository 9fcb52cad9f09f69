import Synchronization

/// A counting semaphore for tasks: at most `limit` holders at once; the others
/// suspend (without blocking a thread) until a permit is released, first come
/// first served.
final class AsyncSemaphore: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    /// Creates a semaphore with `limit` permits (at least one).
    init(limit: Int) {
        state = Mutex(State(available: max(1, limit)))
    }

    /// Runs `body` while holding a permit.
    func withPermit<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state in
                if state.available > 0 {
                    state.available -= 1
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state in
            if state.waiters.isEmpty {
                state.available += 1
                return nil as CheckedContinuation<Void, Never>?
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
