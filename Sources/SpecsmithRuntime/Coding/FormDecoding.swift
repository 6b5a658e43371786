import Foundation

/// Reads a form body (an OAuth token endpoint's `access_token=…&scope=repo`) into a generated
/// type: the brackets give the nesting, the type asked for at each place gives each text its
/// meaning (a number, a boolean, a date), and an empty value is `nil` where the type may be absent.
package enum FormDecoding {
    /// `body`, a form, as `type`.
    /// - Throws: `DecodingError.dataCorrupted` for bytes that are no form, and what decoding the
    ///   type throws for a member that is missing or a text that is not what the type wants.
    package static func decode<Value: Decodable>(_ type: Value.Type, from body: Data) throws -> Value {
        guard let tree = FormTree.parse(form: body) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the body is not a form"))
        }
        return try FormTreeDecoder(node: tree, codingPath: []).leaf(type)
    }
}

/// A `Decoder` over one place of a form tree; `node` is `nil` where the form has nothing.
private struct FormTreeDecoder: Decoder {
    let node: FormTree?
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Whether the place holds nothing: absent, or an empty value (a form's `null`).
    var isNil: Bool {
        switch node {
        case nil, .value("")?: true
        default: false
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch node {
        case let .members(members)?: return KeyedDecodingContainer(Keyed(members: members, codingPath: codingPath))
        // An object with no members writes nothing.
        case nil, .value("")?: return KeyedDecodingContainer(Keyed(members: [:], codingPath: codingPath))
        default: throw mismatch([String: String].self, "members in brackets")
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch node {
        case let .items(items)?: return Unkeyed(items: items, codingPath: codingPath)
        case let .members(members)?:
            // Items by index (`items[0][price]`), in the order of their indices.
            let indexed = members.compactMap { key, child in Int(key).map { ($0, child) } }
            guard indexed.count == members.count else { throw mismatch([String].self, "items") }
            return Unkeyed(items: indexed.sorted { $0.0 < $1.0 }.map(\.1), codingPath: codingPath)
        case nil, .value("")?: return Unkeyed(items: [], codingPath: codingPath)
        default: throw mismatch([String].self, "items")
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    func mismatch(_ type: Any.Type, _ wanted: String) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(wanted) in the form"))
    }

    /// The text at this place; a `keyNotFound`-like error when there is none.
    func text() throws -> String {
        guard case let .value(text)? = node else {
            throw DecodingError.valueNotFound(
                String.self, .init(codingPath: codingPath, debugDescription: "the form has no text here"))
        }
        return text
    }

    /// The value of `type` at this place: a text read as what the type wants, or the type's own decoding.
    func leaf<Value: Decodable>(_ type: Value.Type) throws -> Value {
        func read<Parsed>(_ parse: (String) -> Parsed?, _ wanted: String) throws -> Value {
            let text = try text()
            guard let value = parse(text) as? Value else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "\"\(text)\" is not \(wanted)"))
            }
            return value
        }
        switch type {
        case is String.Type: return try read({ $0 }, "text")
        case is Bool.Type: return try read({ ["true": true, "false": false][$0] }, "true or false")
        case is Int.Type: return try read(Int.init, "a whole number")
        case is Int64.Type: return try read(Int64.init, "a whole number")
        case is UInt64.Type: return try read(UInt64.init, "a whole number that is not negative")
        case is Double.Type: return try read(Double.init, "a number")
        case is Decimal.Type:
            return try read({ Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }, "a number")
        case is Date.Type: return try read(WireCoding.parseDate, "an ISO-8601 date")
        case is URL.Type: return try read({ URL(string: $0) }, "a URL")
        case is Data.Type: return try read({ Data(base64Encoded: $0) }, "base64")
        default: return try Value(from: self)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: FormTree]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        private func child(_ key: Key) -> FormTreeDecoder {
            FormTreeDecoder(node: members[key.stringValue], codingPath: codingPath + [key])
        }

        func decodeNil(forKey key: Key) throws -> Bool { child(key).isNil }

        func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
            guard members[key.stringValue] != nil else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "the form has no \(key.stringValue)"))
            }
            return try child(key).leaf(type)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try child(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try child(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { FormTreeDecoder(node: .members(members), codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder { child(key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [FormTree]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        init(items: [FormTree], codingPath: [any CodingKey]) {
            self.items = items
            self.codingPath = codingPath
        }

        private mutating func next() throws -> FormTreeDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any.self, .init(codingPath: codingPath, debugDescription: "the form's list has no more items"))
            }
            defer { currentIndex += 1 }
            return FormTreeDecoder(
                node: items[currentIndex], codingPath: codingPath + [AnyCodingKey(intValue: currentIndex)!])
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, case .value("") = items[currentIndex] else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try next().leaf(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: FormTreeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.isNil }
        func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try decoder.leaf(type) }
    }
}
