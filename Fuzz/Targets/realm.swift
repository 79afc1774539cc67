// libFuzzer target: the .realm reader — header and footer, the group's top array, a structural walk of every node
// reachable from the top, every accessor on every node met, then the whole file as `strata convert` reads it: the
// schema and every object of every table, all columns, each value touched (string lengths, decimal text, ids).
// An encrypted input is decrypted with the seeds' key first. Any input must end in values or a RealmReadError of one
// line: never a crash, a hang or a multi-line message.
// (RealmConvert's SQLite side is not linked: Fuzz/run builds RealmFile alone, and the conversion adds no reading.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // An encrypted file (the seeds' key is the fixtures': the bytes 00 to 3f) is decrypted first, every page
    // authenticated, then read as any file.
    if size >= 20, Array(bytes[16..<20]) != RealmFileHeader.mnemonic,
       RealmFileHeader.looksEncrypted(prefix: Array(bytes.prefix(32)), size: size) {
        do {
            bytes = try bytes.withUnsafeBytes { try RealmEncryption.decrypt($0, key: fuzzKey, name: "fuzz.realm") }
        } catch {
            check(error)
            return 0
        }
    }
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
    readObjects(reader)
    return 0
}

private let fuzzKey = (0..<64).map { UInt8($0) }

/// The schema, then every object of every table through `forEachObject`, each value touched.
private func readObjects(_ reader: RealmFileReader) {
    let schema: RealmSchema
    do { schema = try reader.schema() } catch {
        check(error)
        return
    }
    sink &+= schema.classes.count &+ Int(truncatingIfNeeded: schema.schemaVersion ?? 0)
    for table in schema.tables {
        sink &+= table.objectCount &+ (table.className?.utf8.count ?? 0) &+ (table.primaryKey ?? 0)
        do {
            try reader.forEachObject(in: table) { key, values in
                sink &+= Int(truncatingIfNeeded: key)
                for value in values { touch(value) }
            }
            // One column alone, as RealmKeyMaps reads the primary key.
            if table.columns.count > 1, let column = table.columns.last {
                try reader.forEachObject(in: table, columns: [column]) { _, values in touch(values[0]) }
            }
        } catch {
            check(error)
        }
    }
}

nonisolated(unsafe) private var sink = 0

/// Every part of `value` the converter turns into text or bytes.
private func touch(_ value: RealmValue) {
    sink &+= value.typeName?.utf8.count ?? 0
    switch value {
    case .null: break
    case .int(let int): sink &+= Int(truncatingIfNeeded: int)
    case .bool(let bool): sink &+= bool ? 1 : 0
    case .float(let float): sink &+= float.description.utf8.count
    case .double(let double): sink &+= double.description.utf8.count
    case .string(let string): sink &+= string.utf8.count
    case .binary(let bytes): sink &+= bytes.count &+ Int(bytes.first ?? 0)
    case .timestamp(let time): sink &+= Int(truncatingIfNeeded: time.seconds) &+ Int(time.nanoseconds)
    case .decimal(let decimal): sink &+= decimal.description.utf8.count &+ (decimal.isNaN ? 1 : 0)
    case .objectId(let id): sink &+= id.description.utf8.count
    case .uuid(let id): sink &+= id.description.utf8.count
    case .link(let table, let key): sink &+= table &+ Int(truncatingIfNeeded: key)
    case .list(let values), .set(let values): for value in values { touch(value) }
    case .dictionary(let entries):
        for entry in entries {
            sink &+= entry.key.utf8.count
            touch(entry.value)
        }
    }
}

/// Every accessor on the node at `ref`, then its children.
private func exercise(_ ref: UInt64, _ walk: inout RealmNodeWalk) throws {
    try walk.descend(into: ref) { walk, array in
        try touch(array, limit: 256)
        // Width 0: every element is the null ref, however many (up to 16 million) the count claims.
        guard array.header.hasRefs, array.header.width > 0 else { return }
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
