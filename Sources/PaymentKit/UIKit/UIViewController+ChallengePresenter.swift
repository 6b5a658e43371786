// Hand-written: what `from: self` means on iOS. A view controller presents the issuer's challenge or
// the hosted page modally in a web view, and reports when navigation reaches the return URL. Thin
// glue: the flows, the latch and the outcome rules are in the platform-independent code.
#if canImport(UIKit) && canImport(WebKit)
    import UIKit
    import WebKit

    extension UIViewController: ChallengePresenter {
        /// Presents `page` modally in a web view over this view controller, or, when it already
        /// presents something (an alert, a sheet of the app's), over the topmost of those: UIKit
        /// refuses a second presentation from one view controller, and the page would never show.
        nonisolated public func present(_ page: PagePresentation, completion: @escaping @Sendable (PageResult) -> Void)
        {
            Task { @MainActor in
                let sheet = PaymentPageViewController(page: page, completion: completion)
                guard sheet.sequence.willPresent() else { return }
                let navigation = UINavigationController(rootViewController: sheet)
                // Closing goes through the Close button, so the SDK always hears of it.
                navigation.isModalInPresentation = true
                let host = ModalChain.host(
                    from: self as UIViewController, presented: \.presentedViewController, isLeaving: \.isBeingDismissed)
                host.present(navigation, animated: true) {
                    // A dismissal asked for while this animated waited for it (UIKit would ignore it).
                    if sheet.sequence.didPresent() { sheet.dismissSheet() }
                }
            }
        }

        /// Dismisses what ``present(_:completion:)`` showed, then calls `completion`; asked for while
        /// the page is still appearing, it waits for the page to finish appearing first.
        nonisolated public func dismiss(completion: @escaping @Sendable () -> Void) {
            Task { @MainActor in
                let page = ModalChain.first(above: self as UIViewController, presented: \.presentedViewController) {
                    ($0 as? UINavigationController)?.viewControllers.first as? PaymentPageViewController
                }
                guard let sheet = page else { return completion() }
                sheet.onDismissed = completion
                switch sheet.sequence.dismiss() {
                case .dismissNow: sheet.dismissSheet()
                case .afterPresentation: break
                case .nothingShown: completion()
                }
            }
        }
    }

    /// A web view that reports, once, when navigation reaches the return URL or the payer closes it.
    final class PaymentPageViewController: UIViewController, WKNavigationDelegate {
        private let page: PagePresentation
        private var completion: (@Sendable (PageResult) -> Void)?
        /// The order of this page's presentation and dismissal.
        var sequence = ModalSequence()
        /// What the SDK asked to run once the page is gone.
        var onDismissed: (@Sendable () -> Void)?

        init(page: PagePresentation, completion: @escaping @Sendable (PageResult) -> Void) {
            self.page = page
            self.completion = completion
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func loadView() {
            let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
            webView.navigationDelegate = self
            view = webView
            // A closure action rather than target and selector: nothing here needs the Objective-C runtime.
            navigationItem.leftBarButtonItem = UIBarButtonItem(
                systemItem: .close, primaryAction: UIAction { [weak self] _ in self?.report(.closed) })
            webView.load(URLRequest(url: page.url))
        }

        func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
            // The return page must load: it is where the issuer's answer reaches the checkout host.
            if let url = webView.url, page.isReturn(url) { report(.returned(url)) }
        }

        /// Dismisses the navigation controller this page is in, then runs ``onDismissed`` once.
        func dismissSheet() {
            let done = onDismissed
            onDismissed = nil
            (navigationController ?? self).dismiss(animated: true) { done?() }
        }

        private func report(_ result: PageResult) {
            completion?(result)
            completion = nil
        }
    }
#endif
