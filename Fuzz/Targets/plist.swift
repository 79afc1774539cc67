// libFuzzer target: the binary and XML property list reader, then the keyed archive and model readers on
// whatever reads as a property list. Any input must end in a value or a thrown error: never a crash or a hang.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? PropertyList.read(bytes) else { return 0 }
    if let archive = try? KeyedArchive(propertyList: value), let root = try? archive.root() {
        _ = root.dump(depth: 16)
        _ = try? ManagedObjectModel(archive: archive)
    }
    return 0
}
