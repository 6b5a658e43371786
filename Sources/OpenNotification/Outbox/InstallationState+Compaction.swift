// Hand-written: how the durable queue stays within its bound without losing a user's choice is the
// SDK's policy (see QueuePolicy); the wire only ever sees the calls that survive.
import Foundation

extension InstallationState {
    /// What became of an operation that compaction removed.
    enum Removal: Equatable {
        /// Folded into a later operation, which now carries its effect.
        case merged(into: Int)
        /// Dropped: a session ping or an event report past the bound.
        case dropped
    }

    /// Compacts the queue when it is past the bound of `policy` at `now`; answers what it removed.
    ///
    /// Merging keeps the effect of the calls in their order: the last identity change, the last
    /// language and the newest session ping stand for the earlier ones; tag changes fold into one
    /// change at the place of the last; repeated `unsubscribe`s keep the last.
    mutating func compact(policy: OpenNotification.QueuePolicy, now: Date) -> [Int: Removal] {
        guard isPastBound(policy, now: now) else { return [:] }
        var removals = merge()
        guard isPastBound(policy, now: now) else { return removals }
        let tooOld = now.addingTimeInterval(-policy.maxAge)
        for operation in pending where operation.isDroppable && (operation.queuedAt ?? now) < tooOld {
            removals[operation.number] = .dropped
        }
        pending.removeAll { removals[$0.number] == .dropped }
        while pending.count > policy.maxOperations, let index = pending.firstIndex(where: \.isDroppable) {
            removals[pending[index].number] = .dropped
            pending.remove(at: index)
        }
        return removals
    }

    private func isPastBound(_ policy: OpenNotification.QueuePolicy, now: Date) -> Bool {
        if pending.count > policy.maxOperations { return true }
        let oldest = pending.compactMap(\.queuedAt).min()
        return oldest.map { now.timeIntervalSince($0) > policy.maxAge } ?? false
    }

    /// Folds redundant operations into the last of their group.
    private mutating func merge() -> [Int: Removal] {
        var removals: [Int: Removal] = [:]
        func keepLast(_ matches: (PendingOperation) -> Bool) {
            let group = pending.filter(matches)
            guard let last = group.last else { return }
            for operation in group.dropLast() { removals[operation.number] = .merged(into: last.number) }
        }
        keepLast { [.login, .logout].contains($0.group) }
        keepLast { $0.group == .language }
        keepLast { $0.group == .session }
        keepLast { $0.group == .unsubscribe }
        let tagChanges = pending.filter { $0.group == .tags }
        if let last = tagChanges.last, tagChanges.count > 1 {
            var set: [String: String] = [:]
            var remove: Set<String> = []
            for operation in tagChanges {
                let (added, removed) = operation.tagChange
                for (key, value) in added {
                    set[key] = value
                    remove.remove(key)
                }
                for key in removed {
                    set[key] = nil
                    remove.insert(key)
                }
                if operation.number != last.number { removals[operation.number] = .merged(into: last.number) }
            }
            if let index = pending.firstIndex(where: { $0.number == last.number }) {
                pending[index].kind = .changeTags(set: set, remove: remove.sorted())
            }
        }
        pending.removeAll { removals[$0.number] != nil }
        return removals
    }
}

extension PendingOperation {
    /// Which operations compaction treats as one group.
    enum Group: Equatable {
        case login, logout, tags, language, session, unsubscribe, other
    }

    var group: Group {
        switch kind {
        case .login: .login
        case .logout: .logout
        case .setTags, .removeTags, .changeTags: .tags
        case .setLanguage: .language
        case .session: .session
        case .unsubscribe: .unsubscribe
        case .register, .event: .other
        }
    }

    /// The tags a tag operation sets and the keys it removes.
    var tagChange: (set: [String: String], remove: [String]) {
        switch kind {
        case let .setTags(tags): (tags, [])
        case let .removeTags(keys): ([:], keys)
        case let .changeTags(set, remove): (set, remove)
        default: ([:], [])
        }
    }
}
