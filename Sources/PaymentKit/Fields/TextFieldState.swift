// Hand-written: the headless model behind the seed's three optional text fields. A text field glue
// (UIKit, SwiftUI, a terminal) forwards each edit and shows the state it gets back.

/// A field's text and its selection, in character offsets (a caret is an empty selection).
public struct TextFieldState: Hashable, Sendable {
    /// What the field shows.
    public var text: String
    /// The selected characters; `lowerBound == upperBound` is a caret.
    public var selection: Range<Int>

    /// A state; the selection is clamped to the text.
    public init(text: String = "", selection: Range<Int>? = nil) {
        self.text = text
        let count = text.count
        let range = selection ?? count..<count
        self.selection = min(max(range.lowerBound, 0), count)..<min(max(range.upperBound, 0), count)
    }

    /// The caret's offset (the selection's start).
    public var caret: Int { selection.lowerBound }
}

/// One edit a person makes: the characters in `range` replaced by `replacement` (typing inserts
/// into an empty range, deleting replaces with nothing, pasting replaces the selection).
public struct TextEdit: Hashable, Sendable {
    /// The characters replaced, in character offsets.
    public var range: Range<Int>
    /// What replaces them: typed or pasted text, or nothing for a deletion.
    public var replacement: String

    /// An edit of `range` into `replacement`.
    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// Typing or pasting `text` over the state's selection.
    public static func insert(_ text: String, in state: TextFieldState) -> TextEdit {
        TextEdit(range: state.selection, replacement: text)
    }

    /// Backspace: the selection, or the character before the caret.
    public static func deleteBackward(in state: TextFieldState) -> TextEdit {
        if !state.selection.isEmpty { return TextEdit(range: state.selection, replacement: "") }
        return TextEdit(range: max(state.caret - 1, 0)..<state.caret, replacement: "")
    }
}

/// Edits on a field whose text is digits with separators the formatter inserts itself.
enum DigitEditing {
    /// The digits before, inside and after an edit, with the edit's inserted digits; a backspace over
    /// a separator alone also removes the digit before it, as people expect.
    static func split(_ state: TextFieldState, _ edit: TextEdit) -> (before: [UInt8], inserted: [UInt8], after: [UInt8])
    {
        let characters = Array(state.text)
        let lower = min(max(edit.range.lowerBound, 0), characters.count)
        let upper = min(max(edit.range.upperBound, lower), characters.count)
        var before = CardNumberText.digits(of: String(characters[..<lower]))
        let removed = CardNumberText.digits(of: String(characters[lower..<upper]))
        let after = CardNumberText.digits(of: String(characters[upper...]))
        if edit.replacement.isEmpty, upper > lower, removed.isEmpty, !before.isEmpty { before.removeLast() }
        return (before, CardNumberText.digits(of: edit.replacement), after)
    }

    /// The character offset just after the `count`-th digit of `text` (0 for none).
    static func offset(afterDigit count: Int, in text: String) -> Int {
        guard count > 0 else { return 0 }
        var seen = 0
        for (offset, character) in text.enumerated() where character.isASCII && character.isNumber {
            seen += 1
            if seen == count { return offset + 1 }
        }
        return text.count
    }
}
