// libFuzzer target: Xcode's model XML (`.xcdatamodel/contents`).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? ManagedObjectModel(xcdatamodelContents: Data(bytes: data, count: size))
    return 0
}
