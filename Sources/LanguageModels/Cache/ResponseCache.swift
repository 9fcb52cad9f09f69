public import Foundation
import DataFormats
import Synchronization

/// A store of model responses in SQLite, keyed by a hash of the canonical request.
///
/// One table, `responses(key, model, request, response, created_at)`
/// (`request` the canonical JSON the key hashes, for people reading the file;
/// `response` in ``ResponseCodec``'s compact binary form), in
/// write-ahead-log mode with `synchronous=NORMAL`: each response is committed
/// as soon as it arrives (with those arriving together, below), and a committed WAL
/// transaction survives the process being killed (`kill -9`) at any moment,
/// so a run started again repeats no completed call and loses none. Several
/// processes may share one file: SQLite serialises their writers, and a
/// 10-second busy timeout makes a writer wait instead of failing; when two
/// store the same key, the first reply is kept. Within a process one
/// connection serves all tasks, behind a mutex.
///
/// **Group commit.** ``commit(_:for:model:)``, the path of every call a model
/// answers, commits replies that arrive together in one transaction: the
/// first caller to find no commit under way queues one on the cache's lane,
/// which writes everything then waiting (and what arrives while it writes, in
/// the next transaction, queued behind the lookups that came first), and each caller
/// returns once the transaction holding its reply has committed. A reply is
/// still durable before its call returns; hundreds of calls finishing in the
/// same millisecond cost a few transactions, not hundreds.
///
/// The key is the SHA-256 of a canonical JSON encoding (sorted keys) of the
/// model name and the whole ``ChatRequest``, its ``ChatRequest/sampleIndex``
/// included. The base URL and any API key are not part of it: the same model
/// served elsewhere answers from the same cache, and no secret reaches the file.
public final class ResponseCache: Sendable {
    /// Hits and misses so far.
    public struct Statistics: Sendable, Hashable {
        /// Lookups that found a stored response.
        public var hits = 0
        /// Lookups that found none.
        public var misses = 0
        /// Responses stored.
        public var stores = 0
        /// Transactions that stored them: fewer than ``stores`` when replies arrived together
        /// and were committed as a group.
        public var transactions = 0
    }

    /// A request's cache key with the canonical JSON it hashes, computed once per call.
    struct Key: Sendable {
        /// ``CanonicalRequest``'s bytes.
        let canonical: [UInt8]
        /// Their SHA-256, in hex: the `key` column.
        let hex: String

        init(model: String, request: ChatRequest) {
            canonical = CanonicalRequest(model: model, request: request).bytes
            hex = SHA256.hexDigest(of: canonical)
        }
    }

    /// A reply waiting for the group commit, and the caller to resume.
    private struct PendingStore {
        let parameters: [SQLiteValue]
        let caller: CheckedContinuation<Void, any Error>
    }

    /// The database file.
    public let url: URL
    private let connection: Mutex<SQLiteConnection>
    private let counts = Mutex(Statistics())
    /// Replies waiting for the next transaction, and whether a commit is queued or under way.
    private let pendingStores = Mutex((waiting: [PendingStore](), committing: false))

    /// Opens the cache at `url`, creating the file and its table if needed.
    ///
    /// - Throws: ``LanguageModelError`` (``LanguageModelError/Code/cache``) naming the file.
    public init(url: URL) throws {
        self.url = url
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let connection = try SQLiteConnection(path: url.path)
        try connection.execute("PRAGMA busy_timeout = 10000")
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA synchronous = NORMAL")
        // A judged run looks up and inserts a row per request: 16 MiB of pages (against SQLite's 2 MiB)
        // keep the key index's pages in memory across a run of tens of thousands of rows.
        try connection.execute("PRAGMA cache_size = -16384")
        // A rowid table with the key indexed: a row (request and reply, several kilobytes) spills onto
        // overflow pages either way, and the key's index stays small and shallow. Files made before,
        // whose table is keyed WITHOUT ROWID, are read and written by the same statements.
        try connection.execute(
            """
            CREATE TABLE IF NOT EXISTS responses (
                key TEXT NOT NULL UNIQUE,
                model TEXT NOT NULL,
                request TEXT NOT NULL,
                response BLOB NOT NULL,
                created_at REAL NOT NULL
            )
            """)
        self.connection = Mutex(connection)
    }

    /// Hits and misses so far (of this object, not of other processes sharing the file).
    public var statistics: Statistics { counts.withLock { $0 } }

    /// The cache key of `request` to `model`: 64 hexadecimal digits.
    public static func key(model: String, request: ChatRequest) -> String {
        Key(model: model, request: request).hex
    }

