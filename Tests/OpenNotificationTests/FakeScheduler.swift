import Foundation
import SpecsmithRuntime

/// Sleeps that end only when a test moves time on: backoff, bounded waits and the launch grace are
/// tested without real waiting.
final class FakeScheduler: Sendable {
    private struct Sleeper {
        var id: Int
        var deadline: TimeInterval
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: TimeInterval = 0
        var nextID = 1
        var sleepers: [Sleeper] = []
        var cancelled: Set<Int> = []
        var requested: [TimeInterval] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// Every wait asked for, in order.
    var requested: [TimeInterval] { state.withLock { $0.requested } }

    /// How many sleeps are waiting.
    var sleeping: Int { state.withLock { $0.sleepers.count } }

    /// The sleep to inject; a cancelled task's sleep ends at once.
    var sleep: @Sendable (TimeInterval) async -> Void {
        { [self] seconds in await self.wait(seconds) }
    }

    private func wait(_ seconds: TimeInterval) async {
        let id = state.withLock { state -> Int in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    state.requested.append(seconds)
                    if state.cancelled.remove(id) != nil {
                        continuation.resume()
                        return []
                    }
                    state.sleepers.append(Sleeper(id: id, deadline: state.now + seconds, continuation: continuation))
                    let count = state.sleepers.count
                    let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
                    state.waiters.removeAll { $0.count <= count }
                    return ready
                }
                for waiter in ready { waiter.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume()
        }
    }

    /// Moves time on by `seconds`, ending the sleeps that are due.
    func advance(_ seconds: TimeInterval) {
        let due = state.withLock { state -> [Sleeper] in
            state.now += seconds
            let due = state.sleepers.filter { $0.deadline <= state.now }
            state.sleepers.removeAll { $0.deadline <= state.now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` sleeps are waiting.
    func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

/// Lets a test wait for a completion that runs on the SDK's own task.
final class Signal: Sendable {
    private let state = Locked<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Marks it fired and wakes every waiter.
    func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once it has fired.
    func wait() async {
        await withCheckedContinuation { continuation in
            let fired = state.withLock { state -> Bool in
                if !state.fired { state.waiters.append(continuation) }
                return state.fired
            }
            if fired { continuation.resume() }
        }
    }
}
