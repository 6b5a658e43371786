/// The items of a header value's list, split at `separator` wherever it stands outside a quoted
/// string: `;` between a `Content-Disposition`'s parameters, `,` between `If-None-Match`'s entity
/// tags, which RFC 9110 lets hold either inside quotes.
package enum HeaderValueList {
    /// The items of `value` as written, quotes kept and spaces untrimmed; a separator inside
    /// quotes belongs to its item.
    package static func split(_ value: String, at separator: Character) -> [String] {
        var items: [String] = []
        var current = ""
        var isQuoted = false
        for character in value {
            if character == "\"" { isQuoted.toggle() }
            if character == separator, !isQuoted {
                items.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        items.append(current)
        return items
    }
}
