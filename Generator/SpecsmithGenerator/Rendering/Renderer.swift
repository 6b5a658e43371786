/// Turns the intermediate representation into Swift text laid out the way `swift-format` with the
/// repository's `.swift-format` accepts it: four-space indentation, lines within the limit,
/// one argument per line when a call does not fit.
public struct Renderer: Sendable {
    public var lineLength: Int
    public var indentWidth: Int

    public init(lineLength: Int = 120, indentWidth: Int = 4) {
        self.lineLength = lineLength
        self.indentWidth = indentWidth
    }

    /// The whole file, headed by the generated-file banner.
    public func render(_ file: SwiftFile, banner: String) -> String {
        var output = Output(renderer: self)
        output.lines.append("// \(banner)")
        output.lines.append("")
        for item in file.imports.sorted() {
            output.lines.append((item.spi.map { "@_spi(\($0)) " } ?? "") + "import \(item.module)")
        }
        for (index, declaration) in file.declarations.enumerated() {
            if index > 0 || !file.imports.isEmpty { output.lines.append("") }
            output.declaration(declaration, depth: 0)
        }
        return output.lines.joined(separator: "\n") + "\n"
    }

    /// The text of one statement list at `depth`, for tests of a single translator.
    public func render(_ declarations: [Declaration]) -> String {
        var output = Output(renderer: self)
        output.members(declarations, depth: 0)
        return output.lines.joined(separator: "\n") + "\n"
    }
}

/// The lines being written; a separate value so the renderer itself stays immutable.
private struct Output {
    let renderer: Renderer
    var lines: [String] = []

    private func indent(_ depth: Int) -> String {
        String(repeating: " ", count: depth * renderer.indentWidth)
    }

    // MARK: - Declarations

    mutating func declaration(_ declaration: Declaration, depth: Int) {
        switch declaration {
        case let .container(container):
            doc(container.doc, depth: depth)
            let conformances =
                container.conformances.isEmpty ? "" : ": " + container.conformances.joined(separator: ", ")
            let header = indent(depth) + container.header.text + conformances + " {"
            if header.count > renderer.lineLength, !container.conformances.isEmpty {
                // Like swift-format: conformances packed after the colon and on continuation lines,
                // and the brace on a line of its own.
                var current = indent(depth) + container.header.text + ":"
                for (index, conformance) in container.conformances.enumerated() {
                    let piece = conformance + (index == container.conformances.count - 1 ? "" : ",")
                    if current.count + 1 + piece.count <= renderer.lineLength {
                        current += " " + piece
                    } else {
                        lines.append(current)
                        current = indent(depth + 1) + piece
                    }
                }
                lines += [current, indent(depth) + "{"]
            } else if container.members.isEmpty {
                lines.append(header + "}")
                return
            } else {
                lines.append(header)
            }
            members(container.members, depth: depth + 1)
            lines.append(indent(depth) + "}")
        case let .line(doc, text):
            self.doc(doc, depth: depth)
            lines.append(contentsOf: breakingAssignment(text, depth: depth))
        case let .function(doc, signature, body):
            self.doc(doc, depth: depth)
            self.signature(signature, depth: depth, opensBody: true)
            statements(body, depth: depth + 1)
            lines.append(indent(depth) + "}")
        case let .group(declarations):
            members(declarations, depth: depth)
        case let .requirement(doc, signature):
            self.doc(doc, depth: depth)
            self.signature(signature, depth: depth, opensBody: false)
        case let .statement(doc, statement):
            self.doc(doc, depth: depth)
            self.statement(statement, depth: depth)
        case .stored, .typeAlias:
            self.declaration(declaration.laidOut, depth: depth)
        }
    }

    mutating func members(_ declarations: [Declaration], depth: Int) {
        var previous: Declaration?
        for member in declarations.map(\.laidOut) {
            if let previous, needsBlankLine(between: previous, and: member) { lines.append("") }
            declaration(member, depth: depth)
            previous = member
        }
    }

