import SQLiteKit

/// The result the REPL pages through: a class or a query, one page at a time.
///
/// In key order (a class, or a query without SORT, DISTINCT or LIMIT) pages are found by key (keyset
/// paging), so the last page costs what the first does. A sorted result pages by position.
final class Browser {
    let query: Query
    let title: String
    let pageSize: Int
    /// The current page's number; nil after `last` in key order, which finds the end without counting.
    private(set) var pageNumber: Int? = 1
    private(set) var rows: [[SQLiteValue]] = []
    private(set) var keys: [[SQLiteValue]] = []
    private(set) var columns: [ResultColumn] = []
    private(set) var hasMore = false
    private(set) var hasLess = false
    /// Known once `last` had to count a sorted result.
    private var total: Int?

    init(query: Query, title: String, pageSize: Int) {
        self.query = query
        self.title = title
        self.pageSize = max(1, pageSize)
    }

    var isKeyOrdered: Bool { query.stages.isEmpty }

    /// Loads the first page.
    func first(_ context: REPLContext) throws {
        try load(Page(size: pageSize + 1), context, number: 1)
    }

    func next(_ context: REPLContext) throws {
        guard hasMore else { throw StrataError("already on the last page") }
        if isKeyOrdered, let last = keys.last {
            try load(Page(size: pageSize + 1, after: last), context, number: pageNumber.map { $0 + 1 })
        } else {
            let number = pageNumber ?? 1
            try load(Page(size: pageSize + 1, offset: number * pageSize), context, number: number + 1)
        }
    }

    func previous(_ context: REPLContext) throws {
        guard hasLess else { throw StrataError("already on the first page") }
        if isKeyOrdered, let first = keys.first {
            try load(Page(size: pageSize + 1, before: first), context, number: pageNumber.map { $0 - 1 }, backwards: true)
        } else {
            let number = pageNumber ?? 2
            try load(Page(size: pageSize + 1, offset: (number - 2) * pageSize), context, number: number - 1)
        }
    }

    func last(_ context: REPLContext) throws {
        if isKeyOrdered {
            try load(Page(size: pageSize + 1, fromEnd: true), context, number: nil, backwards: true)
        } else {
            let count = try self.count(context)
            let lastPage = max(1, (count + pageSize - 1) / pageSize)
            try page(lastPage, context)
        }
    }

    /// Page `number` by position (OFFSET), whatever the order.
    func page(_ number: Int, _ context: REPLContext) throws {
        guard number >= 1 else { throw StrataError("pages count from 1") }
        try load(Page(size: pageSize + 1, offset: (number - 1) * pageSize), context, number: number)
        if rows.isEmpty && number > 1 { throw StrataError("there is no page \(number)") }
    }

    /// The number of objects in the whole result, counted on demand.
    func count(_ context: REPLContext) throws -> Int {
        if let total { return total }
        var compiler = QueryCompiler(schema: context.schema, connection: context.connection, text: "")
        let compiled = try compiler.compile(query)
        let counted = try context.connection.scalar("SELECT count(*) FROM (" + compiled.sql + ")", compiled.arguments).int64 ?? 0
        total = Int(counted)
        return Int(counted)
    }

    private func load(_ page: Page, _ context: REPLContext, number: Int?, backwards: Bool = false) throws {
        var compiler = QueryCompiler(schema: context.schema, connection: context.connection, text: "")
        let compiled = try compiler.compile(query, page: page)
        var fetched = try context.runner.rows(compiled)
        // One row more than a page was asked for: its presence says whether the result goes on.
        let more = fetched.count > pageSize
        if more { fetched.removeLast() }
        if backwards { fetched.reverse() }
        let width = compiled.columns.count
        columns = compiled.columns
        rows = fetched.map { Array($0.prefix(width)) }
        keys = fetched.map { Array($0.dropFirst(width)) }
        pageNumber = page.fromEnd ? nil : number
        if page.fromEnd {
            hasMore = false
            hasLess = more
        } else if page.before != nil {
            hasMore = true
            hasLess = more
        } else {
            hasMore = more
            hasLess = (number ?? 2) > 1 || page.after != nil
        }
    }
}

/// What the REPL's commands work with.
struct REPLContext {
    let connection: Connection
    let schema: Schema
    let runner: QueryRunner
    let path: String
}
