import CoreDataModel
import CoreDataStoreFixtures
import Foundation
import SQLiteKit

/// A fresh temporary folder per call, removed by the caller's `defer`.
func temporaryFolder(_ label: String = #function) throws -> URL {
    let name = "strata-cdfixtures-\(label.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString)"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    return url
}

/// Opens a written store read-only.
func openStore(_ path: String) throws -> Connection { try Connection(path: path, mode: .readOnly) }

/// The model as both readers give it back, so that a written model compares with what is read: entities and
/// their properties by name (the archive reader sorts them; Xcode writes them so), version hashes and the
/// version name left out (neither the XML nor the writer's archive need carry them).
func normalized(_ model: ManagedObjectModel, keepArchiveOnlyFields: Bool = true) -> ManagedObjectModel {
    var result = model
    result.versionName = nil
    result.problems = []
    result.entities = model.entities.sorted { $0.name < $1.name }.map { entity in
        var entity = entity
        entity.versionHash = nil
        // The fixture writers write no renaming identifier (NSRenamingIdentifier, elementID).
        entity.renamingIdentifier = nil
        entity.attributes = entity.attributes.sorted { $0.name < $1.name }.map { attribute in
            var attribute = attribute
            attribute.versionHash = nil
            if !keepArchiveOnlyFields {
                // Fields the archive reader does not take from an archive (ManagedObjectModel+Archive.swift reads
                // neither NSDerivationExpression nor a transformable's class name nor the scalar flag).
                attribute.derivationExpression = nil
                attribute.customClassName = nil
                attribute.usesScalarValueType = false
            }
            return attribute
        }
        entity.relationships = entity.relationships.sorted { $0.name < $1.name }.map { relationship in
            var relationship = relationship
            relationship.versionHash = nil
            return relationship
        }
        return entity
    }
    return result
}
