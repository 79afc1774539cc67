import SQLiteKit
import StrataCore

extension Editor {
    static let brokenLink = StrataError("a link would point at an object that does not exist (FOREIGN KEY); nothing was changed")

    /// Runs `body` with SQLite's errors said in words, as `explain` says them.
    func explaining<T>(info: ClassInfo, values: [Assignment], _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw explain(error, info: info, values: values)
        }
    }

    /// SQLite's error as one line a user understands: which rule refused which value (`values`: what the
    /// edit wrote). Errors that are not a rule's go to `DatabaseFile.describe` (locked, corrupt, …).
    func explain(_ error: SQLiteError, info: ClassInfo, values: [Assignment]) -> Error {
        let message = error.message
        /// `Task.name` from `NOT NULL constraint failed: Task.name`.
        let subject = message.split(separator: ":", maxSplits: 1).dropFirst().first.map { String($0).trimmingSpaces } ?? ""
        if error.isForeignKeyViolation { return Self.brokenLink }
        switch error.extendedCode {
        case .constraintNotNull:
            return StrataError("\(subject) is required: it cannot be nil")
        case .constraintUnique, .constraintPrimaryKey:
            let columns = subject.split(separator: ",").map { String($0.split(separator: ".").last ?? "").trimmingSpaces }
            // By the names users type: a Core Data entity's `numberPlate`, not its column `ZNUMBERPLATE`.
            let shown = columns.map { column in
                let name = info.properties.first { $0.column == column && $0.type != .linkingObjects }?.name ?? column
                return values.first { $0.column == column }.map { "\(name) = \($0.value.sqlLiteral)" } ?? name
            }
            return StrataError("another \(info.name) already has \(shown.joined(separator: ", ")) (\(columns.count == 1 ? "it is" : "they are") unique)")
        case .constraintCheck:
            return StrataError("\(info.name)'s rule CHECK (\(subject)) refuses " + (values.isEmpty ? "this change" :
                values.map { "\($0.property.name) = \($0.value.sqlLiteral)" }.joined(separator: ", ")))
        case .constraintTrigger:
            return StrataError("a trigger of \(info.name) refused the change: \(message)")
        case .constraintDataType:
            return StrataError("\(info.name) is a STRICT table and refuses the value's type: \(message)")
        default:
            return DatabaseFile.describe(error, path: path, timeout: timeout)
        }
    }
}
