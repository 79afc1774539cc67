import SQLiteKit
import StrataCore
import StrataQuery

/// The result the REPL pages through: a class, a query, one object's list or an `sql` statement's rows, one
/// page at a time.
///
/// In key order (a class, or a query without SORT, DISTINCT or LIMIT; a list in list order) pages are
/// found by key (keyset paging), so `next`, `prev` and `last` cost the same deep in a big class as at its
/// start, and `page N` seeks through a census of the result once one is taken. A sorted result pages by
/// position, and so does an `sql` result, by running its statement again.
final class Browser {
    /// The query shown; nil for an `sql` result.
    let query: Query?
    /// The statement of an `sql` result: rows, not objects (no keys to open).
    let sql: String?
    let title: String
    let pageSize: Int
    /// Set when the result is the objects of a list, in list order.
    let members: ListMembers?
    /// Where the current page starts, from 0; nil when not known (paging back from the end before
    /// the result was counted).
    private(set) var position: Int? = 0
    private(set) var rows: [[SQLiteValue]] = []
    /// The object key of each row, for `open #ROW`.
    private(set) var keys: [[SQLiteValue]] = []
    /// What keyset paging goes on from: the object key, or the position in the list.
    private var cursors: [[SQLiteValue]] = []
    private(set) var columns: [ResultColumn] = []
    private(set) var hasMore = false
    private(set) var hasLess = false
    /// Taken in the background in an interactive session; nil in scripts, whose output must not depend on timing.
    private var census: Census?
    /// Known once `count` had to count without a census.
    private var counted: Int?
    private let keyWidth: Int
    private let cursorWidth: Int

    /// Checks the query (`text` is what it was parsed from, for the position of an error).
    init(query: Query, text: String, title: String, pageSize: Int, members: ListMembers? = nil, session: DatabaseSession) throws {
        self.query = query
        self.sql = nil
        self.title = title
        self.pageSize = max(1, pageSize)
        self.members = members
        var compiler = QueryCompiler(schema: session.schema, connection: session.connection, text: text)
        compiler.members = members
        let compiled = try compiler.compile(query)
        keyWidth = compiler.keySQL(compiled.classInfo, alias: "t0").count
        cursorWidth = members == nil ? keyWidth : 1
    }

    /// The rows of a read-only SQL statement, paged by position.
    init(sql: String, title: String, pageSize: Int) {
        self.query = nil
        self.sql = sql
        self.title = title
        self.pageSize = max(1, pageSize)
        self.members = nil
        keyWidth = 0
        cursorWidth = 0
    }

    /// True when pages are found by key rather than by position.
    var isKeyset: Bool { query?.stages.isEmpty == true && cursorWidth > 0 }

    /// The class whose objects the result holds; nil for an `sql` result.
    var className: String? { query?.className }

    /// The number of objects in the whole result, if known yet.
    var total: Int? { census?.count ?? counted }

    /// The current page's number, counting from 1, if known.
    var pageNumber: Int? { position.map { $0 / pageSize + 1 } }

    /// The number of pages, if the result is counted.
    var pageCount: Int? { total.map { max(1, ($0 + pageSize - 1) / pageSize) } }

    /// Loads the first page.
    func first(_ session: DatabaseSession) throws {
        try load(Page(size: pageSize + 1), session, position: 0)
    }

    func next(_ session: DatabaseSession) throws {
        guard hasMore else { throw StrataError("already on the last page") }
        if isKeyset, let last = cursors.last {
            try load(Page(size: pageSize + 1, after: last), session, position: position.map { $0 + pageSize })
        } else {
            let start = (position ?? 0) + pageSize
            try load(Page(size: pageSize + 1, offset: start), session, position: start)
        }
    }

    func previous(_ session: DatabaseSession) throws {
        guard hasLess else { throw StrataError("already on the first page") }
        if isKeyset, let first = cursors.first {
            try load(Page(size: pageSize + 1, before: first), session, position: position.map { max(0, $0 - pageSize) },
                     backwards: true)
        } else {
            let start = max(0, (position ?? pageSize) - pageSize)
            try load(Page(size: pageSize + 1, offset: start), session, position: start)
        }
    }

