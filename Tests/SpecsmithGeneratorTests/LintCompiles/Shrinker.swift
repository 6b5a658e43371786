/// Makes a failing spec small: removes members of the spec's objects and elements of its arrays,
/// halves first and then one at a time (delta debugging), for as long as the failure persists.
struct Shrinker {
    /// Whether a smaller spec still fails in the same way.
    let stillFails: (DraftJSON) -> Bool
    /// How many candidate specs may be tried; each can cost a compiler run.
    var budget: Int

    mutating func shrink(_ spec: DraftJSON) -> DraftJSON {
        var current = spec
        var pending: [[DraftJSON.Step]] = [[]]
        while !pending.isEmpty, budget > 0 {
            let path = pending.removeFirst()
            current = shrinkChildren(of: path, in: current)
            guard let node = current.at(path) else { continue }
            switch node {
            case let .object(members): pending += members.map { path + [.key($0.key)] }
            case let .array(items): pending += items.indices.map { path + [.index($0)] }
            default: break
            }
        }
        return current
    }

    /// Removes as many children of the node at `path` as can go.
    private mutating func shrinkChildren(of path: [DraftJSON.Step], in spec: DraftJSON) -> DraftJSON {
        var current = spec
        func children() -> [DraftJSON.Step] {
            switch current.at(path) {
            case let .object(members)?: members.map { .key($0.key) }
            case let .array(items)?: items.indices.map { .index($0) }
            default: []
            }
        }
        var chunk = max(1, children().count / 2)
        while chunk >= 1, budget > 0 {
            var start = 0
            while start < children().count, budget > 0 {
                let steps = Array(children()[start..<min(start + chunk, children().count)])
                let candidate = removing(steps, under: path, from: current)
                budget -= 1
                if stillFails(candidate) { current = candidate } else { start += chunk }
            }
            chunk /= 2
        }
        return current
    }

    private func removing(_ steps: [DraftJSON.Step], under path: [DraftJSON.Step], from spec: DraftJSON) -> DraftJSON {
        spec.updating(path) { node in
            switch node {
            case let .object(members):
                let keys = Set(steps.compactMap { if case let .key(key) = $0 { key } else { nil } })
                return .object(members.filter { !keys.contains($0.key) })
            case let .array(items):
                let indices = Set(steps.compactMap { if case let .index(index) = $0 { index } else { nil } })
                return .array(items.enumerated().filter { !indices.contains($0.offset) }.map(\.element))
            default:
                return node
            }
        }
    }
}
