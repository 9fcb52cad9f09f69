import CSQLite
import Foundation

/// `SQLITE_TRANSIENT`: tells SQLite to copy bound text before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One SQLite connection with its prepared statements. Not thread-safe:
/// ``ResponseCache`` keeps it behind a mutex.
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

    /// Runs a prepared (and kept) statement with text parameters, returning
    /// the text columns of the first row, if any.
    func query(_ sql: String, _ parameters: [String?]) throws -> [String?]? {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, parameter) in parameters.enumerated() {
            let position = Int32(index + 1)
            let status =
                if let parameter {
                    sqlite3_bind_text(statement, position, parameter, -1, transient)
                } else {
                    sqlite3_bind_null(statement, position)
                }
            try check(status, doing: sql)
        }
        switch sqlite3_step(statement) {
        case SQLITE_ROW:
            return (0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) }
            }
        case SQLITE_DONE:
            return nil
        case let status:
            try check(status, doing: sql)
            return nil
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
