// Hand-written: reading the SDK's own state back, and what to do when it is damaged, is the SDK's
// policy: an opt-out or a queued logout must not vanish with a bad file.
import Foundation

extension InstallationState {
    /// The state in `store`, recovered from its last good copy when the state cannot be read; with
    /// the log lines that say what happened.
    ///
    /// When neither can be read, the installation id and the opt-out are salvaged from the damaged
    /// bytes where they can be, so the server keeps one subscription and the user's choice holds;
    /// a new installation starts only when nothing can be salvaged, and the log says so.
    static func load(from store: any InstallationStore) -> (InstallationState, [String]) {
        var problems: [String] = []
        var damaged: Data?
        do {
            guard let data = try store.load() else { return (fresh(), []) }
            damaged = data
            return (try JSONDecoder().decode(InstallationState.self, from: data), [])
        } catch {
            problems.append("the saved state could not be read (\(error))")
        }
        do {
            if let copy = try store.loadLastGood() {
                let state = try JSONDecoder().decode(InstallationState.self, from: copy)
                problems.append("recovered the state from its last good copy")
                return (state, problems)
            }
            problems.append("there is no last good copy")
        } catch {
            problems.append("its last good copy could not be read either (\(error))")
        }
        var state = fresh()
        if let damaged, let salvaged = salvage(damaged) {
            state.installationID = salvaged.installationID
            state.optedOut = salvaged.optedOut
            problems.append(
                "kept installation \(salvaged.installationID) (opted out: \(salvaged.optedOut)) from the damaged "
                    + "state; its queue and subscription id are lost and it registers again")
        } else {
            problems.append("nothing could be salvaged: starting a new installation")
        }
        return (state, problems)
    }

    /// The installation id and opt-out read from damaged JSON, when its id is still there.
    private static func salvage(_ data: Data) -> (installationID: String, optedOut: Bool)? {
        let text = String(decoding: data, as: UTF8.self)
        guard let id = firstMatch(#""installationID"\s*:\s*"([0-9A-Za-z-]{1,64})""#, in: text) else { return nil }
        let optedOut = firstMatch(#""optedOut"\s*:\s*(true|false)"#, in: text)
        // When the flag itself is lost, opted out is the safe reading: no push the user may have refused.
        return (id, optedOut.map { $0 == "true" } ?? true)
    }

    private static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}
