import SQLiteKit
import StrataCore
import StrataQuery
import StrataEdit

extension REPLCommands {
    /// An edit command: refused until writing is on, and followed by a fresh look at what is shown.
    static func edit(_ name: String, arguments: String, _ summary: String, details: String = "",
                     _ body: @escaping @Sendable (REPL, Editor, EditWords) throws -> Void) -> REPLCommand
    {
        REPLCommand(name: name, arguments: arguments, summary: summary, details: details, changesData: true) { repl, argument in
            let editor = try repl.requireEditor()
            try body(repl, editor, try EditWords(argument))
            repl.refreshAfterEdit()
        }
    }

    static let editCommands: [REPLCommand] = [
        REPLCommand(name: "write", arguments: "on|off", summary: "allow edits to the file, or stop allowing them",
                    details: """
                        write on opens the file for writing, with foreign keys on: set, new, delete,
                        list, update, undo and redo then change it, each edit in a transaction of
                        its own, committed at once. write off goes back to reading only (and
                        forgets what undo could take back). Starting with strata --write FILE is
                        the same as write on.
                        """, changesData: true) { repl, argument in
            switch argument.lowercased() {
            case "on": try repl.enableWriting()
            case "off": try repl.disableWriting()
            case "": repl.out.write(repl.editor == nil ? "write off: read-only (write on allows edits)\n" : "write on\n")
            default: throw StrataError("write takes on or off")
            }
        },
        edit("set", arguments: "[CLASS] KEY PROPERTY = VALUE …", "change properties of one object",
             details: """
                 set Task 42 name = "Buy milk" notes = nil
                 set 42 done = true               the current class
                 set #3 dueDate = 2026-12-01      a row of the page
                 set name = x                     the open object
                 set Task 42 list = TaskList 3    a link: the target's key
                 Values by type: "text" or bare text, 42, 2.5, true/false/yes/no/1/0, ISO 8601
                 dates or now, x'0a1b' B64"…" @file for data, nil for none (optional only).
                 Add --allow-key-change to change a primary key (links follow it).
                 set add Word 7 tags "verb"       a set: the value joins it (once)
                 set remove Word 7 tags "verb"    the value leaves it
                 """) { repl, editor, words in
            var words = words
            // `set add|remove …`: a set's values, not an assignment (which always has an `=`).
            if let verb = words.words.first?.text, verb == "add" || verb == "remove", !words.words.contains(where: \.isEquals) {
                try repl.editCollection(words, editor: editor, command: "set")
                return
            }
            let allowKeyChange = words.dropFlag("--allow-key-change")
            let target = try repl.editTarget(words, from: 0, editor: editor)
            let outcome = try editor.set(target.info, key: target.key, try words.assignments(from: target.next), allowKeyChange: allowKeyChange)
            repl.out.write(EditCommand.report(outcome))
        },
        edit("new", arguments: "CLASS [PROPERTY = VALUE …]", "add an object; prints its key") { repl, editor, words in
            guard let first = words.words.first else { throw StrataError("new needs a class: new Task name = \"Call Bob\"") }
            let info = try editor.editableClass(first.text)
            repl.out.write(try editor.insert(info, try words.assignments(from: 1)).message + "\n")
        },
        edit("delete", arguments: "[CLASS] KEY", "delete an object (asks first at a terminal, saying what cascades)") { repl, editor, words in
            let target = try repl.editTarget(words, from: 0, editor: editor)
            guard target.next == words.words.count else {
                throw StrataError("delete takes a class and a key, not '\(words.words[target.next].text)'")
            }
            let confirm: ((String) -> Bool)? = repl.reader.isInteractive ? { question in
                let answer = repl.reader.readLine(prompt: question + " [y/N] ")?.trimmingSpaces.lowercased() ?? ""
                return answer == "y" || answer == "yes"
            } : nil
            guard let outcome = try editor.delete(target.info, key: target.key, confirm: confirm) else {
                repl.out.write("nothing deleted\n")
                return
            }
            repl.out.write(outcome.message + "\n")
        },
        edit("list", arguments: "add|remove|move …", "edit a list: add, remove or move its objects or values",
             details: """
                 list add TaskList 3 tasks Task 42 [at N]    the object, at the end or at N
                 list remove TaskList 3 tasks at 0           by index, from 0
                 list remove TaskList 3 tasks Task 42        its first entry
                 list move TaskList 3 tasks 0 to 2           from one index to another
                 list add Word 7 rus "хата"                  a list of values: the value, typed by its elements
                 Without CLASS KEY, the open object's list: list add tasks 42
                 """) { repl, editor, words in
            try repl.editList(words, editor: editor)
        },
        edit("dict", arguments: "set|remove …", "edit a dictionary: set or remove a key",
             details: """
                 dict set Word 7 scores easy = 3     the key's value, added or replaced
                 dict remove Word 7 scores easy      the key and its value
                 Without CLASS KEY, the open object's dictionary: dict set scores "hard" = 5
                 """) { repl, editor, words in
            try repl.editCollection(words, editor: editor, command: "dict")
        },
        edit("update", arguments: "QUERY set PROPERTY = VALUE …", "change every object a query finds",
             details: """
                 update Task where isCompleted == true set archived = true
                 Add --dry-run to only count them and show the first few. One statement, one transaction; undo
                 takes it back.
                 """) { repl, editor, words in
            var words = words
            let dryRun = words.dropFlag("--dry-run")
            guard let split = words.words.indices.last(where: { index in
                words.words[index].text.lowercased() == "set" && index + 2 < words.words.count && words.words[index + 2].isEquals
            }), split > 0 else {
                throw StrataError("update needs a query, then set and values: update Task where done == true set archived = true")
            }
            let outcome = try editor.update(words.text(0, through: split - 1), try words.assignments(from: split + 1), dryRun: dryRun)
            repl.out.write(EditCommand.report(outcome))
        },
        edit("undo", arguments: "", "take back the last edit (several levels)") { repl, editor, words in
            guard words.words.isEmpty else { throw StrataError("undo takes no arguments") }
            repl.out.write("undid \(try editor.undo().description)\n")
        },
        edit("redo", arguments: "", "do again the last edit undone") { repl, editor, words in
            guard words.words.isEmpty else { throw StrataError("redo takes no arguments") }
            repl.out.write("redid \(try editor.redo().description)\n")
        },
    ]
}

