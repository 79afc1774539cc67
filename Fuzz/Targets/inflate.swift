// libFuzzer target: raw deflate and zlib inflation with a limit, then the model cache path a store's
// Z_MODELCACHE takes (property list, keyed archive, model).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let inflated = try? Inflate.data(bytes, limit: 1 << 20) else { return 0 }
    if let archive = try? KeyedArchive(bytes: inflated) { _ = try? ManagedObjectModel(archive: archive) }
    return 0
}
