/// A reference to a type as a spec writes it: `string`, `Card`, `[Card]`, `[string: int]`, `Card?`.
public indirect enum TypeRef: Sendable, Hashable, CustomStringConvertible {
    case primitive(Primitive)
    case named(String)
    case array(TypeRef)
    case map(TypeRef)
    case optional(TypeRef)

    /// The primitives of the format; `decimal` is exact (money-safe) and `date` is ISO-8601 on the wire.
    /// `int64` and `uint64` say the width on the wire, as APIs with 64-bit ids document it; `json`
    /// is any JSON value, for a field whose shape the service leaves open. `unixSeconds`,
    /// `unixMilliseconds` and `httpDate` are dates too, written as the APIs that use them write
    /// them: whole units since 1970 as a number (Stripe's `created`), or RFC 9110's HTTP-date
    /// (`Last-Modified`).
    public enum Primitive: String, Sendable, Hashable, CaseIterable {
        case string, int, int64, uint64, bool, decimal, double, date, url, uuid, bytes, json, file
        case unixSeconds, unixMilliseconds, httpDate

        /// Whether the primitive is a date in a form other than ISO 8601: Swift sees `Date`, the
        /// wire sees the runtime's `WireTime` of the format.
        public var isFormattedDate: Bool {
            switch self {
            case .unixSeconds, .unixMilliseconds, .httpDate: true
            default: false
            }
        }
    }

    /// The date primitive in another form than ISO 8601 that `self` holds, however deep.
    public var formattedDate: Primitive? {
        switch self {
        case let .primitive(primitive): primitive.isFormattedDate ? primitive : nil
        case .named: nil
        case let .array(inner), let .map(inner), let .optional(inner): inner.formattedDate
        }
    }

    /// Whether a `file` is in the reference itself, however deep (not in the types it names).
    public var holdsFile: Bool {
        switch self {
        case let .primitive(primitive): primitive == .file
        case .named: false
        case let .array(inner), let .map(inner), let .optional(inner): inner.holdsFile
        }
    }

    /// Parses the textual form; `nil` when it is malformed.
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { return nil }
        if trimmed.hasSuffix("?") {
            guard let wrapped = TypeRef(parsing: String(trimmed.dropLast())) else { return nil }
            if case .optional = wrapped { return nil }
            self = .optional(wrapped)
        } else if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
            let inner = String(trimmed.dropFirst().dropLast())
            // A map's colon is outside any inner brackets: `[[string: Card]]` is a list of maps.
            var depth = 0
            let outerColon = inner.indices.first { index in
                switch inner[index] {
                case "[": depth += 1
                case "]": depth -= 1
                case ":": return depth == 0
                default: break
                }
                return false
            }
            if let colon = outerColon {
                guard inner[..<colon].trimmingWhitespace == "string",
                    let value = TypeRef(parsing: String(inner[inner.index(after: colon)...]))
                else { return nil }
                self = .map(value)
            } else {
                guard let element = TypeRef(parsing: inner) else { return nil }
                self = .array(element)
            }
        } else if let primitive = Primitive(rawValue: trimmed) {
            self = .primitive(primitive)
        } else if trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
            self = .named(trimmed)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case let .primitive(primitive): primitive.rawValue
        case let .named(name): name
        case let .array(element): "[\(element)]"
        case let .map(value): "[string: \(value)]"
        case let .optional(wrapped): "\(wrapped)?"
        }
    }

    /// Whether the reference is a list (`[T]`).
    public var isArray: Bool {
        if case .array = self { true } else { false }
    }

    public var isOptional: Bool {
        if case .optional = self { true } else { false }
    }

    /// The type without its outer optional.
    public var unwrapped: TypeRef {
        if case let .optional(wrapped) = self { wrapped } else { self }
    }

    /// Every named type this reference mentions.
    public var namedTypes: [String] {
        switch self {
        case .primitive: []
        case let .named(name): [name]
        case let .array(inner), let .map(inner), let .optional(inner): inner.namedTypes
        }
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
