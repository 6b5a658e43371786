import PaymentKit
import Testing

/// UIKit refuses to present from a view controller that already presents something; the page goes
/// over the topmost screen that is staying, and the SDK finds it there again to dismiss it.
@Suite struct ModalChainTests {
    /// A stand-in for a view controller: what it presents, and whether it is being dismissed.
    final class Screen {
        let name: String
        var presented: Screen?
        var isLeaving = false

        init(_ name: String, presenting presented: Screen? = nil, isLeaving: Bool = false) {
            self.name = name
            self.presented = presented
            self.isLeaving = isLeaving
        }
    }

    static func host(from screen: Screen) -> String {
        ModalChain.host(from: screen, presented: \.presented, isLeaving: \.isLeaving).name
    }

    @Test func aScreenPresentingNothingIsItsOwnHost() {
        #expect(Self.host(from: Screen("checkout")) == "checkout")
    }

    @Test func aScreenAlreadyPresentingAnAlertHandsThePageToTheAlert() {
        #expect(Self.host(from: Screen("checkout", presenting: Screen("alert"))) == "alert")
    }

    @Test func thePageGoesOverTheTopOfADeeperStack() {
        let stack = Screen("checkout", presenting: Screen("sheet", presenting: Screen("alert")))
        #expect(Self.host(from: stack) == "alert")
    }

    @Test func aScreenOnItsWayOutIsPassedOver() {
        let stack = Screen("checkout", presenting: Screen("sheet", presenting: Screen("alert", isLeaving: true)))
        #expect(Self.host(from: stack) == "sheet")
        #expect(Self.host(from: Screen("checkout", presenting: Screen("sheet", isLeaving: true))) == "checkout")
    }

    @Test func aCycleEndsTheWalk() {
        let top = Screen("a")
        let middle = Screen("b", presenting: top)
        top.presented = middle
        #expect(Self.host(from: top) == "b")
    }

    @Test func thePageIsFoundWhereverItWasPresented() {
        let page = Screen("page")
        let stack = Screen("checkout", presenting: Screen("alert", presenting: page))
        let found = ModalChain.first(above: stack, presented: \.presented) { $0.name == "page" ? $0 : nil }
        #expect(found === page)
        #expect(ModalChain.first(above: page, presented: \.presented) { $0.name == "page" ? $0 : nil } == nil)
    }
}
