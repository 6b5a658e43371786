import Foundation

/// A list sent as a query parameter, in one of the two forms of an HTML form's query:
/// exploded (`?id=1&id=2`, the name repeated per element) or joined (`?id=1,2`).
///
/// Either way an empty list sends nothing, as a form does, so a mock reads an absent list as empty.
/// The joined form cannot tell an element's own comma from a separator: it suits ids, numbers and
/// enums, and the exploded form suits free text.
@_spi(Generated) public struct ParameterList: ParameterValue {
    /// Each element as it travels.
    public var elements: [String]
    /// Whether the name repeats per element (`true`) or the elements are joined by commas (`false`).
    public var explode: Bool

    /// The list of `values`, in the form `explode` says.
    public init<Element: ParameterValue>(_ values: [Element], explode: Bool) {
        self.elements = values.map(\.parameterValue)
        self.explode = explode
    }

    /// The elements joined by commas: the whole value in the joined form.
    public var parameterValue: String { elements.joined(separator: ",") }

    /// The joined form read back; an empty text is an empty list.
    public init?(parameterValue: String) {
        self.elements =
            parameterValue.isEmpty
            ? [] : parameterValue.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        self.explode = false
    }

    /// The query items this list adds under `name`.
    func queryItems(named name: String) -> [(String, String)] {
        if elements.isEmpty { return [] }
        return explode ? elements.map { (name, $0) } : [(name, parameterValue)]
    }
}
