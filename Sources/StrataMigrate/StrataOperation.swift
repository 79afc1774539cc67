import SQLiteKit
import StrataCore

/// One operation of a `.strata` file, as the parser read it: names as written, values as SQL literals.
///
/// Its SQL comes from `statements(schema:runner:)` (StrataTranslation.swift), against the schema as it is
/// when the operation runs.
enum StrataOperation: Equatable, Sendable {
    case addClass(name: String, properties: [PropertyDeclaration])
    case deleteClass(name: String)
    case renameClass(from: String, to: String)
    case addProperty(className: String, property: PropertyDeclaration)
    case deleteProperty(className: String, name: String)
    case renameProperty(className: String, from: String, to: String)
    case addIndex(className: String, properties: [String], unique: Bool)
    case deleteIndex(className: String, properties: [String])
    case addLink(className: String, name: String, target: String)
    case addList(className: String, name: String, target: String)
    /// `add property Word.tags set<string>`: a list, set or dictionary of values, or a set or dictionary of objects.
    case addCollection(className: String, name: String, kind: ValueCollection.Kind, element: CollectionElement, optionalElements: Bool)
    /// The predicate is in the query language, kept as typed.
    case update(className: String, assignments: [UpdateAssignment], predicate: String?)
    case sql(text: String)
    /// A property's new type, optionality or default: values converted, the table rebuilt.
    case changeProperty(className: String, property: PropertyDeclaration)

    /// A translation error about one name the operation spells: a message about it places it there.
    struct NameError: Error, Equatable, CustomStringConvertible {
        var message: String
        /// The name as the line spells it.
        var name: String
        /// The name where it appears last on the line (the target of a link or list), not first.
        var isTarget = false
        /// A property the class does not have (not a class that is not there).
        var isProperty = false

        var description: String { message }
    }

    /// The words a line of this operation starts with ("add unique index", "update"), before its names.
    var keywordCount: Int {
        switch self {
        case .update: 1
        case .addIndex(_, _, true): 3
        default: 2
        }
    }

    /// The class the operation is about, as the line names it (nil for `sql { … }`).
    var className: String? {
        switch self {
        case .addClass(let name, _), .deleteClass(let name), .renameClass(let name, _): name
        case .addProperty(let owner, _), .deleteProperty(let owner, _), .renameProperty(let owner, _, _), .addIndex(let owner, _, _),
             .deleteIndex(let owner, _), .addLink(let owner, _, _), .addList(let owner, _, _), .update(let owner, _, _),
             .addCollection(let owner, _, _, _, _),
             .changeProperty(let owner, _):
            owner
        case .sql: nil
        }
    }

    /// The operation that undoes this one without losing anything; nil for those that lose data.
    var inverse: StrataOperation? {
        switch self {
        case .addClass(let name, _): .deleteClass(name: name)
        case .renameClass(let from, let to): .renameClass(from: to, to: from)
        case .addProperty(let owner, let property): .deleteProperty(className: owner, name: property.name)
        case .renameProperty(let owner, let from, let to): .renameProperty(className: owner, from: to, to: from)
        case .addIndex(let owner, let properties, _): .deleteIndex(className: owner, properties: properties)
        case .addLink(let owner, let name, _): .deleteProperty(className: owner, name: name)
        case .addList(let owner, let name, _): .sql(text: ("DROP TABLE \(identifier: ListTable.name(owner: owner, property: name))" as SQL).text)
        case .addCollection(let owner, let name, _, _, _): .deleteProperty(className: owner, name: name)
        case .deleteClass, .deleteProperty, .deleteIndex, .update, .sql, .changeProperty: nil
        }
    }

    /// The short form, for messages.
    var description: String {
        switch self {
        case .addClass(let name, let properties): "add class \(name) \(properties.map(\.name))"
        case .deleteClass(let name): "delete class \(name)"
        case .renameClass(let from, let to): "rename class \(from) to \(to)"
        case .addProperty(let owner, let property): "add property \(owner).\(property.name)"
        case .deleteProperty(let owner, let name): "delete property \(owner).\(name)"
        case .renameProperty(let owner, let from, let to): "rename property \(owner).\(from) to \(to)"
        case .addIndex(let owner, let properties, let unique): "add \(unique ? "unique " : "")index \(owner)\(properties)"
        case .deleteIndex(let owner, let properties): "delete index \(owner)\(properties)"
        case .addLink(let owner, let name, let target): "add link \(owner).\(name) -> \(target)"
        case .addList(let owner, let name, let target): "add list \(owner).\(name) -> \(target)"
        case .addCollection(let owner, let name, let kind, let element, let optional):
            "add property \(owner).\(name) \(kind.rawValue)<\(element.name)\(optional ? "?" : "")>"
        case .update(let owner, let assignments, let predicate):
            "update \(owner) set " + assignments.map { "\($0.property) = \($0.value)" }.joined(separator: ", ")
                + (predicate.map { " where " + $0 } ?? "")
        case .sql(let text): "sql \(text)"
        case .changeProperty(let owner, let property): "change property \(owner).\(property.name)"
        }
    }
}


/// What a collection a migration adds holds: values of a type, or objects of a class.
enum CollectionElement: Equatable, Sendable {
    case value(PropertyType)
    case objects(String)

    var name: String {
        switch self {
        case .value(let type): type.rawValue
        case .objects(let target): target
        }
    }
}
