/// A small command-line parser: positional arguments, `--flag`, and `--option value`.
///
/// Kept deliberately tiny; it sits behind this one type so a full parser could replace it.
struct Arguments {
    var positional: [String] = []
    var flags: Set<String> = []
    var options: [String: String] = [:]
    /// Every value of each option in the order given, for an option that may repeat (`--key a=1 --key b=2`);
    /// ``options`` keeps the last.
    var repeated: [String: [String]] = [:]

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `words`, accepting only the given flags and options.
    init(_ words: [String], flags knownFlags: Set<String>, options knownOptions: Set<String>) throws(Problem) {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" {
                positional += words[index...]
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                positional.append(word)
                continue
            }
            var name = word.drop { $0 == "-" }
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            let key = String(name)
            if knownFlags.contains(key), inlineValue == nil {
                flags.insert(key)
            } else if knownOptions.contains(key) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count else { throw Problem(description: "\(word) needs a value") }
                    value = words[index]
                    index += 1
                }
                options[key] = value
                repeated[key, default: []].append(value)
            } else {
                throw Problem(description: "unknown option \(word)")
            }
        }
    }
}
