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
        // The mock's stubs are generated once with `specsmith generate --single-file … --part mock` and
        // checked in (the build-tool plugin writes the client only); CI checks they are current.
        .target(
            name: "LoyaltyAPIMock",
            dependencies: [
                "LoyaltyAPI",
                .product(name: "SpecsmithMock", package: "Specsmith"),
                .product(name: "SpecsmithRuntime", package: "Specsmith"),
            ]
        ),
        .executableTarget(
            name: "loyalty-mock-demo",
            dependencies: ["LoyaltyAPI", "LoyaltyAPIMock", .product(name: "SpecsmithMock", package: "Specsmith")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
