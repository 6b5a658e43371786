import SpecsmithCore
import Testing

@Suite struct JSONParserTests {
    @Test func valuesKeepTheirLineAndColumn() throws {
        let node = try JSONParser.parse("{\n  \"a\": [1, \"two\"],\n  \"b\": {\"c\": null}\n}")
        let members = try #require(node.members)
        #expect(members[0].keyLocation == SourcePosition(line: 2, column: 3))
        #expect(members[0].value.location == SourcePosition(line: 2, column: 8))
        #expect(members[0].value.elements?[1].location == SourcePosition(line: 2, column: 12))
        #expect(node["b"]?["c"]?.location == SourcePosition(line: 3, column: 14))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let node = try JSONParser.parse("{\"ş\": \"ç\", \"x\": 1}")
        #expect(node["x"]?.location == SourcePosition(line: 1, column: 17))
    }

    @Test func numbersKeepTheirSpelling() throws {
        let node = try JSONParser.parse("[100.00, -0.5e3, 12345678901234567890]")
        #expect(node.elements?.map(\.value) == [.number("100.00"), .number("-0.5e3"), .number("12345678901234567890")])
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let node = try JSONParser.parse(#"["a\"b\\c\n", "\u00e7\ud83d\ude00"]"#)
        #expect(node.elements?.map(\.string) == ["a\"b\\c\n", "ç😀"])
    }

    @Test func objectsKeepMemberOrder() throws {
        let node = try JSONParser.parse(#"{"z": 1, "a": 2, "m": 3}"#)
        #expect(node.members?.map(\.key) == ["z", "a", "m"])
    }

    @Test(arguments: [
        ("[01]", "leading zeros"), ("[1.]", "digit after '.'"), ("{\"a\" 1}", "expected ':'"),
        ("[1] 2", "after the end"),
        ("\"\\x\"", "invalid escape"), ("", "unexpected end of file"),
    ])
    func malformedInputIsRejected(text: String, message: String) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            (error as? JSONParser.SyntaxError)?.message.contains(message) == true
        }
    }

    @Test func deepNestingIsRejectedNotCrashed() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
    }
}
