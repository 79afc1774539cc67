/// A fixture that cannot be written as asked (an unknown entity, attribute or object id, a value of the wrong
/// kind): a mistake in the test, told in one line that names it.
public struct CoreDataFixtureError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
