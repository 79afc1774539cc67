import SQLiteKit
import StrataCore
import StrataQuery
import StrataRender

/// `strata sql FILE STATEMENT`: one SQL statement that only reads, its rows streamed in any format.
///
/// The statement is vetted as the browser's `sql` vets it (`Connection.withReadOnlyStatement`): one that
/// would change the file or the connection is refused before it runs, with the browser's message.
struct SQLCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let sql = parsed.required(Self.statement)
        guard !ReadOnlySQL.isTrivia(Substring(sql)) else { throw StrataError("sql needs a statement") }
        let session = try DatabaseSession(parsed, context: context)
        let format = parsed.format
        let width = parsed.outputWidth(context, format: format)
        let style = parsed.style(context)
        let arguments = parsed.values(Options.sqlArg).map(Self.value)
        do {
            try session.connection.withReadOnlyStatement(sql) { statement in
                try Self.bind(arguments, to: statement)
                // Typed as the browser's sql types them: each value as stored. A statement with no result columns
                // (a PRAGMA that reports nothing) runs and says nothing.
                let columns = statement.columnNames.map { ResultColumn(property: Property(name: $0, type: .any)) }
                try QueryCommand.stream(statement, columns: columns, className: "row", session: session, format: format,
                                        style: style, maxWidth: width, noun: ("row", "rows"), context: context)
            }
        } catch let error as ReadOnlySQLError {
            throw StrataError("sql only reads: \(error.reason)")
        } catch let error as StrataError {
            throw error
        } catch {
            throw DatabaseFile.describe(error, path: session.path, timeout: session.timeout)
        }
    }

    static let statement = ArgumentSpec(
        "STATEMENT", help: "one SQL statement that only reads, such as 'SELECT name FROM Task WHERE done = ?1'")

    /// An `--arg` as SQLite would take it: an integer or a decimal number written as SQLite writes it binds as
    /// a number, anything else (`007`, `1e3`, `x`) as text.
    static func value(_ text: String) -> SQLiteValue {
        if let integer = Int64(text), String(integer) == text { return .integer(integer) }
        if text.contains("."), let real = Double(text), real.isFinite, String(real) == text { return .real(real) }
        return .text(text)
    }

    /// Binds `arguments` to `?1`, `?2`, …: a count that does not match the statement's parameters is an error
    /// rather than a NULL nobody asked for.
    static func bind(_ arguments: [SQLiteValue], to statement: Statement) throws {
        let count = statement.parameterCount
        guard arguments.count == count else {
            let given = "\(arguments.count) --arg \(arguments.count == 1 ? "was" : "were") given"
            switch count {
            case 0: throw StrataError("the statement takes no parameters, but \(given)")
            case 1: throw StrataError("the statement takes 1 parameter (?1), but \(given)")
            default: throw StrataError("the statement takes \(count) parameters (?1 to ?\(count)), but \(given)")
            }
        }
        try statement.bind(arguments)
    }
}
