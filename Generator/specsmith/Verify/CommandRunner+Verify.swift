import Foundation
import SpecsmithCore

extension CommandRunner {
    /// `specsmith verify`: loads the one spec named, checks the credentials given against its auth
    /// schemes, and runs every operation against the server.
    func verify(_ arguments: Arguments) -> ExitStatus {
        let settings: VerifySettings
        do {
            settings = try VerifySettings(arguments)
        } catch {
            fail("\(error.message)\n\n\(Command.verify.help)", status: .unusable)
        }
        guard let loaded = load([SpecJob(specPath: settings.specPath, placements: .standard)])?.first else {
            return .unusable
        }
        do {
            try settings.check(against: loaded.resolved.spec)
        } catch {
            fail(error.message, status: .unusable)
        }
        var run = VerifyRun(settings: settings, resolved: loaded.resolved, specPath: loaded.path)
        switch run.run() {
        case let .finished(mismatches):
            return mismatches == 0 ? .success : .failure
        case let .unreachable(message):
            // What was printed before comes first, as it happened.
            fflush(nil)
            fail(message, status: .unusable)
        }
    }
}