extension EditWords {
    /// Takes a flag such as `--dry-run` out of the words; true when it was there.
    mutating func dropFlag(_ flag: String) -> Bool {
        let before = words.count
        removeWords { $0.text == flag }
        return words.count != before
    }
}

extension REPL {
    func requireEditor() throws -> Editor {
        guard let editor else {
            let how = session.connection.mode == .memory ? "type 'write on'" : "type 'write on', or start strata with --write,"
            throw StrataError("\(session.path) is open read-only: \(how) to edit it")
        }
        return editor
    }

    /// `write on`: a write connection to the file (the in-memory demo's own connection), foreign keys on.
    func enableWriting(announce: Bool = true) throws {
        if editor != nil {
            out.write("write on (already)\n")
            return
        }
        // Counting in the background goes on through the session's read-only connections, which see each edit.
        let writing = session.connection.mode == .memory ? session
            : try session.reconnected(try DatabaseFile.openForWriting(session.path, timeout: session.timeout))
        let editor = try Editor(session: writing)
        editor.maxBlobBytes = maxBlobBytes
        reconnect(writing)
        self.editor = editor
        if announce { status.write("write on: set, new, delete, list, update, undo and redo now change \(session.path); each edit is committed at once\n") }
        if session.schema.keepsPersistentHistory { err.write("warning: \(Schema.persistentHistoryWarning)\n") }
    }

