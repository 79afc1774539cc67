import SQLiteKit
import StrataCore

/// A result paged through one page at a time: a class, a query, one object's list or a read-only SQL
/// statement's rows. The browser shows it; this type knows nothing of terminals.
///
/// In key order (a class, or a query without SORT, DISTINCT or LIMIT; a list in list order) pages are
/// found by key (keyset paging), so `next`, `prev` and `last` cost the same deep in a big class as at its
/// start, and `page N` seeks through a census of the result once one is taken. A sorted result pages by
/// position, and so does an `sql` result, by running its statement again.
///
/// The query is compiled once, when the pager is made: each page's statement is put together from it with
/// the page's bounds bound as values (`PagedQuery`), and so are the census's, a count's and a seek's.
public final class ResultPager {
    /// The query shown; nil for an `sql` result.
    public let query: Query?
    /// The statement of an `sql` result: rows, not objects (no keys to open).
    public let sql: String?
    /// What the result is called where it is shown: the query as typed, `sql …`.
    public let title: String
    /// Rows per page.
    public private(set) var pageSize: Int
    /// Set when the result is the objects of a list, in list order.
    public let members: ListMembers?
    /// Where the current page starts, from 0; nil when not known (paging back from the end before
    /// the result was counted).
    public private(set) var position: Int? = 0
    /// The page's rows as shown: huge values shortened unless `wholeValues` (`ShownRow`).
    public private(set) var rows: [ShownRow] = []
    /// Read every value whole, as the JSON and CSV modes need; else texts and blobs beyond `ShownRow.limit`
    /// are read shortened, so that a page of huge values costs what reading it costs SQLite.
    public var wholeValues = false
    /// The object key of each row, for `open #ROW`.
    public private(set) var keys: [[SQLiteValue]] = []
    /// What keyset paging goes on from: the object key, or the position in the list.
    private var cursors: [[SQLiteValue]] = []
    public private(set) var columns: [ResultColumn] = []
    public private(set) var hasMore = false
    public private(set) var hasLess = false
    /// Taken in the background in an interactive session; nil in scripts, whose output must not depend on timing.
    private var census: Census?
    /// Known once `count` had to count without a census.
    private var counted: Int?
    private let keyWidth: Int
    private let cursorWidth: Int
    /// The query compiled for pages of rows (with link labels); nil for an `sql` result.
    private let pages: PagedQuery?
    /// The query compiled for its keys alone (a census, a count, a seek), once first asked for.
    private var keyPages: PagedQuery?

    /// Checks the query (`text` is what it was parsed from, for the position of an error).
    public init(query: Query, text: String, title: String, pageSize: Int, members: ListMembers? = nil, session: DatabaseSession) throws {
        self.query = query
        self.sql = nil
        self.title = title
        self.pageSize = max(1, pageSize)
        self.members = members
        var compiler = Self.compiler(for: query, members: members, session: session, text: text)
        let pages = try compiler.pages(of: query)
        self.pages = pages
        keyWidth = pages.classInfo.objectKey.count
        cursorWidth = members == nil ? keyWidth : 1
    }

    /// The rows of a read-only SQL statement, paged by position.
    public init(sql: String, title: String, pageSize: Int) {
        self.query = nil
        self.sql = sql
        self.title = title
        self.pageSize = max(1, pageSize)
        self.members = nil
        pages = nil
        keyWidth = 0
        cursorWidth = 0
    }

    /// True when pages are found by key rather than by position.
    public var isKeyset: Bool { query?.stages.isEmpty == true && cursorWidth > 0 }

    /// The class whose objects the result holds; nil for an `sql` result.
    public var className: String? { query?.className }

    /// The number of objects in the whole result, if known yet.
    public var total: Int? { census?.count ?? counted }

    /// The current page's number, counting from 1, if known.
    public var pageNumber: Int? { position.map { $0 / pageSize + 1 } }

    /// The number of pages, if the result is counted.
    public var pageCount: Int? { total.map { max(1, ($0 + pageSize - 1) / pageSize) } }

    /// Loads the first page.
    public func first(_ session: DatabaseSession) throws {
        try load(Page(size: pageSize + 1), session, position: 0)
    }

