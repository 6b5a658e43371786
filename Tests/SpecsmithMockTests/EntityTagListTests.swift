import Testing

@testable import SpecsmithMock

/// The mock reads an `If-None-Match` list as RFC 9110 writes it: commas separate tags, and a
/// quoted tag may hold one.
struct EntityTagListTests {
    @Test(arguments: [
        (#""a""#, [#""a""#]),
        (#""a", W/"b""#, [#""a""#, #"W/"b""#]),
        (#""v1,2""#, [#""v1,2""#]),
        (#"W/"x,y" , "z""#, [#"W/"x,y""#, #""z""#]),
        ("*", ["*"]),
        (#", "a",,"#, [#""a""#]),
    ])
    func splitsBetweenTagsOnly(list: String, tags: [String]) {
        #expect(MockRouter.entityTags(in: list) == tags)
    }
}
