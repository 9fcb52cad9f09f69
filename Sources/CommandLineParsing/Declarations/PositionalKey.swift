/// Something a ``Command`` lists among its positional arguments: a
/// ``Positional`` declaration, whatever type its value reads as.
public protocol PositionalDeclaration: Sendable {
    /// The positional as the parser and the help see it.
    var positional: Positional { get }
}

/// A positional argument declared once as a typed key: the command lists it
/// and reads it through it (`arguments[key]`), so that a misspelt name is a
/// compile error.
///
/// `Value` says what the argument is:
///
/// | declaration | `Value` | read |
/// |---|---|---|
/// | `PositionalKey<String>("run", help: …)` | `String` | the argument; the parser refuses a line without it |
/// | `PositionalKey<String?>("run", help: …)` | `String?` | the argument, or `nil` |
/// | `PositionalKey<[String]>("files", help: …)` | `[String]` | every remaining argument (only the last positional) |
public struct PositionalKey<Value: Sendable>: PositionalDeclaration {
    /// The positional as the parser and the help see it.
    public let positional: Positional
    /// The value from the texts given on the command line.
    let read: @Sendable (_ given: [String]) -> Value

    /// Declares a positional argument the command cannot run without.
    public init(_ name: String, help: String) where Value == String {
        positional = Positional(name, help: help)
        read = { given in
            guard let value = given.first else { preconditionFailure("the parser refuses a command line without <\(name)>") }
            return value
        }
    }

    /// Declares a positional argument that may be left out.
    public init(_ name: String, help: String) where Value == String? {
        positional = Positional(name, help: help, optional: true)
        read = { $0.first }
    }

    /// Declares a repeating positional argument: every remaining one, in order.
    ///
    /// - Parameter optional: whether there may be none.
    public init(_ name: String, help: String, optional: Bool = false) where Value == [String] {
        positional = Positional(name, help: help, optional: optional, repeating: true)
        read = { $0 }
    }
}
