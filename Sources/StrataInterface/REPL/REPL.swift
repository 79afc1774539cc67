import SQLiteKit
import StrataCore
import StrataQuery
import StrataEdit
import StrataRender

/// The interactive browser: commands, queries typed at the prompt, paging, objects and links.
///
/// Reads lines from a `LineReader`, so tests and scripts drive it exactly as a person at a terminal
/// does. A failed command prints one line and the session goes on; in a script, any failure makes the
/// exit status 1.
public final class REPL {
    var session: DatabaseSession
    let reader: LineReader
    let out: TextSink
    let err: TextSink
    /// Where what is not a result goes: page headings, notes, echoes and edit reports. `out` at a terminal;
    /// stderr when stdout is a file or a pipe, so that `strata db < script > out.csv` holds only results.
    let status: TextSink
    var style: Style
    var format: OutputFormat = .table
    /// `width N`; nil follows the terminal.
    var fixedWidth: Int?
    let terminalWidth: () -> Int?
    /// Rows per page for the next result opened: follows the terminal's height as it is resized.
    let pageSize: () -> Int
    var browser: ResultPager?
    /// The object `open` showed last, for `follow` (and for completing it).
    var object: StoredObject? {
        didSet { completion?.openClass = object?.info.name }
    }
    /// Told which class the open object is, for `follow`'s completion.
    var completion: CompletionContext?
    /// Where `back` returns to.
    var history: [(ResultPager?, StoredObject?)] = []
    /// Set once writing is on (`--write` or `write on`): edits, and their undo history.
    var editor: Editor?
    /// The most bytes a `@path` value reads (`--max-blob`), for each editor `write on` makes.
    var maxBlobBytes = BlobLimit.defaultBytes
    /// At a terminal: the line a command that runs over a second shows (`out` and `err` erase it).
    var slowStatus: SlowStatusLine?
    private var failed = false
    private var quitting = false

    /// - Parameter session: the database; its `openAnother` counts in the background (none for an in-memory
    ///   database: counting then happens when asked).
    /// - Parameter status: where headings, notes and edit reports go (`out` when nil).
    public init(session: DatabaseSession, reader: LineReader, out: TextSink, err: TextSink, status: TextSink? = nil,
                style: Style, terminalWidth: @escaping () -> Int?, pageSize: @autoclosure @escaping () -> Int)
    {
        self.session = session
        self.reader = reader
        self.out = out
        self.err = err
        self.status = status ?? out
        self.style = style
        self.terminalWidth = terminalWidth
        self.pageSize = pageSize
    }

    var width: Int? { fixedWidth ?? terminalWidth() }

    /// `strata> `, bold on a terminal; readline must be told (\u{1} … \u{2}) that the styling takes no room.
    var prompt: String {
        style.isEnabled ? "\u{1}\u{1B}[1m\u{2}strata>\u{1}\u{1B}[0m\u{2} " : "strata> "
    }

    /// Runs until `quit`, Ctrl-D or the end of the script.
    public func run(banner: String) -> ExitStatus {
        status.write(banner)
        status.flush()
        while !quitting, let line = reader.readLine(prompt: reader.isInteractive ? prompt : "") {
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            reader.remember(trimmed)
            execute(trimmed)
            out.flush()
        }
        if reader.isInteractive && !quitting { out.write("\n") }
        // At a terminal the person saw each error as it came; a script's caller learns of them from the status.
        return failed && !reader.isInteractive ? .failure : .success
    }

    /// Runs one command line, printing its error, if any, as one line.
    public func execute(_ line: String) {
        // Ctrl-C while a command runs stops its statement and comes back to the prompt.
        let watcher = reader.isInteractive ? InterruptWatcher(session.connection.interruptHandle) : nil
        defer { _ = watcher }
        do {
            slowStatus?.begin()
            defer { slowStatus?.end() }
            try dispatch(line)
        } catch let error as QueryError {
            report("query \(error.line):\(error.column): \(error.message)")
        } catch let error as StrataError {
            report(error.message)
        } catch {
            report(DatabaseFile.describe(error, path: session.path).message)
        }
    }

