// libFuzzer target: the .realm byte-level reader — header and footer, the group's top array, a structural walk of
// every node reachable from the top, and every accessor on every node met. Any input must end in values or a
// RealmReadError of one line: never a crash, a hang or a multi-line message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let reader: RealmFileReader
    do {
        reader = try RealmFileReader(bytes: bytes, name: "fuzz.realm")
    } catch {
        check(error)
        return 0
    }
    do {
        let group = try reader.groupTop()
        for table in group.tables {
            if let ref = table.ref { _ = try? reader.array(at: ref).refOrTagged(at: 0) }
        }
    } catch {
        check(error)
    }
    if reader.header.topRef != 0 {
        var walk = RealmNodeWalk(reader: reader)
        do { try exercise(reader.header.topRef, &walk) } catch { check(error) }
    }
    // Nodes at the first offsets, whatever they hold: decoding garbage must be as safe as decoding the tree.
    var ref: UInt64 = 24
    while ref < UInt64(reader.header.dataEnd), ref < 24 + 16 * 8 {
        do { try touch(reader.array(at: ref), limit: 32) } catch { check(error) }
        ref += 8
    }
    return 0
}

/// Every accessor on the node at `ref`, then its children.
private func exercise(_ ref: UInt64, _ walk: inout RealmNodeWalk) throws {
    try walk.descend(into: ref) { walk, array in
        try touch(array, limit: 256)
        guard array.header.hasRefs else { return }
        for index in 0..<array.count {
            if case .ref(let child) = try array.refOrTagged(at: index) { try exercise(child, &walk) }
        }
    }
}

/// The accessors that fit the node's kind on its first `limit` elements, then each misuse once.
private func touch(_ array: RealmArray, limit: Int) throws {
    let count = min(array.count, limit)
    let header = array.header
    for index in 0..<count {
        switch header.widthType {
        case .bits:
            _ = try array.integer(at: index)
            _ = try array.unsignedInteger(at: index)
            if header.hasRefs { _ = try array.refOrTagged(at: index) }
        case .multiply:
            _ = try array.cell(at: index)
            do { _ = try array.shortString(at: index, nullable: true) } catch { check(error) }
        case .ignore:
            break
        }
    }
    if header.widthType == .bits, array.count <= 4096 { _ = try array.integers() }
    if header.widthType == .ignore { _ = try array.blobBytes() }
    do { _ = try array.integer(at: array.count) } catch { check(error) }
    do { _ = try array.cell(at: 0) } catch { check(error) }
    do { _ = try array.blobBytes() } catch { check(error) }
    do { _ = try array.refOrTagged(at: 0) } catch { check(error) }
    do { _ = try array.shortString(at: 0, nullable: false) } catch { check(error) }
}

/// A thrown error must be a one-line RealmReadError.
private func check(_ error: any Error) {
    guard let error = error as? RealmReadError else { fatalError("not a RealmReadError: \(error)") }
    if error.message.utf8.contains(10) || error.message.isEmpty { fatalError("bad message: \(error.message)") }
}
