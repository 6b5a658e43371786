import Foundation
import FuzzSupport
@_spi(Generated) import SpecsmithRuntime

/// The form and multipart codecs. Invariants: no trap; a form read back from what the form writer
/// wrote is the same tree; parts written are read back as written; the form reader answers a value
/// or a DecodingError, never anything else.
enum FormFuzz {
    struct Shape: Codable, Equatable {
        struct Line: Codable, Equatable {
            var sku: String
            var price: Decimal?
        }
        var count: Int?
        var flag: Bool?
        var at: Date?
        var tags: [String]?
        var lines: [Line]?
        var meta: [String: String]?
    }

    static func check(_ input: Data) {
        // Any bytes as a form, and as a multipart body with a fixed boundary.
        if let tree = FormTree.parse(form: input), case .members = tree {
            _ = try? FormDecoding.decode(Shape.self, from: input)
        }
        if let parts = MultipartForm.parts(of: input, boundary: "b0undary") {
            let again = MultipartForm.parts(
                of: MultipartForm.write(parts, boundary: "x-\(input.count)-y"),
                boundary: "x-\(input.count)-y")
            // A part that holds the new boundary cannot be written with it; others must read back.
            if !parts.contains(where: { $0.holds(Data("x-\(input.count)-y".utf8)) }) {
                precondition(again == parts, "multipart parts do not read back as written")
            }
        }
        // What the form writer writes of a decoded shape reads back as that shape.
        // (Compared as written: a date's digits past the millisecond are not kept.)
        if let shape = try? FormDecoding.decode(Shape.self, from: input), let written = try? FormEncoding.encode(shape)
        {
            let back = try? FormDecoding.decode(Shape.self, from: written)
            precondition(
                back.flatMap { try? FormEncoding.encode($0) } == written,
                "a form does not read back as written: \(String(decoding: written, as: UTF8.self))")
        }
    }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        FormFuzz.check(Data(bytes: data, count: size))
        return 0
    }
#else
    @main struct Replay {
        static func main() { FuzzReplay.run("fuzz-forms", FormFuzz.check) }
    }
#endif
