import SQLiteKit
import StrataCore

/// A query checked against a schema and translated into one SQL statement with bound parameters.
public struct CompiledQuery: Sendable {
    /// The statement with the values it binds.
    public var statement: SQL
    public var classInfo: ClassInfo
    /// The result's columns, in order: one per property (links as the target's key, lists as a JSON
    /// array of keys).
    public var columns: [ResultColumn]
    /// How many values of each row come before the keys a page appends: the columns, then the link labels
    /// (`ResultColumn.labelIndex`).
    public var rowWidth: Int

    /// The statement's text, its parameters numbered `?1`, `?2`, … (what `--explain` shows).
    public var sql: String { statement.text }
    /// The values of `?1`, `?2`, …
    public var arguments: [SQLiteValue] { statement.arguments }
}

/// A query compiled once for paging (`QueryCompiler.pages(of:keysOnly:)`): each page's statement is put
/// together from these parts, its bounds and sizes bound as values, without compiling the query again.
///
/// In key order (no SORT, DISTINCT or LIMIT) a page is found by key (keyset paging: as fast on the last page
/// as on the first); a sorted result pages by position, LIMIT and OFFSET around the whole query.
public struct PagedQuery: Sendable {
    public let classInfo: ClassInfo
    public let columns: [ResultColumn]
    /// How many values of each row come before the keys (`CompiledQuery.rowWidth`).
    public let rowWidth: Int
    /// The columns, the link labels, the object key and, for a list's members, the position in the list.
    let selected: [SQL]
    /// What orders the result when nothing sorts it: the object key, or the position in the list.
    let key: [SQL]
    let from: SQL
    let condition: QueryCompiler.Condition
    /// The whole result with `selected`, in the order pages show it.
    let whole: SQL
    /// True when pages can be found by key: the result is in key order and there is a key.
    public let inKeyOrder: Bool

    /// The statement of one page, each row's key appended after its columns.
    public func compiled(_ page: Page) -> CompiledQuery {
        var statement: SQL
        if inKeyOrder && page.isKeyset {
            var condition = condition
            var order = key.map { SQLOrdering($0, ascending: !page.fromEnd) }
            if let bound = page.after ?? page.before, bound.count == key.count {
                let comparison: SQL = page.after != nil ? ">" : "<"
                condition = condition.and("\(SQL.row(key)) \(comparison) \(SQL.row(bound.map { value -> SQL in "\(value)" }))")
                if page.before != nil { order = key.map { SQLOrdering($0, ascending: false) } }
            }
            statement = "SELECT \(selected.joined(separator: ", ")) \(from)\(condition.whereClause)\(order.orderByClause) LIMIT \(Int64(page.size))"
            if page.offset > 0 { statement += " OFFSET \(Int64(page.offset))" }
        } else {
            statement = "SELECT * FROM \(parenthesized: whole) LIMIT \(Int64(page.size)) OFFSET \(Int64(page.offset))"
        }
        return CompiledQuery(statement: statement, classInfo: classInfo, columns: columns, rowWidth: rowWidth)
    }
}

/// Which page of a result to compile (see `QueryCompiler.compile(_:key:page:)`).
public struct Page: Sendable, Equatable {
    /// Rows per page; ask for one more than shown to learn whether more follow. `Page.unlimited` for all.
    public var size: Int
    /// Keyset paging: the rows after this key, or before it (read backwards), or from the end.
    public var after: [SQLiteValue]?
    public var before: [SQLiteValue]?
    public var fromEnd = false
    /// Positional paging, for sorted results; with `after`, rows skipped past that key.
    public var offset = 0
    /// Only the keys (the object key, then the list position when browsing a list), no properties:
    /// what a census of the result reads.
    public var keysOnly = false
    public var isKeyset: Bool { offset == 0 || after != nil || before != nil || fromEnd }

    /// The size of a page with no end (SQLite's `LIMIT -1`).
    public static let unlimited = -1

    /// Every object's key, no properties: what picks objects by key, counts a result or takes its census.
    public static let allKeys = Page(size: unlimited, keysOnly: true)

    public init(size: Int, after: [SQLiteValue]? = nil, before: [SQLiteValue]? = nil, fromEnd: Bool = false, offset: Int = 0,
                keysOnly: Bool = false)
    {
        self.size = size
        self.after = after
        self.before = before
        self.fromEnd = fromEnd
        self.offset = offset
        self.keysOnly = keysOnly
    }
}

/// The objects of one object's list, in list order: a query over the list's class compiled with these
/// ranges over the list table instead of the whole class, and pages by position in the list.
public struct ListMembers: Sendable, Equatable {
    /// Where the list's entries are, and the key of the object that owns the list.
    public var storage: ListStorage
    public var owner: SQLiteValue

    public init(storage: ListStorage, owner: SQLiteValue) {
        self.storage = storage
        self.owner = owner
    }
}