    public func next(_ session: DatabaseSession) throws {
        guard hasMore else { throw StrataError("already on the last page") }
        if isKeyset, let last = cursors.last {
            try load(Page(size: pageSize + 1, after: last), session, position: position.map { $0 + pageSize })
        } else {
            let start = (position ?? 0) + pageSize
            try load(Page(size: pageSize + 1, offset: start), session, position: start)
        }
    }

    public func previous(_ session: DatabaseSession) throws {
        guard hasLess else { throw StrataError("already on the first page") }
        if isKeyset, let first = cursors.first {
            try load(Page(size: pageSize + 1, before: first), session, position: position.map { max(0, $0 - pageSize) },
                     backwards: true)
        } else {
            let start = max(0, (position ?? pageSize) - pageSize)
            try load(Page(size: pageSize + 1, offset: start), session, position: start)
        }
    }

    public func last(_ session: DatabaseSession) throws {
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
    ///
    /// In key order, a page the census has passed is found by its key. Before that, the key of the object
    /// just before the page is read with OFFSET on the keys alone, from the nearer end once the result is
    /// counted; a whole table is counted first (which costs less than skipping) when its rowids put the
    /// page near its end. The census is paused meanwhile, and the keys and the page are read in one
    /// transaction, so that they come from the same state of the file.
    public func page(_ number: Int, _ session: DatabaseSession) throws {
        guard number >= 1 else { throw StrataError("pages count from 1") }
        let (start, overflow) = (number - 1).multipliedReportingOverflow(by: pageSize)
        if overflow { throw noSuchPage(number, session) }
        if let total, start >= max(total, 1) { throw noSuchPage(number, session) }
        try pausingCensus {
            if isKeyset && start > 0 {
                try session.connection.savepoint("strata_page") {
                    if let (after, skip) = census?.seek(start) {
                        try load(Page(size: pageSize + 1, after: after, offset: skip), session, position: start, mustExist: true)
                    } else if let after = try key(at: start - 1, session) {
                        try load(Page(size: pageSize + 1, after: after), session, position: start, mustExist: true)
                    } else {
                        throw noSuchPage(number, session)
                    }
                }
            } else {
                try load(Page(size: pageSize + 1, offset: start), session, position: start, mustExist: start > 0)
            }
        }
    }

    /// The paging key of the object at `position` (from 0) in key order, read without a census; nil past
    /// the end.
    private func key(at position: Int, _ session: DatabaseSession) throws -> [SQLiteValue]? {
        if total == nil, let estimate = try rowIDRange(session)?.span, Double(position) >= Self.countFirst * estimate {
            counted = try countNow(session)
        }
        var page = Page(size: 1, offset: position, keysOnly: true)
        if let total {
            guard position < total else { return nil }
            // From the end: as many keys skipped as there are after the position.
            if position >= total / 2 { page = Page(size: 1, fromEnd: true, offset: total - 1 - position, keysOnly: true) }
        }
        return try session.runner.rows(try compile(page, session)).first.map { Array($0.suffix(cursorWidth)) }
    }

    /// How deep in a whole table (as a share of its rowids' span) a page must be for counting it first to
    /// cost less than skipping to the page: a count reads the table's pages as a skip does but steps no
    /// rows (about 0.7 to 0.85 of a skip's time, measured on 10,000,000 rows), then the page is reached
    /// from the end.
    static let countFirst = 0.9

    /// For a whole table keyed by its rowid, its least rowid and `max(rowid) - min(rowid) + 1`, which no count
    /// exceeds (two seeks); nil for anything else, or an empty table.
    private func rowIDRange(_ session: DatabaseSession) throws -> (least: Double, span: Double)? {
        guard let info = fastCountable(session), let rowID = info.rowIDColumn() else { return nil }
        let keyedByRowID = switch info.objectKey {
        case .rowid: true
        case .columns(let columns): info.rowIDAlias.map { columns == [$0] } ?? false
        case .none: false
        }
        guard keyedByRowID else { return nil }
        // Two subqueries, so that each is one seek (SQLite's min/max optimization takes one aggregate).
        // In floating point: the span of the extreme rowids does not fit in an Int64.
        let table = SQL.identifier(info.tableName)
        let row = try session.connection.rows("SELECT CAST((SELECT min(\(rowID)) FROM \(table)) AS REAL), "
                                              + "CAST((SELECT max(\(rowID)) FROM \(table)) AS REAL)" as SQL).first
        guard let least = row?[0].double, let most = row?[1].double else { return nil }
        return (least, most - least + 1)
    }

    /// The class, when the result is all of a table's rows, which `SELECT count(*)` counts without stepping
    /// through them (SQLite reads the b-tree's pages, or those of its narrowest index).
    private func fastCountable(_ session: DatabaseSession) -> ClassInfo? {
        guard let query, members == nil, query.predicate == .truePredicate, query.stages.isEmpty,
              let info = session.schema.class(named: query.className), info.kind == .table, !info.isVirtual,
              info.entityCondition(alias: nil) == nil
        else { return nil }
        return info
    }

    /// `there is no page N`, with the last page when the result can be counted (a count it could not
    /// finish leaves that out).
    private func noSuchPage(_ number: Int, _ session: DatabaseSession) -> StrataError {
        if total == nil, let counted = try? countNow(session) { self.counted = counted }
        return StrataError("there is no page \(number)" + (pageCount.map { ": the last is page \($0)" } ?? ""))
    }

    /// Runs `body` with the census, if one is running, paused.
    private func pausingCensus<T>(_ body: () throws -> T) rethrows -> T {
        guard let census else { return try body() }
        return try census.pausing(body)
    }

    /// The number of objects in the whole result: from the census, waiting for it if it is running
    /// (Ctrl-C stops the wait), else counted now.
    public func count(_ session: DatabaseSession) throws -> Int {
        // A running census is waited for even when the count is known: once it ends, every page is found by key.
        if let census, census.isLive, let counted = census.wait(until: { InterruptSignal.fired }) { return counted }
        if let total { return total }
        if InterruptSignal.fired { throw StrataError.interrupted }
        let result = try countNow(session)
        counted = result
        return result
    }

    /// Waits up to `seconds` for a running census, so that a result counted that fast shows its count on its first
    /// page; true when the count is known.
    ///
    /// A whole table keyed by its rowid is not waited for once the census's way through its rowids says that it
    /// cannot end in time: a big table's first page shows at once, its count later.
    @discardableResult
    public func awaitCount(for seconds: Double, _ session: DatabaseSession) -> Bool {
        guard total == nil, let census, census.isLive else { return total != nil }
        let deadline = Platform.monotonicSeconds() + seconds
        let range = isKeyset && cursorWidth == 1 ? (try? rowIDRange(session)) ?? nil : nil
        let counted = census.wait(until: { () -> Bool in
            let now = Platform.monotonicSeconds()
            if now >= deadline || InterruptSignal.fired { return true }
            guard let range, let (started, key) = census.progress, let rowID = key.first?.double else { return false }
            // The share of the rowids passed so far, at the pace so far, puts the end after the deadline.
            let done = (rowID - range.least + 1) / range.span
            return done > 0 && now - started > Self.paceAfter && started + (now - started) / done > deadline
        })
        return counted != nil
    }

    /// How long a census runs before its pace says when it ends, in seconds: past its start on another connection.
    static let paceAfter = 0.01

    /// Counts the result on the session's connection, without the census.
    private func countNow(_ session: DatabaseSession) throws -> Int {
        if let sql { return try readSQL(sql, session, skipping: Int.max).skipped }
        let counter = ObjectCounter(connection: session.connection)
        if let info = fastCountable(session) { return Int(try counter.count(info)) }
        let compiled = try compile(Page.allKeys, session)
        // A view may never end (a recursive one): it is counted for at most --timeout, as `classes` does.
        let limit = Double(session.timeout) / 1000
        do {
            return Int(try counter.count(SQL.count(of: compiled.statement), isView: compiled.classInfo.kind == .view, viewLimit: limit))
        } catch let error as ObjectCounter.StillCounting {
            throw StrataError("cannot count \(compiled.classInfo.name): \(error) (a view is counted for at most --timeout seconds)")
        }
    }

    /// Starts counting the result and indexing its pages: on another connection in the background when
    /// the file allows one, else (an in-memory database) now.
    public func startCensus(_ session: DatabaseSession) throws {
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
    public func stopCensus() {
        if let census, census.count == nil { census.cancel() }
    }

    /// The whole result in the order pages show it, without link labels, for `export`.
    public func compileWhole(_ session: DatabaseSession) throws -> CompiledQuery {
        guard let query else { throw StrataError("an sql result has no query to compile") }
        var compiler = QueryCompiler(schema: session.schema, connection: session.connection, text: "")
        compiler.members = members
        return try compiler.compile(query)
    }

    /// The compiler of the pages: the list's members, the links labelled.
    private static func compiler(for query: Query, members: ListMembers?, session: DatabaseSession, text: String) -> QueryCompiler {
        var compiler = QueryCompiler(schema: session.schema, connection: session.connection, text: text)
        compiler.members = members
        compiler.labelsLinks = true
        return compiler
    }

    /// One page's statement, from the query compiled once.
    private func compile(_ page: Page, _ session: DatabaseSession) throws -> CompiledQuery {
        guard let query, let pages else { throw StrataError("an sql result has no query to compile") }
        guard page.keysOnly else { return pages.compiled(page) }
        if keyPages == nil {
            var compiler = Self.compiler(for: query, members: members, session: session, text: "")
            keyPages = try compiler.pages(of: query, keysOnly: true)
        }
        return keyPages!.compiled(page)
    }

    /// Shows fewer rows a page from now on, the first page loaded already cut down to them: what the browser asks
    /// once it finds that a page of vertical records would not fit the screen. Nothing is read again.
    public func shrink(to size: Int) {
        let size = max(1, size)
        guard size < pageSize, position == 0, let (page, _, backwards) = lastLoad, !backwards, page.after == nil,
              page.before == nil, !page.fromEnd, page.offset == 0
        else { return }
        hasMore = hasMore || rows.count > size
        rows = Array(rows.prefix(size))
        keys = Array(keys.prefix(size))
        cursors = Array(cursors.prefix(size))
        pageSize = size
        lastLoad = (Page(size: size + 1), 0, false)
    }

    /// Reads the page shown again, after an edit: the same request, and the count forgotten (a new census
    /// starts when the REPL makes the result current again).
    public func reload(_ session: DatabaseSession) throws {
        stopCensus()
        census = nil
        counted = nil
        try reread(session)
    }

    /// Reads the page shown again, as `wholeValues` now asks; the count stands.
    public func reread(_ session: DatabaseSession) throws {
        guard let (page, position, backwards) = lastLoad else { return try first(session) }
        try load(page, session, position: position, backwards: backwards)
    }

    /// What `load` was last asked, for `reload`.
    private var lastLoad: (Page, Int?, Bool)?

    private func load(_ page: Page, _ session: DatabaseSession, position: Int?, backwards: Bool = false, mustExist: Bool = false) throws {
        if let sql {
            try loadSQL(sql, page, session, position: position ?? 0, mustExist: mustExist)
            lastLoad = (page, position, backwards)
            return
        }
        let compiled = try compile(page, session)
        let limit = wholeValues ? Int.max : ShownRow.limit
        var fetched = try pausingCensus { try session.runner.shownRows(compiled, limit: limit) }
        if fetched.isEmpty && mustExist { throw noSuchPage((position ?? 0) / pageSize + 1, session) }
        lastLoad = (page, position, backwards)
        // One row more than a page was asked for: its presence says whether the result goes on.
        let more = fetched.count > pageSize
        if more { fetched.removeLast() }
        if backwards { fetched.reverse() }
        let width = compiled.rowWidth
        columns = compiled.columns
        rows = fetched.map { ShownRow(values: Array($0.values.prefix(width)), wholeCounts: $0.wholeCounts) }
        keys = fetched.map { Array($0.values[width..<min($0.values.count, width + keyWidth)]) }
        cursors = fetched.map { Array($0.values.suffix(cursorWidth)) }
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
        throws -> (names: [String], rows: [ShownRow], skipped: Int)
    {
        let limit = wholeValues ? Int.max : ShownRow.limit
        do {
            return try session.connection.withReadOnlyStatement(sql) { statement in
                let names = statement.columnNames
                var skipped = 0
                var rows: [ShownRow] = []
                while skipped < skipping || rows.count < reading, try statement.step() {
                    if skipped < skipping {
                        skipped += 1
                    } else {
                        rows.append(statement.shownRow(limit: limit))
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
