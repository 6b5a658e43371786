import SpecsmithCore
@_spi(Generated) import SpecsmithRuntime

// The exporter builds its document as JSONNode values; none of them points back into the spec file,
// so they all sit at one synthetic position.
let origin = SourcePosition(line: 0, column: 0)

func object(_ members: [(String, JSONNode)]) -> JSONNode {
    JSONNode(.object(members.map { JSONNode.Member(key: $0.0, keyLocation: origin, value: $0.1) }), at: origin)
}

func array(_ elements: [JSONNode]) -> JSONNode {
    JSONNode(.array(elements), at: origin)
}

func string(_ text: String) -> JSONNode {
    JSONNode(.string(text), at: origin)
}

func bool(_ flag: Bool) -> JSONNode {
    JSONNode(.bool(flag), at: origin)
}

func number(_ value: Int) -> JSONNode {
    JSONNode(.number(String(value)), at: origin)
}

/// The schema of a body that travels as it is, `nil` for JSON and forms: bytes (`format: binary`,
/// as generators read an upload or a download) or text.
func rawSchema(_ mediaType: String?) -> JSONNode? {
    switch mediaType {
    case "application/octet-stream": object([("type", string("string")), ("format", string("binary"))])
    case "text/plain": object([("type", string("string"))])
    default: nil
    }
}

/// An error code as its body writes it: a number or a string.
func code(_ value: ErrorCodeValue) -> JSONNode {
    switch value {
    case let .number(number): JSONNode(.number(String(number)), at: origin)
    case let .text(text): JSONNode(.string(text), at: origin)
    }
}

/// A reference to a schema under `#/components/schemas/`.
func reference(_ name: String) -> JSONNode {
    object([("$ref", string(schemaPointer(name)))])
}

func schemaPointer(_ name: String) -> String {
    "#/components/schemas/\(name)"
}

/// A string that can only be `value`, as generators and validators both read it.
///
/// Generators type a one-value `enum` (swift-openapi-generator and openapi-python-client make an
/// enum of it, instead of an untyped container for a bare `const`); JSON Schema validators read
/// `const`. Both say the same, so both are written.
func tagSchema(_ value: String) -> JSONNode {
    object([("type", string("string")), ("enum", array([string(value)])), ("const", string(value))])
}

/// An envelope marker's constant as a description shows it: `ok`, `false`.
func markerText(_ value: WireEnvelope.Marker.Value) -> String {
    switch value {
    case let .text(text): text
    case let .flag(flag): String(flag)
    }
}

/// An envelope marker's constant as JSON.
func markerNode(_ value: WireEnvelope.Marker.Value) -> JSONNode {
    switch value {
    case let .text(text): string(text)
    case let .flag(flag): bool(flag)
    }
}

/// The schema of an envelope marker's constant: a string tag, or a boolean that is always one value.
func markerSchema(_ value: WireEnvelope.Marker.Value) -> JSONNode {
    switch value {
    case let .text(text): tagSchema(text)
    case let .flag(flag): object([("type", string("boolean")), ("enum", array([bool(flag)])), ("const", bool(flag))])
    }
}

/// The members of an object node, or none.
func members(of node: JSONNode) -> [(String, JSONNode)] {
    (node.members ?? []).map { ($0.key, $0.value) }
}

/// A sentence appended to a description, with a space between when both have text.
func appending(_ sentence: String, to text: String) -> String {
    text.isEmpty ? sentence : text + " " + sentence
}
