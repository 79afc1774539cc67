import Foundation

/// Reads a property list in either form a model bundle uses: binary (`bplist00`) through `BinaryPropertyList`,
/// or XML (`.xccurrentversion`, `VersionInfo.plist`) through Foundation's `PropertyListSerialization`, converted to
/// the same `PropertyListValue`.
public enum PropertyList {
    /// - Throws: `ModelReadError` (`binary property list: …` or `xml property list: …`).
    public static func read(_ bytes: [UInt8]) throws -> PropertyListValue {
        if BinaryPropertyList.hasHeader(bytes) { return try BinaryPropertyList.read(bytes) }
        return try readXML(bytes)
    }

    public static func read(_ data: Data) throws -> PropertyListValue { try read([UInt8](data)) }

    static func readXML(_ bytes: [UInt8]) throws -> PropertyListValue {
        let object: Any
        do {
            var format = PropertyListSerialization.PropertyListFormat.xml
            object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
            guard format == .xml else { throw ModelReadError("xml property list: the file is not xml") }
        } catch let error as ModelReadError {
            throw error
        } catch {
            throw ModelReadError("xml property list: the file is not a property list (\(bytes.count) bytes)")
        }
        return try convert(object, path: "top object", depth: 0)
    }

    /// Turns Foundation's objects into `PropertyListValue`; `path` names the place in messages.
    static func convert(_ object: Any, path: String, depth: Int) throws -> PropertyListValue {
        guard depth <= BinaryPropertyList.maximumDepth else {
            throw ModelReadError("xml property list: \(path): containers are nested more than \(BinaryPropertyList.maximumDepth) deep")
        }
        // Booleans first: on macOS they are NSNumbers too (objCType "c"), on Linux Swift Bools.
        if type(of: object) == Bool.self, let value = object as? Bool { return .bool(value) }
        switch object {
        case let string as String:
            return .string(string)
        case let data as Data:
            return .data([UInt8](data))
        case let date as Date:
            return .date(date.timeIntervalSinceReferenceDate)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f": return .real(number.doubleValue)
            case "Q", "L", "I", "S", "C":
                let value = number.uint64Value
                return value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
            default: return .integer(number.int64Value)
            }
        case let array as [Any]:
            return .array(try array.enumerated().map { try convert($0.element, path: "\(path)[\($0.offset)]", depth: depth + 1) })
        case let dictionary as [String: Any]:
            var result: [String: PropertyListValue] = [:]
            for (key, value) in dictionary {
                result[key] = try convert(value, path: "\(path).\(key)", depth: depth + 1)
            }
            return .dictionary(result)
        default:
            throw ModelReadError("xml property list: \(path) is of an unsupported type \(type(of: object))")
        }
    }
}
