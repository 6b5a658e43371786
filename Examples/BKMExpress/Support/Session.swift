// The recovery every screen of an app needs: when BKM says the session has ended, tell the user,
// initialise again and repeat what they asked for (manual sections 4.2 and 8.5).
import BKMExpressLiteMock
import BKMExpressLiteSDK
import ExampleNarration
import Foundation

extension ExampleRun {
    /// Runs `screen` with a session for `gsm`. When a call fails because the session expired or is
    /// invalid, the user is told, a new session is opened, and `screen` runs once more; any other
    /// failure ends the example.
    public func withSession(
        gsm: String, _ screen: (BKMExpress.API) async throws(BKMExpress.Failure) -> Void
    ) async throws {
        let api = try await session(gsm: gsm)
        do {
            try await screen(api)
        } catch {
            guard error.kind == .session else { throw error }
            tell(error)
            say("the app initialises again and repeats the step")
            try await screen(try await session(gsm: gsm))
        }
    }
}
