// swift-tools-version: 6.1
// A package of a Specsmith user: it depends on Specsmith by URL and version, keeps its spec inside its
// target and lets SpecsmithBuildPlugin generate the client at build time (nothing generated is checked in
// for it), and keeps its mock stubs checked in where specsmith.json says.
import PackageDescription

let package = Package(
    name: "BuildPluginDemo",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [.package(url: "https://github.com/specsmith/specsmith.git", from: "0.18.0")],
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
        // The mock's stubs are checked in (the build-tool plugin writes the client only):
        // `swift package plugin --allow-writing-to-package-directory generate-sdk` rewrites them where
        // specsmith.json says, and `swift run specsmith check` fails when they differ from the spec.
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
