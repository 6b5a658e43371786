// Hand-written: what `from: self` means on iOS. A view controller presents the issuer's challenge or
// the hosted page modally in a web view, and reports when navigation reaches the return URL. Thin
// glue: the flows, the latch and the outcome rules are in the platform-independent code.
#if canImport(UIKit) && canImport(WebKit)
    import UIKit
    import WebKit

    extension UIViewController: ChallengePresenter {
        /// Presents `page` modally in a web view over this view controller.
        nonisolated public func present(_ page: PagePresentation, completion: @escaping @Sendable (PageResult) -> Void)
        {
            Task { @MainActor in
                let sheet = PaymentPageViewController(page: page, completion: completion)
                let navigation = UINavigationController(rootViewController: sheet)
                // Closing goes through the Close button, so the SDK always hears of it.
                navigation.isModalInPresentation = true
                self.present(navigation, animated: true)
            }
        }

        /// Dismisses what ``present(_:completion:)`` showed, then calls `completion`.
        nonisolated public func dismiss(completion: @escaping @Sendable () -> Void) {
            Task { @MainActor in
                guard self.presentedViewController is UINavigationController else { return completion() }
                self.dismiss(animated: true) { completion() }
            }
        }
    }

    /// A web view that reports, once, when navigation reaches the return URL or the payer closes it.
    final class PaymentPageViewController: UIViewController, WKNavigationDelegate {
        private let page: PagePresentation
        private var completion: (@Sendable (PageResult) -> Void)?

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

        private func report(_ result: PageResult) {
            completion?(result)
            completion = nil
        }
    }
#endif
