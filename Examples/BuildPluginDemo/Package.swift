// swift-tools-version: 6.1
// A package of its own that keeps a spec inside its target and lets SpecsmithBuildPlugin generate
// the client at build time; nothing generated is checked in.
import PackageDescription

let package = Package(
    name: "BuildPluginDemo",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "Specsmith", path: "../..")],
    targets: [
        .target(
            name: "LoyaltyAPI",
            dependencies: [.product(name: "SpecsmithRuntime", package: "Specsmith")],
            plugins: [.plugin(name: "SpecsmithBuildPlugin", package: "Specsmith")]
        ),
        .executableTarget(
            name: "loyalty-demo",
            dependencies: ["LoyaltyAPI", .product(name: "SpecsmithRuntime", package: "Specsmith")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