    private func report(_ message: String) {
        failed = true
        out.flush()
        status.flush()
        // After Ctrl-C the terminal has echoed ^C where the cursor was: the message starts a line of its own.
        let newline = reader.isInteractive && InterruptSignal.fired ? "\n" : ""
        err.write(newline + "error: \(TerminalText.escaped(message))\n")
    }

    private func dispatch(_ line: String) throws {
        let (word, rest) = Self.split(line)
        // A class spelled exactly as typed (`Page`, `Count`) wins over a command spelled otherwise (`page`,
        // `count`) or abbreviated; a command spelled exactly needs the class in backticks.
        if session.schema.class(named: word) != nil && !REPLCommands.all.contains(where: { $0.name == word }) {
            try browse(line)
        } else if let command = try REPLCommands.resolve(word) {
            try command.run(self, rest)
        } else if session.schema.class(named: word) != nil || word.first.map({ "`\"'".contains($0) }) == true {
            // A class name in backticks or quotes: `Odd Name`, "table/with/slashes.csv", 'Table With Space'.
            try browse(line)
        } else {
            let classes = session.schema.visibleClasses.map(\.name)
            let commands = Set(REPLCommands.all.map(\.name))
            let hint = Suggestion.hint(for: word, in: commands.sorted() + classes) {
                commands.contains($0) ? $0 : QueryParser.quotedName($0)
            }
            if QueryError.looksLikeSQL(line, schema: session.schema) {
                throw StrataError("unknown command or class '\(word)': SQL runs with sql, as in 'sql \(line)'")
            }
            throw StrataError("unknown command or class '\(word)'" + (hint.isEmpty ? " (type 'help')" : hint))
        }
    }