    /// The stored response to `request`, if any; counts a hit or a miss.
    public func response(to request: ChatRequest, model: String) throws -> ChatResponse? {
        try response(for: Key(model: model, request: request))
    }

    /// The stored response under `key`, if any; counts a hit or a miss.
    func response(for key: Key) throws -> ChatResponse? {
        let found = try connection.withLock { connection in
            try connection.query("SELECT response FROM responses WHERE key = ?", [.text(key.hex)]) { row in
                row.withBlob(0) { ResponseCodec.decode($0) }
            }
        }
        guard let found else {
            counts.withLock { $0.misses += 1 }
            return nil
        }
        guard let response = found else {
            throw LanguageModelError(
                .cache,
                "\(url.path): the stored response for key \(key.hex) is not in this version's format; delete the file to start afresh")
        }
        counts.withLock { $0.hits += 1 }
        return response
    }

    /// Stores `response` to `request`, committing at once.
    ///
    /// A response already stored under the same key is kept.
    public func store(_ response: ChatResponse, for request: ChatRequest, model: String) throws {
        let parameters = Self.row(response, key: Key(model: model, request: request), model: model)
        try connection.withLock { try $0.insert(rows: [parameters]) }
        counts.withLock {
            $0.stores += 1
            $0.transactions += 1
        }
    }

    /// The stored response under `key`, looked up off the cooperative pool (``offPool(_:)``).
    func lookUp(_ key: Key) async throws -> ChatResponse? {
        try await offPool { try $0.response(for: key) }
    }

    /// Stores `response` under `key` in the next group commit, and returns once it is committed.
    ///
    /// A response already stored under the same key is kept.
    ///
    /// - Throws: the transaction's error, which every reply in it shares.
    func commit(_ response: ChatResponse, for key: Key, model: String) async throws {
        let parameters = Self.row(response, key: key, model: model)
        try await withCheckedThrowingContinuation { (caller: CheckedContinuation<Void, any Error>) in
            let leads = pendingStores.withLock { pending in
                pending.waiting.append(PendingStore(parameters: parameters, caller: caller))
                defer { pending.committing = true }
                return !pending.committing
            }
            if leads { lane.run { self.commitWaiting() } }
        }
    }

    /// Commits the replies waiting, in one transaction, then queues itself on the lane again when
    /// more have arrived meanwhile (behind the lookups that came first), until none is left.
    private func commitWaiting() {
        let batch = pendingStores.withLock { pending -> [PendingStore] in
            defer { pending.waiting = [] }
            return pending.waiting
        }
        let outcome = Result { try connection.withLock { try $0.insert(rows: batch.map(\.parameters)) } }
        if case .success = outcome {
            counts.withLock {
                $0.stores += batch.count
                $0.transactions += 1
            }
        }
        for store in batch { store.caller.resume(with: outcome) }
        let more = pendingStores.withLock { pending in
            if pending.waiting.isEmpty { pending.committing = false }
            return pending.committing
        }
        if more { lane.run { self.commitWaiting() } }
    }

    /// The `responses` row of `response` under `key`.
    private static func row(_ response: ChatResponse, key: Key, model: String) -> [SQLiteValue] {
        [
            .text(key.hex), .text(model), .text(String(decoding: key.canonical, as: UTF8.self)),
            .blob(ResponseCodec.encode(response)), .real(Date().timeIntervalSince1970),
        ]
    }

    /// Runs `body` with this cache on the cache's lane (``BlockingLane``), off Swift's cooperative
    /// pool, and resumes the caller with its result.
    ///
    /// A lookup or a commit may wait up to the busy timeout (10 s) for another
    /// process's write lock; on a cooperative thread (2 on a 2-core machine) that
    /// wait would hold up every task in the process. They share one connection,
    /// so they run one at a time anyway: on one lane, those that arrive together
    /// cost one thread hand-off.
    func offPool<T: Sendable>(_ body: @escaping @Sendable (ResponseCache) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            lane.run { continuation.resume(with: Result { try body(self) }) }
        }
    }

    /// The threads every cache's blocking calls run on.
    private static let threads = BlockingThreads(name: "judgecal.cache")
    /// This cache's lookups and commits, one after another on ``threads``.
    private let lane = BlockingLane(on: ResponseCache.threads)

    /// Runs `body` with the connection, behind the mutex (for the readers in other files of this type).
    func withConnection(_ body: (SQLiteConnection) throws -> Void) throws {
        try connection.withLock { try body($0) }
    }

    /// How many responses the file holds (from every process that wrote to it).
    public func count() throws -> Int {
        try connection.withLock { try $0.query("SELECT count(*) FROM responses", []) { $0.integer(0) } } ?? 0
    }
}
