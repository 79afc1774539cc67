import Foundation

/// An `NSKeyedArchiver` archive: a property list whose `$objects` array holds every archived object once, objects
/// referring to each other by UID (index into `$objects`, where 0 is `$null`), and `$top` naming the roots.
///
/// Objects are resolved on demand (`root(key:)`, then `ArchivedObject`'s accessors), never all at once, so an
/// archive whose objects refer to each other in a cycle (an entity and its model, a relationship and its inverse)
/// reads without walking the cycle. Every UID is checked against `$objects` before use. Errors are one line:
/// `keyed archive: object 5 (NSEntityDescription) key 'NSEntityName' is an integer, not a string`.
public struct KeyedArchive: Sendable {
    /// `$archiver` (`NSKeyedArchiver` for Apple's archives).
    public let archiver: String
    /// `$version` (100000 for Apple's archives).
    public let version: Int64
    let top: [String: PropertyListValue]
    let objects: [PropertyListValue]

    /// Reads a binary or XML property list holding a keyed archive.
    /// - Throws: `ModelReadError` for a damaged property list or an archive without its `$` keys.
    public init(bytes: [UInt8]) throws { try self.init(propertyList: PropertyList.read(bytes)) }

    public init(data: Data) throws { try self.init(bytes: [UInt8](data)) }

    public init(propertyList: PropertyListValue) throws {
        guard case .dictionary(let archive) = propertyList else {
            throw Self.error("the top object is \(propertyList.kindDescription), not a dictionary")
        }
        guard case .string(let archiver)? = archive["$archiver"] else {
            throw Self.error(archive["$archiver"].map { "'$archiver' is \($0.kindDescription), not a string" } ?? "'$archiver' is missing")
        }
        guard case .array(let objects)? = archive["$objects"] else {
            throw Self.error(archive["$objects"].map { "'$objects' is \($0.kindDescription), not an array" } ?? "'$objects' is missing")
        }
        guard case .dictionary(let top)? = archive["$top"] else {
            throw Self.error(archive["$top"].map { "'$top' is \($0.kindDescription), not a dictionary" } ?? "'$top' is missing")
        }
        guard objects.first == .string("$null") else {
            throw Self.error("'$objects' does not start with '$null'")
        }
        if case .integer(let version)? = archive["$version"] { self.version = version } else { self.version = 0 }
        self.archiver = archiver
        self.objects = objects
        self.top = top
    }

    /// The names under `$top`, sorted.
    public var rootKeys: [String] { top.keys.sorted() }

    /// The object `$top` names with `key` (`root` for Core Data's models).
    /// - Throws: when the key is missing, is not a reference, or refers outside `$objects`.
    public func root(key: String = "root") throws -> ArchivedObject {
        guard let value = top[key] else { throw Self.error("'$top' has no key '\(key)'") }
        guard case .uid(let uid) = value else {
            throw Self.error("'$top' key '\(key)' is \(value.kindDescription), not a reference")
        }
        return try object(uid: uid, from: "'$top' key '\(key)'")
    }

    /// The entry of `$objects` a UID refers to; `from` names the referring place in the error.
    func object(uid: UInt64, from place: String) throws -> ArchivedObject {
        guard uid < UInt64(objects.count) else {
            throw Self.error("\(place) refers to object \(uid), past the \(objects.count) objects")
        }
        let index = Int(uid)
        let value = objects[index]
        guard case .dictionary(let fields) = value, let classReference = fields["$class"] else {
            return ArchivedObject(archive: self, index: index, value: value, classHierarchy: [])
        }
        guard case .uid(let classUID) = classReference, classUID < UInt64(objects.count) else {
            throw Self.error("object \(index): '$class' is not a reference to one of the \(objects.count) objects")
        }
        guard case .dictionary(let classInfo) = objects[Int(classUID)],
              case .string(let className)? = classInfo["$classname"]
        else {
            throw Self.error("object \(index): its class (object \(classUID)) has no '$classname' string")
        }
        var hierarchy = [className]
        if case .array(let chain)? = classInfo["$classes"] {
            let names = chain.compactMap { if case .string(let name) = $0 { name } else { nil } }
            hierarchy = names.first == className ? names : [className] + names
        }
        return ArchivedObject(archive: self, index: index, value: value, classHierarchy: hierarchy)
    }

    static func error(_ problem: String) -> ModelReadError { ModelReadError(problem, in: .keyedArchive) }
}