    /// One-line members with at most a one-line doc sit together (stored properties, enum cases);
    /// everything else is spaced.
    private func needsBlankLine(between previous: Declaration, and next: Declaration) -> Bool {
        switch (previous, next) {
        case let (.line(previousDoc, _), .line(nextDoc, _)): !(isBrief(previousDoc) && isBrief(nextDoc))
        case let (.statement(previousDoc, _), .statement(nextDoc, _)): !(previousDoc.isEmpty && nextDoc.isEmpty)
        default: true
        }
    }

    private func isBrief(_ doc: Doc) -> Bool {
        doc.attributes.isEmpty && doc.paragraphs.count <= 1
            && (doc.paragraphs.first?.count ?? 0) <= renderer.lineLength - 4 * renderer.indentWidth - 4
    }

    mutating func doc(_ doc: Doc, depth: Int) {
        let prefix = indent(depth) + "/// "
        let isListItem = { (paragraph: String) in paragraph.hasPrefix("- ") || paragraph.hasPrefix("  - ") }
        for (index, paragraph) in doc.paragraphs.enumerated() {
            // Items of one list (`- Parameters:` and its entries) stay together.
            if index > 0, !(isListItem(doc.paragraphs[index - 1]) && isListItem(paragraph)) {
                lines.append(indent(depth) + "///")
            }
            let hanging = String(repeating: " ", count: paragraph.prefix { $0 == " " || $0 == "-" }.count)
            for (lineIndex, line) in wrap(paragraph, width: renderer.lineLength - prefix.count - hanging.count)
                .enumerated()
            {
                lines.append(prefix + (lineIndex == 0 ? String(paragraph.prefix { $0 == " " }) : hanging) + line)
            }
        }
        for attribute in doc.attributes { lines.append(indent(depth) + attribute.text) }
    }