    func disableWriting() throws {
        guard editor != nil else {
            out.write("write off (already)\n")
            return
        }
        if session.connection.mode != .memory {
            reconnect(try session.reconnected(try DatabaseFile.openForReading(session.path, timeout: session.timeout)))
        }
        editor = nil
        status.write("write off: read-only again (the undo history is gone)\n")
    }

    /// Makes `next` (the same file through another connection) the session everything reads through.
    private func reconnect(_ next: DatabaseSession) {
        browser?.stopCensus()
        session = next
        refreshAfterEdit()
    }

    /// After an edit, what is shown is read again: the current page and the open object (what `back`
    /// returns to is read again when it is shown). The edit is done: a failure to read is said as a note.
    func refreshAfterEdit() {
        do {
            object = try object.flatMap(reread)
            if let browser {
                try browser.reload(session)
                makeCurrent(browser)
            }
        } catch {
            err.write("note: the edit is saved, but what is shown could not be read again: \(DatabaseFile.describe(error, path: session.path).message)\n")
        }
    }

    /// An object as it is now in the file; nil when it is gone.
    func reread(_ object: StoredObject) throws -> StoredObject? {
        try ObjectReader(session: session, shortening: true).object(object.info, key: object.key)
    }

    /// The object an edit is about, and where the rest of the command starts.
    struct EditTarget {
        var info: ClassInfo
        var key: [SQLiteValue]
        /// The index of the first word after the object's name.
        var next: Int
    }

    /// `[CLASS] KEY` or `#ROW` at word `index`, or nothing before `name =` when an object is open: the
    /// object an edit is about, and the index of the word after it.
    func editTarget(_ words: EditWords, from index: Int, editor: Editor) throws -> EditTarget {
        let list = words.words
        if index + 1 < list.count, list[index + 1].isEquals, let object {
            return EditTarget(info: try editor.editableClass(object.info.name), key: object.key, next: index)
        }
        guard index < list.count else { throw StrataError("name the object: a class and a key (Task 42), a key, or #row") }
        var info: ClassInfo
        var position = index
        if index + 1 < list.count, !list[index + 1].isEquals, let named = try? editor.findClass(list[index].text) {
            info = named
            position += 1
        } else if let current = object?.info ?? browser.flatMap({ $0.className.flatMap(session.schema.class(named:)) }) {
            info = current
        } else {
            throw StrataError("name the class: \(list[index].text) is not one, and nothing is shown to take one from")
        }
        info = try editor.editableClass(info.name)
        let keyText = list[position].text
        let key: [SQLiteValue]
        if keyText.hasPrefix("#"), let browser, let row = Int(keyText.dropFirst()) {
            guard row >= 1, row <= browser.keys.count, browser.className == info.name else {
                throw StrataError("'\(keyText)' is not a row of this page" + (browser.keys.isEmpty ? "" : " (#1 to #\(browser.keys.count))"))
            }
            key = browser.keys[row - 1]
        } else {
            key = try QueryCompiler.parseKey(keyText, for: info)
        }
        return EditTarget(info: info, key: key, next: position + 1)
    }

