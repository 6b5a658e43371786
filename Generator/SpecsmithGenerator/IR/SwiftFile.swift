/// A generated Swift file before it becomes text: imports and top-level declarations.
public struct SwiftFile: Sendable, Equatable {
    /// The path relative to the module's `Generated` folder, such as `Models.swift`.
    public var name: String
    public var imports: [String]
    public var declarations: [Declaration]

    public init(name: String, imports: [String], declarations: [Declaration]) {
        self.name = name
        self.imports = imports
        self.declarations = declarations
    }
}