    private func wrap(_ text: String, width: Int) -> [String] {
        var result: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                result.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    mutating func signature(_ signature: Signature, depth: Int, opensBody: Bool) {
        let opener = opensBody ? " {" : ""
        // An operator's name is set apart from its parameter list: `static func == (lhs: …`.
        let head = signature.head + (signature.isOperator ? " " : "")
        guard let parameters = signature.parameters else {
            lines.append(indent(depth) + head + signature.tail + opener)
            return
        }
        let single = indent(depth) + head + "(" + parameters.joined(separator: ", ") + ")" + signature.tail + opener
        if single.count <= renderer.lineLength || parameters.isEmpty {
            lines.append(single)
            return
        }
        lines.append(indent(depth) + head + "(")
        for (index, parameter) in parameters.enumerated() {
            lines.append(indent(depth + 1) + parameter + (index == parameters.count - 1 ? "" : ","))
        }
        lines.append(indent(depth) + ")" + signature.tail + opener)
    }

    /// A line that is too long breaks after its first ` = `, the way swift-format breaks it.
    private func breakingAssignment(_ text: String, depth: Int) -> [String] {
        guard !text.isEmpty else { return [""] }
        let line = indent(depth) + text
        guard line.count > renderer.lineLength, let equals = text.range(of: " = ") else { return [line] }
        return [
            indent(depth) + text[..<equals.lowerBound] + " =",
            indent(depth + 1) + text[equals.upperBound...],
        ]
    }

    /// `label: "a long text"` followed by punctuation, too long for any line, as a multi-line string
    /// literal whose lines end in `\` (an escaped newline, so the value keeps no line breaks); `nil`
    /// when the piece is not a labelled string literal.
    private func multilineString(_ piece: String, depth: Int) -> [String]? {
        guard let open = piece.range(of: ": \""), let close = piece.range(of: "\"", options: .backwards),
            close.lowerBound > open.upperBound
        else { return nil }
        let label = piece[..<open.lowerBound]
        guard label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        let text = String(piece[open.upperBound..<close.lowerBound])
        // A trailing space, backslash or quote would change meaning at a line end; keep those short.
        guard !text.contains("\"\"\""), !text.hasSuffix("\\") else { return nil }
        var lines = [indent(depth) + label + ": \"\"\""]
        let width = renderer.lineLength - indent(depth + 1).count - 2
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(indent(depth + 1) + current + " \\")
                current = String(word)
            } else {
                current = current.isEmpty ? String(word) : current + " " + word
            }
        }
        lines.append(indent(depth + 1) + current)
        lines.append(indent(depth + 1) + "\"\"\"" + piece[close.upperBound...])
        return lines
    }

    // MARK: - Statements

    mutating func statements(_ statements: [Statement], depth: Int) {
        for statement in statements { self.statement(statement, depth: depth) }
    }

    mutating func statement(_ statement: Statement, depth: Int) {
        switch statement {
        case let .line(text):
            lines.append(contentsOf: breakingAssignment(text, depth: depth))
        case let .block(header, body):
            lines.append(indent(depth) + header + " {")
            statements(body, depth: depth + 1)
            lines.append(indent(depth) + "}")
        case let .chain(links):
            for (index, link) in links.enumerated() {
                // `} catch {` and `} else {` continue the block before them.
                if index == 0 {
                    lines.append(indent(depth) + link.header + " {")
                } else {
                    lines[lines.count - 1] += " " + link.header + " {"
                }
                statements(link.body, depth: depth + 1)
                lines.append(indent(depth) + "}")
            }
        case let .closure(header, body):
            lines.append(indent(depth) + header)
            statements(body, depth: depth + 1)
            lines.append(indent(depth) + "}")
        case let .collection(head, elements, tail):
            // Like swift-format: a collection that fits on one line is written on one line.
            let simple = elements.compactMap { element -> String? in
                if case let .line(text) = element { return text }
                return nil
            }
            let single = indent(depth) + head + simple.joined(separator: ", ") + tail
            if simple.count == elements.count, single.count <= renderer.lineLength {
                lines.append(single)
                return
            }
            lines.append(indent(depth) + head)
            // Each element is laid out one column narrower, for the comma that follows it. Like
            // swift-format, a collection of one element has no trailing comma.
            let comma = elements.count > 1 ? "," : ""
            let narrower = Renderer(lineLength: renderer.lineLength - comma.count, indentWidth: renderer.indentWidth)
            for element in elements {
                var output = Output(renderer: narrower)
                output.statement(element, depth: depth + 1)
                output.lines[output.lines.count - 1] += comma
                lines += output.lines
            }
            lines.append(indent(depth) + tail)
        case let .switchCase(label, body):
            lines.append(indent(depth - 1) + label)
            statements(body, depth: depth)
        case let .packedCall(head, arguments, tail):
            let single = indent(depth) + head + arguments.joined(separator: ", ") + tail
            if single.count <= renderer.lineLength || arguments.isEmpty {
                lines.append(single)
                return
            }
            lines.append(indent(depth) + head)
            var current = ""
            for (index, argument) in arguments.enumerated() {
                let piece = argument + (index == arguments.count - 1 ? tail : ",")
                if indent(depth + 1).count + piece.count > renderer.lineLength,
                    let wrapped = multilineString(piece, depth: depth + 1)
                {
                    if !current.isEmpty { lines.append(current) }
                    lines += wrapped
                    current = ""
                    continue
                }
                let candidate = current.isEmpty ? indent(depth + 1) + piece : current + " " + piece
                if candidate.count <= renderer.lineLength || current.isEmpty {
                    current = candidate
                } else {
                    lines.append(current)
                    current = indent(depth + 1) + piece
                }
            }
            if !current.isEmpty { lines.append(current) }
        case let .call(head, arguments, tail, isCollection):
            let single = indent(depth) + head + arguments.joined(separator: ", ") + tail
            let spansLines = arguments.contains { $0.contains("\n") }
            if (single.count <= renderer.lineLength && !spansLines) || arguments.isEmpty {
                lines.append(single)
                return
            }
            lines.append(indent(depth) + head)
            for (index, argument) in arguments.enumerated() {
                let isLast = index == arguments.count - 1
                let comma = isLast && !(isCollection && arguments.count > 1) ? "" : ","
                // An argument of several lines (a long collection literal) keeps its own indentation.
                let parts = argument.split(separator: "\n", omittingEmptySubsequences: false)
                for (line, part) in parts.enumerated() {
                    lines.append(indent(depth + 1) + part + (line == parts.count - 1 ? comma : ""))
                }
            }
            lines.append(indent(depth) + tail)
        }
    }
}
