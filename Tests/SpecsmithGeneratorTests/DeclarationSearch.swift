@testable import SpecsmithGenerator

/// Finding one declaration in a translator's output, so a test compares that part of the IR whole.
extension Declaration {
    /// What a container or group holds; nothing for other declarations.
    var children: [Declaration] {
        switch self {
        case let .container(container): container.members
        case let .group(members): members
        case .line, .function, .requirement, .statement, .stored, .typeAlias: []
        }
    }

    /// This declaration and every one nested in it, depth first, in order.
    var flattened: [Declaration] { [self] + children.flatMap(\.flattened) }

    /// A function's documentation, signature and body; `nil` for other declarations.
    var functionParts: (doc: Doc, signature: Signature, body: [Statement])? {
        if case let .function(doc, signature, body) = self { (doc, signature, body) } else { nil }
    }
}

extension [Declaration] {
    /// The first container headed `header`, at any depth.
    func container(_ header: ContainerHeader) -> Declaration.Container? {
        for declaration in flatMap(\.flattened) {
            if case let .container(container) = declaration, container.header == header { return container }
        }
        return nil
    }

    /// The first function or requirement whose signature starts with `head` and, when given, takes
    /// `parameters`, at any depth.
    func function(_ head: String, _ parameters: [String]? = nil) -> Declaration? {
        flatMap(\.flattened).first { declaration in
            switch declaration {
            case let .function(_, signature, _), let .requirement(_, signature):
                signature.head == head && (parameters == nil || signature.parameters == parameters)
            case .container, .line, .group, .statement, .stored, .typeAlias: false
            }
        }
    }
}
