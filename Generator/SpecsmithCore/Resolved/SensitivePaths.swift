/// Finds the wire paths of sensitive values inside a type: fields marked sensitive and fields whose
/// value type is sensitive. `[]` steps into array elements and `{}` into map values.
struct SensitivePaths {
    let spec: Spec

    func `in`(_ ref: TypeRef, prefix: String, visiting: Set<String> = []) -> [String] {
        switch ref {
        case let .optional(inner): return self.in(inner, prefix: prefix, visiting: visiting)
        case let .array(inner): return self.in(inner, prefix: prefix + "[]", visiting: visiting)
        case let .map(inner): return self.in(inner, prefix: prefix + "{}", visiting: visiting)
        case .primitive: return []
        case let .named(name):
            guard !visiting.contains(name), let type = spec.type(named: name) else { return [] }
            let visiting = visiting.union([name])
            switch type.kind {
            case let .structure(decl):
                return decl.fields.flatMap { field -> [String] in
                    let path = prefix.isEmpty ? field.wireName : prefix + "." + field.wireName
                    if field.sensitive || spec.isSensitive(field.type) { return [path] }
                    return self.in(field.type, prefix: path, visiting: visiting)
                }
            case let .union(decl):
                return decl.cases.flatMap { item -> [String] in
                    guard let payload = item.payload else { return [] }
                    // A union chosen by shape carries its payload as the whole value.
                    if decl.isChosenByShape { return self.in(payload, prefix: prefix, visiting: visiting) }
                    let path = (prefix.isEmpty ? "" : prefix + ".") + item.payloadField
                    return self.in(payload, prefix: path, visiting: visiting)
                }
            case .enumeration, .value:
                return []
            }
        }
    }
}

extension Spec {
    /// Whether values of `ref` are sensitive by their type (a `value` type marked sensitive).
    public func isSensitive(_ ref: TypeRef) -> Bool {
        guard case let .named(name) = ref.unwrapped, case let .value(decl)? = type(named: name)?.kind else {
            return false
        }
        return decl.sensitive
    }
}
