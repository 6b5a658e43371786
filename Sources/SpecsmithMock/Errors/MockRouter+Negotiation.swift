import Foundation
@_spi(Generated) import SpecsmithRuntime

/// Content negotiation, checked before any handler runs: a body sent in a media type the operation
/// does not take is a `415`, and a request whose `Accept` admits no JSON answer is a `406`, each in
/// the error the spec declares for that status. A request without `Content-Type` or `Accept` is
/// taken as it is, as HTTP allows.
extension MockRouter {
    /// The media type every answer of the mock is written in.
    static let answerMediaType = MediaRange(type: "application", subtype: "json")

    /// The refusal of a request whose body or `Accept` the operation cannot serve; `nil` when it can.
    static func mediaRefusal(of request: MockRequest, for operation: WireOperation) -> MockFailure? {
        if let expected = operation.requestMediaType, !request.body.isEmpty,
            let sent = request.header("content-type"), !sent.isEmpty
        {
            let wanted = MediaRange(parsing: expected)
            guard let given = MediaRange(parsing: sent), let wanted, given.isSameMedia(as: wanted) else {
                return .raisedByMock(
                    status: 415,
                    message: "the body must be sent as Content-Type: \(expected), not \(printable(sent))",
                    // RFC 5789 §3.1: a PATCH refused for its media type says which one it takes.
                    headers: operation.method == .patch ? ["accept-patch": expected] : [:])
            }
        }
        let answer = operation.responseMediaType.flatMap(MediaRange.init(parsing:)) ?? answerMediaType
        if let accept = request.header("accept"), !accept.trimmingCharacters(in: .whitespaces).isEmpty,
            !MediaRange.list(accept).admits(answer)
        {
            return .raisedByMock(
                status: 406, message: "the answer is \(answer), which Accept: \(printable(accept)) refuses")
        }
        return nil
    }

    /// A header value cut short and stripped of control characters, safe to echo in a message.
    private static func printable(_ value: String) -> String {
        String(value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(80).map(Character.init))
    }
}

/// A media type or range (`application/json`, `application/*`, `*/*`) with its weight, as
/// `Content-Type` and `Accept` carry them (RFC 9110 §8.3.1, §12.5.1); names compare case-insensitively.
struct MediaRange: Sendable, Equatable, CustomStringConvertible {
    var type: String
    var subtype: String
    /// The weight `q` an `Accept` gives the range, from 0 (not acceptable) to 1.
    var quality: Double = 1

    init(type: String, subtype: String, quality: Double = 1) {
        self.type = type
        self.subtype = subtype
        self.quality = quality
    }

    /// Reads `type/subtype; name=value…`; `nil` when it is not of that form.
    init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased().split(
            separator: "/", omittingEmptySubsequences: false)
        guard name.count == 2, !name[0].isEmpty, !name[1].isEmpty else { return nil }
        type = String(name[0])
        subtype = String(name[1])
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
            quality = Double(pair[1]).map { min(max($0, 0), 1) } ?? 1
        }
    }

    /// The ranges of an `Accept` value, those that cannot be read left out.
    static func list(_ accept: String) -> [MediaRange] {
        accept.split(separator: ",").compactMap(MediaRange.init(parsing:))
    }

    var description: String { "\(type)/\(subtype)" }

    /// Whether a body labelled `self` is one of `wanted`: the same type, or a structured-syntax
    /// suffix of it (`application/problem+json` is JSON).
    func isSameMedia(as wanted: MediaRange) -> Bool {
        guard type == wanted.type else { return false }
        return subtype == wanted.subtype || subtype.hasSuffix("+\(wanted.subtype)")
    }

    /// How closely the range names `media`: 3 exact, 2 its type with any subtype, 1 `*/*`, `nil` not at all.
    /// A vendor type with the structured-syntax suffix of `media` (`application/vnd.github+json`
    /// for JSON) names it exactly: the APIs that pin one answer JSON in that vocabulary.
    func specificity(for media: MediaRange) -> Int? {
        switch (type, subtype) {
        case ("*", "*"): 1
        case (media.type, "*"): 2
        case (media.type, media.subtype): 3
        case (media.type, let vendor) where vendor.hasSuffix("+\(media.subtype)"): 3
        default: nil
        }
    }
}

extension [MediaRange] {
    /// Whether an `Accept` made of these ranges admits `media`: the most specific range that names
    /// it gives it a weight above 0 (so `*/*, application/json;q=0` refuses JSON).
    func admits(_ media: MediaRange) -> Bool {
        let naming = compactMap { range in range.specificity(for: media).map { (range, $0) } }
        guard let best = naming.max(by: { $0.1 < $1.1 })?.1 else { return false }
        return naming.filter { $0.1 == best }.contains { $0.0.quality > 0 }
    }
}
