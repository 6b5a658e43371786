import SpecsmithCore

extension TranslationContext {
    /// A union chosen by shape: the payload is the whole value, and its JSON kind (for objects, the
    /// marker key it holds) picks the case. A value no case takes is a decoding error naming what
    /// came, never a guessed case.
    func translateShapeUnion(_ decl: UnionDecl, of type: TypeDecl) -> Declaration {
        let shapes = spec.shapes(of: decl)
        let payloads = decl.cases.compactMap { item in item.payload.map { (item, $0) } }
        let cases: [Declaration] = payloads.map { item, payload in
            .line("case \(item.name)(\(swiftType(payload)))", doc: Doc(item.doc))
        }
        let markers = shapes.markers.map(Self.quoted).joined(separator: ", ")
        let decode = Declaration.function(
            doc: Doc(),
            signature: Signature.initializer(.public, ["from decoder: any Decoder"], " throws"),
            body: [
                .line(
                    "let shape = try \(Names.wireShape)(of: decoder\(markers.isEmpty ? "" : ", markers: [\(markers)]"))"
                ),
                .line("let value = try decoder.singleValueContainer()"),
                .block(
                    "switch shape",
                    shapes.choices.compactMap { choice -> Statement? in
                        guard let (item, payload) = payloads.first(where: { $0.0.name == choice.caseName }) else {
                            return nil
                        }
                        return .switchCase(
                            "case \(Self.shapePattern(choice, in: shapes)):",
                            [.line("self = .\(item.name)(try value.decode(\(swiftType(payload)).self))")])
                    } + [
                        .switchCase(
                            "default:", [.line("throw shape.mismatch(in: \(Self.quoted(type.name)), decoder: decoder)")]
                        )
                    ]),
            ])
        let encode = Declaration.function(
            doc: Doc(),
            signature: Signature.function(.public, "encode", ["to encoder: any Encoder"], " throws"),
            body: [
                .line("var container = encoder.singleValueContainer()"),
                .block(
                    "switch self",
                    payloads.map { item, _ in
                        .switchCase("case let .\(item.name)(payload):", [.line("try container.encode(payload)")])
                    }),
            ])
        return unionDeclaration(type, members: cases + [decode, encode])
    }

    /// The `WireShape` a choice answers to, as a pattern (`.object(marker: "login"?)`) or, with
    /// `asPattern` false, as the value the mock compares with (`.object(marker: "login")`).
    static func shapePattern(_ choice: UnionShapes.Choice, in shapes: UnionShapes, asPattern: Bool = true) -> String {
        guard choice.kind == .object else { return ".\(choice.kind.rawValue)" }
        guard let marker = choice.marker else {
            // The one object case of a union takes every object; the unmarked one of several takes
            // an object holding no marker.
            return shapes.markers.isEmpty && asPattern ? ".object" : ".object(marker: nil)"
        }
        return ".object(marker: \(quoted(marker))\(asPattern ? "?" : ""))"
    }
}
