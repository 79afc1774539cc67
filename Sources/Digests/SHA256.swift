/// SHA-256 (FIPS 180-4), for checksums of files, content digests and Core Data's entity version hashes;
/// Foundation on Linux has none. The one implementation every module uses.
public struct SHA256 {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// Bytes not yet compressed: always fewer than 64 between calls.
    private var block: [UInt8] = []
    private var totalBytes: UInt64 = 0
    private var schedule = [UInt32](repeating: 0, count: 64)

    public init() { block.reserveCapacity(64) }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        totalBytes &+= UInt64(bytes.count)
        var index = 0
        // Fill a partial block first, then compress whole blocks straight from the input.
        while index < bytes.count && !block.isEmpty {
            block.append(bytes[index])
            index += 1
            if block.count == 64 {
                block.withUnsafeBytes { compress($0) }
                block.removeAll(keepingCapacity: true)
            }
        }
        while bytes.count - index >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: bytes[index..<index + 64]))
            index += 64
        }
        block.append(contentsOf: bytes[index...])
    }

    public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    public mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// The digest as 64 lowercase hex digits. The hasher must not be used afterwards.
    public mutating func finalize() -> String {
        digest().map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    /// The digest's 32 bytes. The hasher must not be used afterwards.
    public mutating func digest() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var tail = block
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBytes { bytes in
            for start in stride(from: 0, to: bytes.count, by: 64) {
                compress(UnsafeRawBufferPointer(rebasing: bytes[start..<start + 64]))
            }
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    /// The digest of some bytes.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.digest()
    }

    /// The digest of some bytes as hex.
    public static func hex(_ bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// One 64-byte block into the state; on buffers, without the arrays' checks in the inner loops (a
    /// migration of 75 MB is a million blocks).
    private mutating func compress(_ bytes: UnsafeRawBufferPointer) {
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        schedule.withUnsafeMutableBufferPointer { w in
            Self.k.withUnsafeBufferPointer { k in
                for i in 0..<16 {
                    w[i] = UInt32(bytes[4 * i]) << 24 | UInt32(bytes[4 * i + 1]) << 16 | UInt32(bytes[4 * i + 2]) << 8
                        | UInt32(bytes[4 * i + 3])
                }
                for i in 16..<64 {
                    let x = w[i - 15], y = w[i - 2]
                    let s0 = x.rotatedRight(7) ^ x.rotatedRight(18) ^ (x >> 3)
                    let s1 = y.rotatedRight(17) ^ y.rotatedRight(19) ^ (y >> 10)
                    w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                }
                for i in 0..<64 {
                    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                    let t1 = h &+ s1 &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                    let t2 = s0 &+ ((a & b) ^ (a & c) ^ (b & c))
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                }
            }
        }
        state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
        state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
    }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 - count)) }
}
