import Foundation
@_spi(Generated) import SpecsmithMock
import Testing

/// A comment whose replies are comments: its schema refers to itself, as generated code writes it.
private enum Comment {
    static let wireSchema: WireSchema = .object([
        .required("text", .string), .optional("replies", .array(.deferred { Comment.wireSchema })),
    ])
}

/// A type that holds itself is checked as deep as the value goes, and making its schema does not
/// read the schema being made.
@Suite struct RecursiveSchemaTests {
    @Test func aProblemDeepInALoopIsFoundByItsPath() {
        let body = #"{"text": "a", "replies": [{"text": "b", "replies": [{"text": 3}, {"replies": []}]}]}"#
        let problems = Comment.wireSchema.problems(in: Data(body.utf8))
        #expect(
            problems == [
                "replies[0].replies[0].text: expected a string, found a number",
                "replies[0].replies[1].text: missing required field",
            ])
        #expect(Comment.wireSchema.problems(in: Data(#"{"text": "a", "replies": [{"text": "b"}]}"#.utf8)).isEmpty)
    }
}
