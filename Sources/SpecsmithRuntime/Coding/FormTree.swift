import Foundation

/// A form's names and values (or a multipart body's parts) as a tree, before a type or a schema
/// says what each text is: brackets nest (`metadata[k]`), an empty segment appends (`a[]`).
package indirect enum FormTree: Sendable, Equatable {
    case value(String)
    case file(FilePart)
    case members([String: FormTree])
    case items([FormTree])

    /// Puts `leaf` (a text or a file) at `path` in `node`: a name segment under members, an empty
    /// one (`a[]`) appended to items. A later value at the same place replaces the earlier one.
    package static func insert(_ leaf: FormTree, at path: ArraySlice<String>, into node: inout FormTree?) {
        guard let head = path.first else {
            node = leaf
            return
        }
        let rest = path.dropFirst()
        if head.isEmpty {
            var items: [FormTree] = []
            if case let .items(existing)? = node { items = existing }
            var item: FormTree? = nil
            insert(leaf, at: rest, into: &item)
            if let item { items.append(item) }
            node = .items(items)
        } else {
            var members: [String: FormTree] = [:]
            if case let .members(existing)? = node { members = existing }
            var child = members[head]
            insert(leaf, at: rest, into: &child)
            members[head] = child
            node = .members(members)
        }
    }

    /// The tree of a form body; `nil` for bytes that are no form or a name whose brackets do not close.
    package static func parse(form body: Data) -> FormTree? {
        guard let pairs = FormEncoding.pairs(of: body) else { return nil }
        var root: FormTree? = nil
        for (name, value) in pairs {
            guard let path = FormEncoding.path(of: name) else { return nil }
            insert(.value(value), at: path[...], into: &root)
        }
        return root ?? .members([:])
    }
}
