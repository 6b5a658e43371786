import PaymentKit
import Testing

/// A deadline can land while the challenge page is still appearing; UIKit would ignore that
/// dismissal and the one callback would never come. The order is decided headless.
@Suite struct ModalSequenceTests {
    /// Each step's answer, in order: `willPresent`, then `dismiss`, `didPresent` as the test asks.
    enum Step {
        case willPresent, didPresent, dismiss
    }

    static func run(_ steps: [Step]) -> [String] {
        var sequence = ModalSequence()
        return steps.map { step in
            switch step {
            case .willPresent: "\(sequence.willPresent())"
            case .didPresent: "\(sequence.didPresent())"
            case .dismiss: "\(sequence.dismiss())"
            }
        }
    }

    @Test func aDismissalDuringThePresentationWaitsForItAndThenRuns() {
        #expect(
            Self.run([.willPresent, .dismiss, .didPresent, .dismiss])
                == ["true", "afterPresentation", "true", "nothingShown"])
    }

    @Test func aDismissalAfterThePresentationRunsAtOnce() {
        #expect(
            Self.run([.willPresent, .didPresent, .dismiss, .dismiss])
                == ["true", "false", "dismissNow", "nothingShown"])
    }

    @Test func aDismissalBeforeThePresentationStartsCancelsIt() {
        #expect(Self.run([.dismiss, .willPresent, .didPresent]) == ["nothingShown", "false", "false"])
    }

    @Test func aPageIsPresentedOnce() {
        #expect(Self.run([.willPresent, .willPresent]) == ["true", "false"])
    }
}
