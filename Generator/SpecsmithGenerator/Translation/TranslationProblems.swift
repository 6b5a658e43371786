import Foundation
import SpecsmithCore

/// What the translators could not turn into Swift, collected so generation fails with a diagnostic
/// at the spec's position instead of leaving something out in silence.
///
/// `@unchecked Sendable`: `diagnostics` is read and written only while `lock` is held.
final class TranslationProblems: @unchecked Sendable {
    private let lock = NSLock()
    private var diagnostics = Diagnostics()

    func report(_ message: String, at location: SourcePosition) {
        lock.lock()
        defer { lock.unlock() }
        diagnostics.error("cannot generate: \(message)", at: location)
    }

    var collected: Diagnostics {
        lock.lock()
        defer { lock.unlock() }
        return diagnostics
    }
}

/// Generation stopped because a translator could not handle part of the spec.
public struct GenerationFailure: Error, Sendable {
    public let diagnostics: Diagnostics
}