    static func split(_ line: String) -> (String, String) {
        guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (line, "") }
        return (String(line[..<space]), String(line[space...]).trimmingSpaces)
    }

    // MARK: - Results

    /// Makes a class or query the current result and shows its first page.
    func browse(_ text: String, title: String? = nil, members: ListMembers? = nil) throws {
        let query = try QueryParser.parse(text)
        let next = try ResultPager(query: query, text: text, title: title ?? text, pageSize: pageSize(), members: members, session: session)
        next.wholeValues = format.isForMachines
        try next.first(session)
        if let fitting = verticalPageSize(next) { next.shrink(to: fitting) }
        remember()
        makeCurrent(next)
        object = nil
        // A class or a result that counts in a moment has its count in the heading of its first page.
        if reader.isInteractive { next.awaitCount(for: Self.countWait, session) }
        try showPage()
        if members == nil, let info = session.schema.class(named: query.className), info.objectKey == .none, info.kind != .view {
            status.write("note: \(info.name) has no key (no primary key, and its columns take the names rowid, oid and _rowid_): "
                      + "pages are found by position, and its objects cannot be opened\n")
        }
    }

    /// How long the first page waits for the census to count its result, in seconds: unnoticed, and enough for
    /// some hundred thousand objects.
    static let countWait = 0.15

    /// Makes `next` the current result: the one it replaces stops counting, and in a session at a
    /// terminal the new one is counted in the background.
    func makeCurrent(_ next: ResultPager?) {
        if browser !== next { browser?.stopCensus() }
        browser = next
        // The census only adds a count to the page; when it cannot start, `count` counts and says why.
        if reader.isInteractive, let next { try? next.startCensus(session) }
    }

    /// Keeps what is shown now for `back`.
    func remember() {
        if browser != nil || object != nil { history.append((browser, object)) }
    }

    func currentBrowser() throws -> ResultPager {
        guard let browser else { throw StrataError("no result yet: type a class name or a query") }
        return browser
    }

    func showPage() throws {
        guard let browser else { return }
        // A page read for the table modes holds huge values shortened; the JSON and CSV modes carry them whole.
        if format.isForMachines != browser.wholeValues {
            browser.wholeValues = format.isForMachines
            if browser.wholeValues && browser.rows.contains(where: \.isShortened) { try browser.reread(session) }
        }
        var page = browser.pageNumber.map { "page \($0)" } ?? (browser.hasMore ? "before the last page" : "last page")
        if let pages = browser.pageCount, browser.pageNumber != nil { page += " of \(pages)" }
        // A query of thousands of terms is its first line's worth in the heading, not megabytes of status.
        var heading = "\(TextWidth.truncate(browser.title, to: 200)) · \(page)"
        let (one, many) = browser.sql == nil ? ("object", "objects") : ("row", "rows")
        if browser.rows.isEmpty {
            heading += " · no \(many)"
        } else if let total = browser.total {
            heading += " · \(total) \(total == 1 ? one : many)"
        }
        heading = TextWidth.visible(heading)
        let lines = width.map { TextWidth.wrap(heading, to: $0, indent: 2) } ?? [heading]
        for line in lines { status.write(style.dim(line) + "\n") }
        status.flush()
        let writer = ResultWriter(format: format, columns: browser.columns, className: browser.className ?? "row",
                                  sink: out, style: style, maxWidth: width)
        writer.verticalWhenTooWide = true
        writer.begin()
        for row in browser.rows { writer.write(row) }
        writer.end()
        var moves: [String] = []
        if browser.hasLess { moves.append("prev") }
        if browser.hasMore { moves.append("next") }
        out.flush()
        if !moves.isEmpty { status.write(style.dim("(" + moves.joined(separator: ", ") + ")") + "\n") }
    }

    // MARK: - Objects

    func open(_ argument: String) throws {
        // `open Task 42`: any class, whatever is shown.
        let (word, rest) = Self.splitName(argument)
        if !rest.isEmpty, let named = session.schema.class(named: word) {
            try show(named, key: try QueryCompiler.parseKey(rest, for: named))
            return
        }
        let browser = try currentBrowser()
        guard let className = browser.className else {
            throw StrataError("an sql result holds rows, not objects: open one with its class and key, as in 'open Task 3'")
        }
        let info = try classInfo(className)
        var key: [SQLiteValue]
        if argument.hasPrefix("#") {
            guard !browser.keys.isEmpty else { throw StrataError("this page has no objects") }
            guard let row = Int(argument.dropFirst()), row >= 1, row <= browser.keys.count else {
                throw StrataError("'\(argument)' is not a row of this page (#1 to #\(browser.keys.count))")
            }
            key = browser.keys[row - 1]
        } else {
            guard !argument.isEmpty else { throw StrataError("open needs a key or #row") }
            key = try QueryCompiler.parseKey(argument, for: info)
        }
        try show(info, key: key)
    }

    func show(_ info: ClassInfo, key: [SQLiteValue]) throws {
        guard let found = try ObjectReader(session: session, shortening: true).object(info, key: key) else {
            throw StrataError("no \(info.name) with key \(key.map(\.sqlLiteral).joined(separator: ", "))")
        }
        remember()
        object = found
        try showObject(found)
    }

    /// Prints one object with its links, lists and backlinks.
    private func showObject(_ object: StoredObject) throws {
        let detail = try ObjectReader(session: session, shortening: true).detail(of: object)
        out.write(ObjectRenderer(formatter: ValueFormatter(style: style)).vertical(detail, maxWidth: width))
    }

    func follow(_ argument: String) throws {
        let name = Self.splitName(argument).name
        guard let object else { throw StrataError("open an object first, then follow one of its links or lists") }
        guard let property = object.info.property(named: name) else {
            throw StrataError("\(object.info.name) has no property '\(name)'"
                              + Suggestion.hint(for: name, in: object.info.properties.map(\.name)))
        }
        switch property.type {
        case .object:
            guard let index = object.columns.firstIndex(where: { $0.name == name }), !object.values[index].isNull,
                  let target = property.target.flatMap(session.schema.class(named:))
            else { throw StrataError("\(name) is nil") }
            try show(target, key: [object.values[index]])
        case .list, .linkingObjects:
            guard let target = property.target, let keyName = object.info.objectKey.names.first, object.info.objectKey.count == 1,
                  object.info.property(named: keyName) != nil, let key = object.key.first
            else { throw StrataError("cannot follow \(name) from \(object.info.name)") }
            let keyText = object.key.map { $0.sqlLiteral }.joined(separator: ", ")
            let title = "\(object.info.name) \(keyText) → \(name)"
            if property.type == .list {
                // A list in its own order, duplicates and all: the browser ranges over the list table.
                guard let storage = object.info.lists[name] else { throw StrataError("cannot follow \(name) from \(object.info.name)") }
                try browse(quoted(target), title: title, members: ListMembers(storage: storage, owner: key))
            } else {
                // Backlinks: the objects whose link (or list) named by the backlink holds this object.
                let origin = property.originProperty ?? ""
                let viaList = session.schema.class(named: target)?.property(named: origin)?.type == .list
                let path = (viaList ? "ANY " : "") + "\(quoted(origin)).\(quoted(keyName))"
                try browse("\(quoted(target)) where \(path) == \(QueryParser.literal(key))", title: title)
            }
        case .collection:
            // The collection's rows, in its order: a list's positions, a set's values, a dictionary's keys.
            guard let storage = object.info.collections[name], object.key.count == 1,
                  let table = session.schema.classes.first(where: { $0.tableName == storage.table })
            else { throw StrataError("cannot follow \(name) from \(object.info.name)") }
            let keyText = object.key.map { $0.sqlLiteral }.joined(separator: ", ")
            let columns = [storage.positionColumn, storage.keyColumn, storage.valueColumn].compactMap { $0 }.map(quoted)
            try browse("\(quoted(table.name)) where \(quoted(storage.ownerColumn)) == \(QueryParser.literal(object.key[0])) "
                       + "SHOW(\(columns.joined(separator: ", ")))", title: "\(object.info.name) \(keyText) → \(name)")
        default:
            throw StrataError("\(name) is \(property.typeDescription), not a link or a list")
        }
    }

    private func quoted(_ name: String) -> String { QueryParser.quotedName(name) }

    func back() throws {
        guard let (previousBrowser, popped) = history.popLast() else { throw StrataError("nothing to go back to") }
        var previousObject = popped
        if editor != nil {
            // Edits since it was shown: read it again.
            try previousBrowser?.reload(session)
            previousObject = try previousObject.flatMap(reread)
            if previousObject == nil && previousBrowser == nil { throw StrataError("the object shown before was deleted") }
        }
        makeCurrent(previousBrowser)
        object = previousObject
        if let previousObject {
            try showObject(previousObject)
        } else if browser != nil {
            try showPage()
        }
    }

    func classInfo(_ name: String) throws -> ClassInfo {
        let name = Self.splitName(name).name
        guard let info = session.schema.class(named: name) else { throw StrataError("unknown class '\(name)'") }
        return info
    }

    /// The class or property name a command's argument starts with, as written or in backticks or quotes
    /// (`Odd Name`, "Table With Space", 'x'; a doubled quote stands for itself), and what follows it.
    static func splitName(_ text: String) -> (name: String, rest: String) {
        guard let quote = text.first, "`\"'".contains(quote) else { return split(text) }
        var name = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == quote {
                guard index < text.endIndex, text[index] == quote else {
                    return (name, String(text[index...]).trimmingSpaces)
                }
                index = text.index(after: index)
            }
            name.append(character)
        }
        return split(text)
    }

    func quit() { quitting = true }
}
