import Foundation
import FuzzSupport
import GoldenKit
@_spi(Generated) import SpecsmithRuntime

/// The wire decoding of generated types, from the golden fixture that uses every construct: unions
/// chosen by shape and by tag, open enums, exact decimals, value types with rules, dates, nullable
/// members. Invariants: no trap; a value that decodes encodes, and what it encodes decodes to a
/// value that encodes to the same bytes.
enum WireFuzz {
    static func check(_ input: Data) {
        roundTrip(Golden.Order.self, input)
        roundTrip(Golden.Recipient.self, input)
        roundTrip(Golden.Delivery.self, input)
        roundTrip(Golden.PlaceOrderResponse.self, input)
        roundTrip(Golden.ItemPatch.self, input)
        roundTrip(Golden.Flavor.self, input)
        roundTrip(JSONValue.self, input)
    }

    static func roundTrip<Value: Codable>(_ type: Value.Type, _ input: Data) {
        guard let value = try? WireCoding.decoder().decode(type, from: input) else { return }
        guard let first = try? WireCoding.encode(value) else {
            // Only a value the wire cannot say may fail to encode (none should).
            preconditionFailure("a decoded \(type) does not encode")
        }
        guard let again = try? WireCoding.decoder().decode(type, from: first) else {
            preconditionFailure(
                "a \(type) does not decode from its own encoding: \(String(decoding: first, as: UTF8.self))")
        }
        let second = try? WireCoding.encode(again)
        precondition(
            second == first,
            "a \(type) encodes differently after a round trip: \(String(decoding: first, as: UTF8.self)) then \(second.map { String(decoding: $0, as: UTF8.self) } ?? "nothing")"
        )
    }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        WireFuzz.check(Data(bytes: data, count: size))
        return 0
    }
#else
    @main struct Replay {
        static func main() { FuzzReplay.run("fuzz-wire", WireFuzz.check) }
    }
#endif
