import SpecsmithCore
import Testing

@Suite struct SyntaxDiagnosticsTests {
    @Test func missingCommaPointsAtTheNextKey() {
        SpecFixture(raw: "{\n  \"specsmith\": 1\n  »\"service\": {}\n}").expect("malformed JSON: expected ',' or '}'")
    }

    @Test func unterminatedStringPointsAtTheLineBreak() {
        SpecFixture(raw: "{\n  \"specsmith\": \"one»\n}").expect("unterminated string")
    }

    @Test func trailingCommaIsASyntaxError() {
        SpecFixture(raw: "{\n  \"specsmith\": 1,\n»}").expect("expected a string key in double quotes")
    }

    @Test func invalidLiteralIsReportedWhereItStarts() {
        SpecFixture(raw: "{ \"specsmith\": »tru }").expect("invalid literal; expected 'true'")
    }

    @Test func syntaxErrorIsRenderedCompilerStyle() {
        let diagnostic = SpecFixture(raw: "{\n  \"a\": [1, 2,\n»]\n}").expect("expected a value")
        #expect(
            diagnostic?.rendered(file: "Spec/x.json")
                == "Spec/x.json:3:1: error: malformed JSON: unexpected character ']'; expected a value")
    }

    @Test func unsupportedFormatVersion() {
        SpecFixture(raw: "{ \"specsmith\": »2, \"service\": {} }").expect(
            "unsupported spec format version 2", note: "version 1")
    }
}
