import SpecsmithCore
import Testing

/// Builds small specs for diagnostics tests. A `»` in the text marks where the expected diagnostic
/// points; it is removed before parsing, and its line and column are the expectation.
struct SpecFixture {
    var text: String
    var marked: SourcePosition?

    init(
        types: String = "", endpoints: String = "", otps: String? = nil, errors: String = "",
        environments: String = #""production": {"urls": {"api": "https://shop.example"}}"#,
        hosts: String = #""api": {}"#, serviceExtra: String = ""
    ) {
        let otpsLine = otps.map { ",\n  \"otps\": \($0)" } ?? ""
        self.init(
            raw: """
                {
                  "specsmith": 1,
                  "service": {
                    "name": "Shop", "module": "ShopKit", "mockModule": "ShopKitMock",
                    "hosts": {\(hosts)},
                    "environments": {\(environments)}\(serviceExtra)
                  },
                  "types": {
                \(types)
                  },
                  "endpoints": {
                \(endpoints)
                  },
                  "errors": {
                \(errors)
                  }\(otpsLine)
                }
                """)
    }

    init(raw: String) {
        var line = 1
        var column = 1
        var cleaned = ""
        for character in raw {
            if character == "»" {
                marked = SourcePosition(line: line, column: column)
                continue
            }
            cleaned.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        text = cleaned
    }

    var diagnostics: [Diagnostic] { SpecLoader.load(text: text, path: "Spec/shop.json").diagnostics.sorted }

    /// Expects a diagnostic whose message contains `message` at the marked position, and returns it.
    @discardableResult
    func expect(_ message: String, note: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> Diagnostic?
    {
        let all = diagnostics
        guard let marked else {
            Issue.record("the fixture has no » marker", sourceLocation: sourceLocation)
            return nil
        }
        let match = all.first { $0.message.contains(message) && $0.location == marked }
        #expect(
            match != nil,
            "expected \"\(message)\" at \(marked); got:\n\(all.map { $0.rendered(file: "Spec/shop.json") }.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
        if let note, let match {
            #expect(
                match.note?.contains(note) == true, "note was \(match.note ?? "nil")", sourceLocation: sourceLocation)
        }
        return match
    }
}
