/// A generated Swift file before it becomes text: imports and top-level declarations.
public struct SwiftFile: Sendable, Equatable {
    /// The path relative to the module's `Generated` folder, such as `Models.swift`.
    public var name: String
    public var imports: [Import]
    public var declarations: [Declaration]

    public init(name: String, imports: [Import], declarations: [Declaration]) {
        self.name = name
        self.imports = imports
        self.declarations = declarations
    }

    /// Several files as one, for build plugins that must name their outputs up front: every import
    /// once, then every declaration in order.
    public static func merged(_ files: [SwiftFile], name: String) -> SwiftFile {
        var imports: [Import] = []
        for file in files {
            for item in file.imports where !imports.contains(item) { imports.append(item) }
        }
        return SwiftFile(name: name, imports: imports, declarations: files.flatMap(\.declarations))
    }
}

/// An import, possibly of a module's SPI (`@_spi(Generated) import SpecsmithRuntime`).
public struct Import: Sendable, Hashable, Comparable {
    public var module: String
    public var spi: String?

    public init(_ module: String, spi: String? = nil) {
        self.module = module
        self.spi = spi
    }

    public static func < (lhs: Import, rhs: Import) -> Bool {
        (lhs.module, lhs.spi ?? "") < (rhs.module, rhs.spi ?? "")
    }
}
