import CSQLite
import Foundation

/// `SQLITE_TRANSIENT`: tells SQLite to copy bound text before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One SQLite connection with its prepared statements.
///
/// Not thread-safe: ``ResponseCache`` keeps it behind a mutex.
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    /// The database file, for error messages.
    let path: String

    /// Opens (creating if needed) the database at `path`.
    init(path: String) throws {
        self.path = path
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(handle)
            throw LanguageModelError(.cache, "cannot open the response cache \(path): \(message)")
        }
        self.handle = handle
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), doing: sql)
    }

    /// Inserts `rows` into `responses` in one transaction (`BEGIN IMMEDIATE`, so a writer of another
    /// process is waited for by the busy timeout), keeping a row already stored under the same key;
    /// on any error the transaction is rolled back and nothing of it is stored.
    func insert(rows: [[SQLiteValue]]) throws {
        let sql = "INSERT OR IGNORE INTO responses (key, model, request, response, created_at) VALUES (?, ?, ?, ?, ?)"
        try execute("BEGIN IMMEDIATE")
        do {
            for row in rows { _ = try query(sql, row) { _ in } }
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs a prepared (and kept) statement with `parameters`, reading the
    /// first row it returns, if any, with `read`.
    func query<T>(_ sql: String, _ parameters: [SQLiteValue], readingFirstRow read: (SQLiteRow) throws -> T) throws -> T? {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(parameters, to: statement, doing: sql)
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return try read(SQLiteRow(statement: statement))
        case SQLITE_DONE: return nil
        case let status:
            try check(status, doing: sql)
            return nil
        }
    }

    /// Runs a statement without parameters and reads every row it returns, in order, with `read`.
    func forEachRow(_ sql: String, reading read: (SQLiteRow) throws -> Void) throws {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: try read(SQLiteRow(statement: statement))
            case SQLITE_DONE: return
            case let status:
                try check(status, doing: sql)
                return
            }
        }
    }

    private func bind(_ parameters: [SQLiteValue], to statement: OpaquePointer, doing sql: String) throws {
        for (index, parameter) in parameters.enumerated() {
            let position = Int32(index + 1)
            let status =
                switch parameter {
                case .text(let text): sqlite3_bind_text(statement, position, text, -1, transient)
                case .blob(let bytes):
                    bytes.withUnsafeBytes { sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), transient) }
                case .real(let number): sqlite3_bind_double(statement, position, number)
                }
            try check(status, doing: sql)
        }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil), doing: sql)
        guard let statement else { throw LanguageModelError(.cache, "\(path): empty statement \(sql)") }
        statements[sql] = statement
        return statement
    }

    private func check(_ status: Int32, doing sql: String) throws {
        guard status != SQLITE_OK && status != SQLITE_DONE && status != SQLITE_ROW else { return }
        let message = String(cString: sqlite3_errmsg(handle))
        throw LanguageModelError(.cache, "response cache \(path): \(message) (while running: \(sql.prefix(60))…)")
    }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case text(String)
    case blob([UInt8])
    case real(Double)
}

/// The current row of a statement, valid only inside the reading closure.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    /// Column `column` (0-based) as an integer.
    func integer(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(statement, column))
    }

    /// Column `column` as text (UTF-8); empty for NULL.
    func text(_ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    /// Calls `body` with the bytes of column `column`, valid only during the call.
    func withBlob<R>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let count = Int(sqlite3_column_bytes(statement, column))
        return try body(UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, column), count: count))
    }
}
