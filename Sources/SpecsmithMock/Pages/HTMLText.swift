// Hand-written: text placed into a mock page's HTML, as text and never as markup.
import Foundation

/// Escaping for the mocks' pages.
package enum HTMLText {
    /// `text` safe inside an element or a double-quoted attribute.
    package static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