    /// `list add|remove|move [CLASS KEY] PROPERTY …`.
    func editList(_ words: EditWords, editor: Editor) throws {
        let list = words.words
        guard let verb = list.first?.text.lowercased(), ["add", "remove", "move"].contains(verb) else {
            throw StrataError("list takes add, remove or move: list add TaskList 3 tasks Task 42")
        }
        // The owner: the open object when the next word is one of its lists, else [CLASS] KEY.
        var info: ClassInfo
        var key: [SQLiteValue]
        var index = 1
        if let object, list.count > 1, object.info.property(named: list[1].text)?.type.isCollection == true {
            (info, key) = (try editor.editableClass(object.info.name), object.key)
        } else {
            let target = try editTarget(words, from: 1, editor: editor)
            (info, key, index) = (target.info, target.key, target.next)
        }
        guard index < list.count else { throw StrataError("list \(verb) needs the name of a list property of \(info.name)") }
        let property = list[index].text
        index += 1
        func number(_ word: Int) throws -> Int {
            guard word < list.count, let value = Int(list[word].text) else {
                throw StrataError("expected an index (from 0)" + (word < list.count ? ", not '\(list[word].text)'" : ""))
            }
            return value
        }
        let change: Editor.ListChange
        switch verb {
        case "add":
            var end = list.count - 1
            var at: Int?
            if list.count - index >= 3, list[list.count - 2].text.lowercased() == "at" {
                at = try number(list.count - 1)
                end = list.count - 3
            }
            guard index <= end else { throw StrataError("list add needs the object or value to add: list add TaskList 3 tasks Task 42") }
            change = .add(TypedValue.reading(words.text(index, through: end)), at: at)
        case "remove":
            guard index < list.count else { throw StrataError("list remove needs at N or the object to remove") }
            if list[index].text.lowercased() == "at" && list.count == index + 2 {
                change = .remove(at: try number(index + 1))
            } else {
                change = .removeObject(TypedValue.reading(words.text(index, through: list.count - 1)))
            }
        default:
            guard list.count == index + 3, list[index + 1].text.lowercased() == "to" else {
                throw StrataError("list move needs two indexes: list move TaskList 3 tasks 0 to 2")
            }
            change = .move(from: try number(index), to: try number(index + 2))
        }
        out.write(try editor.editList(info, key: key, property: property, change).message + "\n")
    }
}

extension REPL {
    /// `set add|remove [CLASS KEY] PROPERTY VALUE` and `dict set [CLASS KEY] PROPERTY KEY = VALUE`,
    /// `dict remove [CLASS KEY] PROPERTY KEY`.
    func editCollection(_ words: EditWords, editor: Editor, command: String) throws {
        let list = words.words
        let verbs = command == "set" ? ["add", "remove"] : ["set", "remove"]
        guard let verb = list.first?.text.lowercased(), verbs.contains(verb) else {
            throw StrataError(command == "set" ? "set add|remove takes a set and a value: set add Word 7 tags \"verb\""
                              : "dict takes set or remove: dict set Word 7 scores easy = 3")
        }
        var info: ClassInfo
        var key: [SQLiteValue]
        var index = 1
        if let object, list.count > 1, object.info.property(named: list[1].text)?.collection != nil {
            (info, key) = (try editor.editableClass(object.info.name), object.key)
        } else {
            let target = try editTarget(words, from: 1, editor: editor)
            (info, key, index) = (target.info, target.key, target.next)
        }
        let what = command == "set" ? "a set" : "a dictionary"
        guard index < list.count else { throw StrataError("\(command) \(verb) needs the name of \(what) property of \(info.name)") }
        let property = list[index].text
        index += 1
        let change: Editor.CollectionChange
        switch (command, verb) {
        case ("set", _):
            guard index < list.count else { throw StrataError("set \(verb) needs the value: set \(verb) Word 7 tags \"verb\"") }
            let value = TypedValue.reading(words.text(index, through: list.count - 1))
            change = verb == "add" ? .add(value) : .remove(value)
        case (_, "set"):
            guard index + 2 < list.count, list[index + 1].isEquals else {
                throw StrataError("dict set needs a key, = and a value: dict set Word 7 scores easy = 3")
            }
            change = .put(key: TypedValue.reading(list[index].text).text, TypedValue.reading(words.text(index + 2, through: list.count - 1)))
        default:
            guard index + 1 == list.count else { throw StrataError("dict remove needs one key: dict remove Word 7 scores easy") }
            change = .removeKey(TypedValue.reading(list[index].text).text)
        }
        out.write(try editor.editCollection(info, key: key, property: property, change).message + "\n")
    }
}
