// Hand-written: the delivered reports the notification service extension could not send reach the
// server through the app's durable queue, once, whichever process last touched them.
import Foundation

extension OpenNotification.Installation {
    /// Moves the extension's kept delivered reports into the queue and sends them.
    ///
    /// Each is queued unless this installation reported that message's delivery before, saved, and
    /// only then removed from the shared file: a crash in between finds it reported already at the
    /// next launch, so it is neither lost nor sent twice.
    func collectSharedReports() {
        guard let sharedReports else { return }
        let (reports, problem) = sharedReports.pending()
        if let problem { log(problem) }
        guard !reports.isEmpty else { return }
        let queued = mutate { runtime -> Int in
            var queued = 0
            for report in reports {
                let key = EventKey(msgID: report.msgID, event: .delivered)
                guard runtime.state.markReported(key) else { continue }
                _ = runtime.state.enqueue(.event(key), at: clock())
                queued += 1
            }
            return queued
        }
        do {
            try sharedReports.remove(msgIDs: Set(reports.map(\.msgID)))
        } catch {
            log("the shared delivered reports could not be cleared; they are not sent twice: \(error)")
        }
        if queued > 0 {
            log("\(queued) delivered report(s) the notification service extension could not send are queued")
            kick()
        }
    }
}
