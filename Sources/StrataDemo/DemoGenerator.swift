import SQLiteKit
import StrataCore

/// Realm Browser's demo database, written as SQLite in Strata's conventions.
///
/// Three classes of `rows` objects each, with values drawn the way Realm Browser's generator drew them,
/// from a seeded xoshiro256** stream: the same seed gives the same content on every platform.
public struct DemoGenerator: Sendable {
    public static let defaultRows = 1000
    public static let maximumRows = 100_000_000
    /// "Now" when a seed is given, so that seeded dates do not depend on the clock: 2026-01-01T00:00:00Z.
    public static let seededNow: Int64 = 1_767_225_600_000

    public let rows: Int
    public let seed: UInt64
    /// The moment dates count back from, in milliseconds since 1970.
    public let nowMilliseconds: Int64

    public init(rows: Int = DemoGenerator.defaultRows, seed: UInt64, nowMilliseconds: Int64 = DemoGenerator.seededNow) {
        self.rows = rows
        self.seed = seed
        self.nowMilliseconds = nowMilliseconds
    }

    public static let classNames = ["RealmTestClass0", "RealmTestClass1", "RealmTestClass2"]

    public static let schemaSQL = """
        CREATE TABLE RealmTestClass0 (
            id INTEGER PRIMARY KEY,
            integerValue INTEGER NOT NULL,
            stringValue TEXT NOT NULL,
            dataValue BLOB NOT NULL
        );
        CREATE TABLE RealmTestClass1 (
            id INTEGER PRIMARY KEY,
            integerValue INTEGER NOT NULL,
            boolValue BOOLEAN NOT NULL CHECK (boolValue IN (0, 1)),
            floatValue FLOAT NOT NULL,
            doubleValue DOUBLE NOT NULL,
            stringValue TEXT NOT NULL,
            dateValue DATETIME NOT NULL
        );
        \(ListTable.createSQL(owner: "RealmTestClass1", property: "arrayReference", target: "RealmTestClass0"))
        CREATE TABLE RealmTestClass2 (
            id INTEGER PRIMARY KEY,
            integerValue INTEGER NOT NULL,
            boolValue BOOLEAN NOT NULL CHECK (boolValue IN (0, 1)),
            objectReference INTEGER REFERENCES RealmTestClass1(id) ON DELETE SET NULL
        );
        """

    /// Indexes for backlinks, made after the rows are in: sorting once beats inserting at random.
    public static let indexSQL = """
        CREATE INDEX RealmTestClass1_arrayReference_target ON RealmTestClass1_arrayReference(target);
        CREATE INDEX RealmTestClass2_objectReference ON RealmTestClass2(objectReference);
        """

    /// Where generation has got to, for progress reports.
    public struct Progress: Sendable {
        public var className: String
        /// Objects written in all classes so far, of `total`.
        public var done: Int
        public var total: Int
        /// What is under way: the objects, then the indexes (a minute for millions of objects), then the
        /// commit and the move into place.
        public var step: Step = .writing

        public enum Step: Sendable, Equatable { case writing, indexing, saving }

        public init(className: String, done: Int, total: Int, step: Step = .writing) {
            (self.className, self.done, self.total, self.step) = (className, done, total, step)
        }
    }

