import Foundation
import Testing

@testable @_spi(Generated) import SpecsmithRuntime

/// The form codec's two halves that stand alone: names into paths, bodies into pairs.
@Suite struct FormEncodingTests {
    @Test func bracketedNamesAreTheirPaths() {
        #expect(FormEncoding.path(of: "items[0][price]") == ["items", "0", "price"])
        #expect(FormEncoding.path(of: "tags[]") == ["tags", ""])
        #expect(FormEncoding.path(of: "plain") == ["plain"])
        for broken in ["", "[a]", "a[b", "a[b]c"] {
            #expect(FormEncoding.path(of: broken) == nil, "\(broken)")
        }
        // A closing bracket alone is part of a plain name, as servers read it.
        #expect(FormEncoding.path(of: "a]") == ["a]"])
    }

    @Test func bodiesAreUnescapedPairsAndBrokenEscapesAreNone() throws {
        let pairs = try #require(FormEncoding.pairs(of: Data("a=1+2&b%5B%5D=%26&c&=x".utf8)))
        #expect(pairs.map(\.name) == ["a", "b[]", "c", ""])
        #expect(pairs.map(\.value) == ["1 2", "&", "", "x"])
        #expect(FormEncoding.pairs(of: Data("a=%ZZ".utf8)) == nil)
        #expect(FormEncoding.pairs(of: Data([0x61, 0x3D, 0xFF])) == nil)
    }

    struct Order: Encodable {
        var id = 7
        var lines = [Line(sku: "t-1", qty: 2)]
        var note: String? = nil
        struct Line: Encodable {
            var sku: String
            var qty: Int
        }
    }

    @Test func listsOfObjectsAreIndexed() throws {
        let body = String(decoding: try FormEncoding.encode(Order()), as: UTF8.self)
        #expect(body == "id=7&lines[0][qty]=2&lines[0][sku]=t-1")
    }
}
