import Foundation
@_spi(Generated) import SpecsmithRuntime
import Testing

@_spi(Generated) @testable import SpecsmithMock

/// The mock reads a query list in the form the spec declares, from a real query string.
@Suite struct QueryListTests {
    func request(_ query: String) -> MockRequest {
        var first: [String: String] = [:]
        var repeated: [String: [String]] = [:]
        MockRequest.collect(
            URLComponents(string: "http://localhost/?" + query)?.queryItems ?? [], into: &first, repeated: &repeated)
        var request = MockRequest(method: .get, path: "/", query: first)
        request.queryLists = repeated
        return request
    }

    @Test func explodedListKeepsEveryRepeatedValueInOrder() throws {
        let tags = try request("tag=b&tag=a%2Cc&other=1&tag=d").parameterList("tag", explode: true, as: String.self)
        #expect(tags == ["b", "a,c", "d"])
        #expect(try request("tag=x").parameterList("tag", explode: true, as: String.self) == ["x"])
    }

    @Test func joinedListSplitsOnCommas() throws {
        #expect(try request("id=1,2,3").requiredParameterList("id", explode: false, as: Int64.self) == [1, 2, 3])
        #expect(try request("").requiredParameterList("id", explode: false, as: Int64.self) == [])
        #expect(try request("").parameterList("id", explode: true, as: Int64.self) == nil)
    }

    @Test func anElementThatDoesNotConvertIsABadRequestNamingIt() {
        #expect(throws: MockFailure.badRequest("query parameter id[1]: \"x\" is not a valid UInt64")) {
            try request("id=1&id=x").parameterList("id", explode: true, as: UInt64.self)
        }
    }
}