    func last(_ session: DatabaseSession) throws {
        if let pageCount {
            try page(pageCount, session)
        } else if isKeyset {
            // The end found by key, without counting: the page's number stays unknown.
            try load(Page(size: pageSize + 1, fromEnd: true), session, position: nil, backwards: true)
        } else {
            _ = try count(session)
            try page(pageCount ?? 1, session)
        }
    }

    /// Page `number` by position, whatever the order.
    func page(_ number: Int, _ session: DatabaseSession) throws {
        guard number >= 1 else { throw StrataError("pages count from 1") }
        let noSuchPage = StrataError("there is no page \(number)" + (pageCount.map { ": the last is page \($0)" } ?? ""))
        let start = (number - 1) * pageSize
        if let total, start >= max(total, 1) { throw noSuchPage }
        if isKeyset && start > 0 {
            if let (after, skip) = census?.seek(start) {
                try load(Page(size: pageSize + 1, after: after, offset: skip), session, position: start, mustExist: true)
            } else {
                // No census this far yet: skip to the page reading keys only, which costs far less than rows.
                let compiled = try compile(Page(size: 1, offset: start - 1, keysOnly: true), session)
                guard let row = try session.runner.rows(compiled).first else { throw noSuchPage }
                try load(Page(size: pageSize + 1, after: Array(row.suffix(cursorWidth))), session, position: start, mustExist: true)
            }
        } else {
            try load(Page(size: pageSize + 1, offset: start), session, position: start, mustExist: start > 0)
        }
    }

    /// The number of objects in the whole result: from the census, waiting for it if it is running
    /// (Ctrl-C stops the wait), else counted now.
    func count(_ session: DatabaseSession) throws -> Int {
        if let total { return total }
        if let sql {
            let rows = try readSQL(sql, session, skipping: Int.max)
            counted = rows.skipped
            return rows.skipped
        }
        if let census, census.isLive, let counted = census.wait(until: { InterruptSignal.fired }) { return counted }
        if InterruptSignal.fired { throw StrataError.interrupted }
        let compiled = try compile(Page.allKeys, session)
        // A view may never end (a recursive one): it is counted for at most --timeout, as `classes` does.
        let limit = Double(session.timeout) / 1000
        let deadline = compiled.classInfo.kind == .view ? Deadline(session.connection.interruptHandle, after: limit) : nil
        defer { deadline?.cancel() }
        let result: Int64
        do {
            result = try session.connection.scalar("SELECT count(*) FROM (" + compiled.sql + ")", compiled.arguments).int64 ?? 0
        } catch ResultCode.interrupt where deadline?.hasPassed == true {
            throw StrataError("cannot count \(compiled.classInfo.name): \(ObjectCounter.stillCounting(after: limit)) "
                              + "(a view is counted for at most --timeout seconds)")
        }
        counted = Int(result)
        return Int(result)
    }

    /// Starts counting the result and indexing its pages: on another connection in the background when
    /// the file allows one, else (an in-memory database) now.
    func startCensus(_ session: DatabaseSession) throws {
        // An sql result is counted when asked: its statement may be anything, and is run once per page.
        if sql != nil { return }
        if let census, census.isLive { return }
        let compiled = try compile(Page.allKeys, session)
        let width = isKeyset ? cursorWidth : 0
        if let open = session.openAnother {
            census = Census.start(compiled, keyWidth: width, open: open)
        } else {
            census = try Census.take(compiled, keyWidth: width, runner: session.runner)
        }
    }

    /// Stops an unfinished census, for a result that is no longer shown; `startCensus` begins it again.
    func stopCensus() {
        if let census, census.count == nil { census.cancel() }
    }

    /// The whole result in the order pages show it, for `export`.
    func compileWhole(_ session: DatabaseSession) throws -> CompiledQuery {
        guard let query else { throw StrataError("an sql result has no query to compile") }
        var compiler = QueryCompiler(schema: session.schema, connection: session.connection, text: "")
        compiler.members = members
        return try compiler.compile(query)
    }

