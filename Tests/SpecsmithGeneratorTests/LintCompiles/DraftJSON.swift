import Foundation
import SpecsmithCore

/// A spec under construction: JSON that keeps member order, built by the drawer, cut by the shrinker
/// and written one member per line, so every key a diagnostic can name has a line of its own.
indirect enum DraftJSON: Equatable, Sendable {
    case object([(key: String, value: DraftJSON)])
    case array([DraftJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    static func == (lhs: DraftJSON, rhs: DraftJSON) -> Bool {
        lhs.text == rhs.text
    }

    /// A step into an object (by key) or an array (by index).
    enum Step: Hashable, Sendable, CustomStringConvertible {
        case key(String)
        case index(Int)

        var description: String {
            switch self {
            case let .key(key): "/\(key)"
            case let .index(index): "/\(index)"
            }
        }
    }

    var members: [(key: String, value: DraftJSON)]? {
        if case let .object(members) = self { members } else { nil }
    }

    subscript(key: String) -> DraftJSON? {
        members?.first { $0.key == key }?.value
    }

    /// The value at `path`, if there is one.
    func at(_ path: [Step]) -> DraftJSON? {
        guard let step = path.first else { return self }
        switch (step, self) {
        case let (.key(key), .object(members)):
            return members.first { $0.key == key }?.value.at(Array(path.dropFirst()))
        case let (.index(index), .array(items)) where items.indices.contains(index):
            return items[index].at(Array(path.dropFirst()))
        default: return nil
        }
    }

    /// This value with the value at `path` replaced by `transform` of it (nothing changes where
    /// there is no such value). A `nil` result removes the member or element.
    func updating(_ path: [Step], _ transform: (DraftJSON) -> DraftJSON?) -> DraftJSON {
        guard let step = path.first else { return transform(self) ?? self }
        let rest = Array(path.dropFirst())
        switch (step, self) {
        case let (.key(key), .object(members)):
            return .object(
                members.compactMap { member in
                    guard member.key == key else { return member }
                    if rest.isEmpty { return transform(member.value).map { (key, $0) } }
                    return (key, member.value.updating(rest, transform))
                })
        case let (.index(index), .array(items)) where items.indices.contains(index):
            var items = items
            if rest.isEmpty {
                if let replaced = transform(items[index]) { items[index] = replaced } else { items.remove(at: index) }
            } else {
                items[index] = items[index].updating(rest, transform)
            }
            return .array(items)
        default:
            return self
        }
    }

    /// The value with `key` set to `value` (appended when absent), for an object.
    func setting(_ key: String, _ value: DraftJSON) -> DraftJSON {
        guard var members else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// The spec text: two-space indentation, one member or element per line, as ``JSONText`` writes
    /// every spec.
    var text: String { JSONText.pretty(node) }

    /// The value as a ``JSONNode``; where it stands is for the reader to find, so every place is 1:1.
    private var node: JSONNode {
        let place = SourcePosition(line: 1, column: 1)
        let value: JSONNode.Value =
            switch self {
            case let .object(members):
                .object(members.map { JSONNode.Member(key: $0.key, keyLocation: place, value: $0.value.node) })
            case let .array(items): .array(items.map(\.node))
            case let .string(text): .string(text)
            case let .number(text): .number(text)
            case let .bool(flag): .bool(flag)
            case .null: .null
            }
        return JSONNode(value, at: place)
    }
}

extension DraftJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .number(String(value)) }
}
