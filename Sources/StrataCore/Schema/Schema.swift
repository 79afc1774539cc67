import CoreDataModel
import SQLiteKit

/// The whole schema of a database as classes.
public struct Schema: Sendable, Equatable {
    /// Every class, visible and hidden, sorted by name.
    public var classes: [ClassInfo]
    /// What kind of store the file is, and what it keeps beside the app's values.
    public var conventions: StoreConventions
    /// True when the file is a Core Data store.
    public var isCoreData: Bool { conventions == .coreData }
    /// For a Core Data store: where the model that named its classes came from, and where model and store disagree.
    public var coreDataModel: CoreDataModelOrigin?
    /// How each date column was found to store its dates, kept once looked at (`dateStorage(of:in:connection:)`).
    private let dateStorages = DateStorage.Memo()

    public init(classes: [ClassInfo], conventions: StoreConventions = .sqlite) {
        self.classes = classes
        self.conventions = conventions
    }

    /// How a date property's column stores its dates: as the schema says (`Property.dateStorage`), else as its
    /// values show (`DateStorage.detect`), looked at once for the life of the schema, however many queries,
    /// pages and edits ask.
    /// - Throws: SQLite's error when the column cannot be read (a locked or damaged file).
    public func dateStorage(of property: Property, in info: ClassInfo, connection: Connection) throws -> DateStorage {
        if let known = property.dateStorage { return known }
        let column = property.column ?? property.name
        return try dateStorages.value(table: info.tableName, column: column) {
            try DateStorage.detect(connection: connection, table: info.tableName, column: column, conventions: conventions)
        }
    }

    public var visibleClasses: [ClassInfo] { classes.filter { !$0.isHidden } }

    /// A Core Data store that keeps persistent history (`ACHANGE`, `ATRANSACTION`: every SwiftData store, every
    /// CloudKit one): the app learns of changes from that history, which Strata's edits do not write.
    public var keepsPersistentHistory: Bool {
        isCoreData && classes.contains { ["ACHANGE", "ATRANSACTION"].contains($0.tableName.uppercased()) }
    }

    /// What to say before the first edit of a store that `keepsPersistentHistory`, one line.
    public static let persistentHistoryWarning = "this store keeps persistent history (ACHANGE, ATRANSACTION) and Strata's edits "
        + "write none: the app's CloudKit sync, its extensions and widgets will never hear of them, and may overwrite them"

    /// The class with this exact name.
    public func `class`(named name: String) -> ClassInfo? {
        classes.first { $0.name == name }
    }

    /// The class a user named: exact, else the only one that matches ignoring case.
    ///
    /// - Parameters:
    ///   - includeHidden: also look among internal tables (list tables, framework metadata) by any
    ///     spelling; without it, a hidden table is found only by its exact name.
    ///   - file: the database, for the message.
    /// - Throws: `StrataError` naming the class and the file, with the nearest name as a hint.
    public func findClass(_ name: String, includeHidden: Bool, in file: String) throws -> ClassInfo {
        let candidates = includeHidden ? classes : classes.filter { !$0.isHidden || $0.name == name }
        if let exact = candidates.first(where: { $0.name == name }) { return exact }
        let folded = candidates.filter { $0.name.lowercased() == name.lowercased() }
        if folded.count == 1 { return folded[0] }
        throw StrataError("unknown class '\(name)' in \(file)" + Suggestion.hint(for: name, in: candidates.map(\.name)))
    }
}

/// Where the model of a Core Data store came from.
public struct CoreDataModelOrigin: Sendable, Equatable {
    public enum Source: String, Sendable {
        /// `--model`.
        case given
        /// The store's `Z_MODELCACHE`.
        case modelCache
        /// Guessed from the tables: names lower-cased from the columns, no delete rules.
        case inferred
    }

    public var source: Source
    /// One phrase for `schema`: `the store's model cache (Z_MODELCACHE)`, `Recipes 2 in Recipes.xcdatamodeld`.
    public var description: String
    /// Where model and store disagree (an attribute without its column, a column the model does not know).
    public var problems: [String] = []
    /// Whether the model's entity version hashes equal the store's (`NSStoreModelVersionHashes`), as Core Data
    /// checks before opening a store; nil when they cannot be computed for this model.
    public var hashesMatch: Bool?
    /// The entities the store's metadata has hashes for that the model lacks, and the other way round.
    public var entitiesOnlyInStore: [String] = []
    public var entitiesOnlyInModel: [String] = []
    /// The entities both have whose version hashes differ.
    public var entitiesWithOtherHashes: [String] = []
    /// The model itself, as read: what `strata model --to coredata` writes back.
    public var model: ManagedObjectModel?

    public init(source: Source, description: String, problems: [String] = []) {
        self.source = source
        self.description = description
        self.problems = problems
    }
}
