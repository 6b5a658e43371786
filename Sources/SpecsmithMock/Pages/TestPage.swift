// Hand-written: the one document shell every mock page shares, so each works in a phone's web view:
// a viewport meta, one column, tap targets of 44 px or more, and a banner no one can mistake for a
// real bank's. No script, font or image: the style is inline and the page stays a few KB.
import Foundation

/// An HTML page a mock serves to a browser or a web view.
package struct TestPage: Sendable {
    /// The words of a page's fixed parts, in the language of the mock it belongs to.
    package struct Language: Sendable {
        /// The `lang` attribute.
        package var code: String
        /// The banner across the top, saying this is a test page.
        package var marker: String

        /// English.
        package static let english = Language(
            code: "en", marker: "Test page: a mock server. No real bank, no real money.")
        /// Turkish, for BKM Express's pages.
        package static let turkish = Language(
            code: "tr", marker: "Test sayfası: sahte sunucu. Gerçek banka ya da gerçek para yok.")
    }

    /// The HTTP status.
    package var status: Int
    /// The `<title>`.
    package var title: String
    /// The page's `<h1>`, the title unless told.
    package var heading: String
    /// The page's content after the heading, as HTML the caller escaped.
    package var body: String
    /// The fixed parts' language.
    package var language: Language
    /// An `id` for the `<h1>`, for pages whose heading is their state.
    package var headingID: String?

    /// - Parameters:
    ///   - status: The HTTP status, 200 unless told.
    ///   - title: Plain text; it is escaped here.
    ///   - heading: The `<h1>`'s plain text when it is not the title.
    ///   - body: HTML whose text the caller escaped with ``HTMLText/escape(_:)``.
    ///   - language: The language of the banner and the `lang` attribute.
    ///   - headingID: An `id` for the `<h1>`.
    package init(
        status: Int = 200, title: String, heading: String? = nil, body: String, language: Language = .english,
        headingID: String? = nil
    ) {
        self.status = status
        self.title = title
        self.heading = heading ?? title
        self.body = body
        self.language = language
        self.headingID = headingID
    }

    /// The whole document.
    package var html: String {
        """
        <!doctype html>
        <html lang="\(language.code)"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <title>\(HTMLText.escape(title))</title>
        <style>\(Self.style)</style></head>
        <body><p id="test-page-marker" class="marker" role="note">\(HTMLText.escape(language.marker))</p>
        <main><h1\(headingID.map { " id=\"\(HTMLText.escape($0))\"" } ?? "")>\(HTMLText.escape(heading))</h1>
        \(body)
        </main></body></html>
        """
    }

    /// The page as a response.
    package var response: MockResponse {
        MockResponse(status: status, headers: ["content-type": "text/html; charset=utf-8"], body: Data(html.utf8))
    }
}