    /// Creates the classes and fills them, in the caller's transaction.
    ///
    /// - Parameters:
    ///   - threaded: insert on a second thread while this one draws the values (`InsertPipe`): the same file, sooner.
    ///   - progress: called every few thousand objects.
    ///   - shouldStop: polled as often; returning true throws `StrataError.interrupted`.
    public func write(into connection: Connection, threaded: Bool = Platform.processorCount > 1,
                      progress: ((Progress) -> Void)? = nil, shouldStop: () -> Bool = { false }) throws
    {
        try connection.execute(Self.schemaSQL)
        var values = DemoValues(seed: seed)
        let total = rows * 3
        let step = 4096

        func report(_ className: String, _ done: Int, _ step: Progress.Step = .writing) throws {
            if shouldStop() { throw StrataError.interrupted }
            progress?(Progress(className: className, done: done, total: total, step: step))
        }

        let (class0, class1, list, class2) = (0, 1, 2, 3)
        let statements = try [
            "INSERT INTO RealmTestClass0 (id, integerValue, stringValue, dataValue) VALUES (?1, ?2, ?3, ?4)",
            """
            INSERT INTO RealmTestClass1 (id, integerValue, boolValue, floatValue, doubleValue, stringValue, dateValue)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """,
            "INSERT INTO RealmTestClass1_arrayReference (owner, position, target) VALUES (?1, ?2, ?3)",
            "INSERT INTO RealmTestClass2 (id, integerValue, boolValue, objectReference) VALUES (?1, ?2, ?3, ?4)",
        ].map { try connection.prepare($0 as SQL) }
        let pipe = InsertPipe(statements, failures: Array(repeating: nil, count: statements.count), on: connection, threaded: threaded)
        var finished = false
        defer { if !finished { pipe.cancel() } }

        for id in stride(from: 1, through: rows, by: 1) {
            if id % step == 0 { try report("RealmTestClass0", id) }
            let key = SQLiteValue.integer(Int64(id))
            try pipe.bind(key, at: 1, of: class0)
            try pipe.bind(.integer(values.int()), at: 2, of: class0)
            try values.withString { try pipe.bindText($0, at: 3, of: class0) }
            try values.withString { try pipe.bindBlob($0, at: 4, of: class0) }
            try pipe.run(class0, owner: key)
        }

        for id in stride(from: 1, through: rows, by: 1) {
            if id % step == 0 { try report("RealmTestClass1", rows + id) }
            let key = SQLiteValue.integer(Int64(id))
            try pipe.bind(key, at: 1, of: class1)
            try pipe.bind(.integer(values.int()), at: 2, of: class1)
            try pipe.bind(.integer(values.bool() ? 1 : 0), at: 3, of: class1)
            try pipe.bind(.real(Double(values.float())), at: 4, of: class1)
            try pipe.bind(.real(values.double()), at: 5, of: class1)
            try values.withString { try pipe.bindText($0, at: 6, of: class1) }
            var date = ISODate.format(unixMilliseconds: nowMilliseconds - 1000 * values.secondsAgo())
            try date.withUTF8 { try pipe.bindText(UnsafeRawBufferPointer($0), at: 7, of: class1) }
            try pipe.run(class1, owner: key)
            let count = values.listLength()
            for position in 0..<count {
                try pipe.bind(key, at: 1, of: list)
                try pipe.bind(.integer(Int64(position)), at: 2, of: list)
                try pipe.bind(.integer(values.key(upTo: rows)), at: 3, of: list)
                try pipe.run(list, owner: key)
            }
        }

        for id in stride(from: 1, through: rows, by: 1) {
            if id % step == 0 { try report("RealmTestClass2", 2 * rows + id) }
            let key = SQLiteValue.integer(Int64(id))
            try pipe.bind(key, at: 1, of: class2)
            try pipe.bind(.integer(values.int()), at: 2, of: class2)
            try pipe.bind(.integer(values.bool() ? 1 : 0), at: 3, of: class2)
            try pipe.bind(.integer(values.key(upTo: rows)), at: 4, of: class2)
            try pipe.run(class2, owner: key)
        }
        try pipe.finish()
        finished = true
        try report("RealmTestClass2", total, .indexing)
        try connection.execute(Self.indexSQL)
    }
}

/// The value distributions of Realm Browser's demo generator, drawn from one random stream.
struct DemoValues {
    var random: RandomGenerator
    /// A reusable buffer for strings: a UUID, sometimes padded to 10,000 bytes.
    private var text: [UInt8] = []

    static let longLength = 10_000
    static let uniformBound: UInt64 = 9_999_999

    init(seed: UInt64) {
        random = RandomGenerator(seed: seed)
        text.reserveCapacity(Self.longLength)
    }

    /// 1 in 20 Int64.min, 1 in 20 Int64.max, 1 in 20 zero, else uniform in 0..<9,999,999.
    mutating func int() -> Int64 {
        switch random.below(20) {
        case 0: .min
        case 1: .max
        case 2: 0
        default: Int64(random.below(Self.uniformBound))
        }
    }

    /// 1 in 20 the smallest positive normal Float, 1 in 20 the largest, 1 in 20 zero, else uniform / 9999.
    mutating func float() -> Float {
        switch random.below(20) {
        case 0: .leastNormalMagnitude
        case 1: .greatestFiniteMagnitude
        case 2: 0
        default: Float(random.below(Self.uniformBound)) / 9999
        }
    }

    mutating func double() -> Double {
        switch random.below(20) {
        case 0: .leastNormalMagnitude
        case 1: .greatestFiniteMagnitude
        case 2: 0
        default: Double(random.below(Self.uniformBound)) / 9999
        }
    }

    mutating func bool() -> Bool { random.coin() }

    /// Seconds before "now" for a date: uniform in 0..<999,999,999.
    mutating func secondsAgo() -> Int64 { Int64(random.below(999_999_999)) }

    /// A list's length: 0…12.
    mutating func listLength() -> Int { Int(random.below(13)) }

    /// A random existing object key in 1…count.
    mutating func key(upTo count: Int) -> Int64 { Int64(random.below(UInt64(count))) + 1 }

    /// A UUID string; 1 in 100 padded with " bla" to 10,000 characters. Passed as UTF-8 bytes that are
    /// valid only inside `body`.
    mutating func withString<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        text.removeAll(keepingCapacity: true)
        appendUUID()
        if random.below(100) == 0 {
            let padding: [UInt8] = Array(" bla".utf8)
            var index = 0
            while text.count < Self.longLength {
                text.append(padding[index % padding.count])
                index += 1
            }
        }
        return try text.withUnsafeBytes(body)
    }

    /// A version 4 UUID in upper case, as NSUUID writes it: `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    private mutating func appendUUID() {
        let high = random.next(), low = random.next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
    }
}
