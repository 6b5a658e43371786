import Foundation
@_spi(Generated) import SpecsmithRuntime

extension JournalRedactor {
    /// Bytes that may stand between the digits of a card number as people and forms write it.
    private static let separators: Set<UInt8> = [
        UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "/"),
        UInt8(ascii: "_"), UInt8(ascii: "\t"),
    ]
    /// The same separators percent-encoded, as they arrive in a path or query (`%20`, `%2F`, …).
    private static let encodedSeparators: Set<String> = ["20", "2B", "2D", "2E", "2F", "5F", "09"]
    /// More separators than this in a row end a run: two numbers far apart are two numbers.
    private static let maxSeparatorsInARow = 3

    /// `text` with every run of 12 or more digits replaced by `<redacted>`: the shape of a card
    /// number, wherever it turns up, whatever separates its digits (spaces, dashes, dots, `+`,
    /// slashes, underscores, tabs, or any of them percent-encoded).
    static func maskingDigits(in text: String) -> String {
        // Fewer than 12 digits in all cannot hold a run of 12: most paths and headers, copied as
        // they are, without the pass below.
        var digitCount = 0
        for byte in text.utf8 where (48...57).contains(byte) {
            digitCount += 1
            if digitCount >= 12 { break }
        }
        guard digitCount >= 12 else { return text }
        // Bytes, not Characters: digits and separators are ASCII, and this runs on every entry.
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var runStart: Int?
        var lastDigitEnd = 0
        var digits = 0
        var separatorsInARow = 0
        func flush(upTo end: Int) {
            guard let start = runStart else { return }
            if digits >= 12 {
                output += Array(redacted.utf8)
                output += bytes[lastDigitEnd..<end]
            } else {
                output += bytes[start..<end]
            }
            runStart = nil
            digits = 0
            separatorsInARow = 0
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if (48...57).contains(byte) {
                if runStart == nil { runStart = index }
                digits += 1
                separatorsInARow = 0
                lastDigitEnd = index + 1
                index += 1
                continue
            }
            let width = separatorWidth(in: bytes, at: index)
            if runStart != nil, width > 0, separatorsInARow < maxSeparatorsInARow {
                separatorsInARow += 1
                index += width
                continue
            }
            flush(upTo: index)
            // An encoded separator goes out whole, so its hex digits never count as digits.
            let step = max(1, width)
            output += bytes[index..<index + step]
            index += step
        }
        flush(upTo: bytes.count)
        return String(decoding: output, as: UTF8.self)
    }

    /// How many bytes the separator at `index` takes (1, or 3 when percent-encoded); 0 for none.
    private static func separatorWidth(in bytes: [UInt8], at index: Int) -> Int {
        if separators.contains(bytes[index]) { return 1 }
        guard bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count else { return 0 }
        let code = String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self).uppercased()
        return encodedSeparators.contains(code) ? 3 : 0
    }
}