    private func compile(_ page: Page, _ session: DatabaseSession) throws -> CompiledQuery {
        guard let query else { throw StrataError("an sql result has no query to compile") }
        var compiler = QueryCompiler(schema: session.schema, connection: session.connection, text: "")
        compiler.members = members
        compiler.labelsLinks = true
        return try compiler.compile(query, page: page)
    }

    /// Reads the page shown again, after an edit: the same request, and the count forgotten (a new census
    /// starts when the REPL makes the result current again).
    func reload(_ session: DatabaseSession) throws {
        stopCensus()
        census = nil
        counted = nil
        guard let (page, position, backwards) = lastLoad else { return try first(session) }
        try load(page, session, position: position, backwards: backwards)
    }

    /// What `load` was last asked, for `reload`.
    private var lastLoad: (Page, Int?, Bool)?

    private func load(_ page: Page, _ session: DatabaseSession, position: Int?, backwards: Bool = false, mustExist: Bool = false) throws {
        lastLoad = (page, position, backwards)
        if let sql { return try loadSQL(sql, page, session, position: position ?? 0, mustExist: mustExist) }
        let compiled = try compile(page, session)
        var fetched = try session.runner.rows(compiled)
        if fetched.isEmpty && mustExist {
            throw StrataError("there is no page \((position ?? 0) / pageSize + 1)" + (pageCount.map { ": the last is page \($0)" } ?? ""))
        }
        // One row more than a page was asked for: its presence says whether the result goes on.
        let more = fetched.count > pageSize
        if more { fetched.removeLast() }
        if backwards { fetched.reverse() }
        let width = compiled.rowWidth
        columns = compiled.columns
        rows = fetched.map { Array($0.prefix(width)) }
        keys = fetched.map { Array($0[width..<min($0.count, width + keyWidth)]) }
        cursors = fetched.map { Array($0.suffix(cursorWidth)) }
        // Read backwards to the very start: the page is the first, whatever was known before.
        self.position = backwards && !more ? 0 : position
        if page.fromEnd {
            hasMore = false
            hasLess = more
        } else if page.before != nil {
            hasMore = true
            hasLess = more
        } else {
            hasMore = more
            hasLess = (position.map { $0 > 0 } ?? true) || page.after != nil
        }
    }

    // MARK: - SQL results

    /// Runs the statement again, skips `skipping` rows and reads up to `reading` more: what a page of an sql
    /// result costs is the rows before it, as for any OFFSET.
    private func readSQL(_ sql: String, _ session: DatabaseSession, skipping: Int, reading: Int = 0)
        throws -> (names: [String], rows: [[SQLiteValue]], skipped: Int)
    {
        do {
            return try session.connection.withReadOnlyStatement(sql) { statement in
                let names = statement.columnNames
                var skipped = 0
                var rows: [[SQLiteValue]] = []
                while skipped < skipping || rows.count < reading, try statement.step() {
                    if skipped < skipping {
                        skipped += 1
                    } else {
                        rows.append((0..<names.count).map { statement.column($0) })
                    }
                }
                return (names, rows, skipped)
            }
        } catch let error as ReadOnlySQLError {
            throw StrataError("sql only reads: \(error.reason)")
        }
    }

    private func loadSQL(_ sql: String, _ page: Page, _ session: DatabaseSession, position: Int, mustExist: Bool) throws {
        let read = try readSQL(sql, session, skipping: position, reading: page.size)
        if read.rows.isEmpty && mustExist {
            throw StrataError("there is no page \(position / pageSize + 1)" + (pageCount.map { ": the last is page \($0)" } ?? ""))
        }
        columns = read.names.map { ResultColumn(property: Property(name: $0, type: .any)) }
        rows = Array(read.rows.prefix(pageSize))
        keys = []
        cursors = []
        self.position = position
        hasMore = read.rows.count > pageSize
        hasLess = position > 0
        if !hasMore { counted = position + rows.count }
    }
}
