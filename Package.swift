// swift-tools-version: 6.1
// Specsmith: hand-written JSON API specs in, typed Swift SDKs and their mock servers out.
// One package, no package dependencies; the module graph and layout are described in
// Generator/Specsmith.docc/Architecture.md.
import PackageDescription

let package = Package(
    name: "Specsmith",
    platforms: [.macOS(.v12), .iOS(.v15)],
    products: [
        .executable(name: "specsmith", targets: ["specsmith"]),
        .executable(name: "bkm-express-mock", targets: ["bkm-express-mock"]),
        .library(name: "SpecsmithRuntime", targets: ["SpecsmithRuntime"]),
        .library(name: "SpecsmithCrypto", targets: ["SpecsmithCrypto"]),
        .library(name: "SpecsmithMock", targets: ["SpecsmithMock"]),
        .library(name: "BKMExpressLiteSDK", targets: ["BKMExpressLiteSDK"]),
        .library(name: "BKMExpressLiteBackend", targets: ["BKMExpressLiteBackend"]),
        .library(name: "BKMExpressLiteMock", targets: ["BKMExpressLiteMock"]),
        .library(name: "PaymentKit", targets: ["PaymentKit"]),
        .library(name: "PaymentKitBackend", targets: ["PaymentKitBackend"]),
        .library(name: "PaymentKitTesting", targets: ["PaymentKitTesting"]),
        .library(name: "PaymentKitMock", targets: ["PaymentKitMock"]),
        .executable(name: "paymentkit-mock", targets: ["paymentkit-mock"]),
        .executable(name: "opennotification-mock", targets: ["opennotification-mock"]),
        .library(name: "OpenNotification", targets: ["OpenNotification"]),
        .library(name: "OpenNotificationExtension", targets: ["OpenNotificationExtension"]),
        .library(name: "OpenNotificationBackend", targets: ["OpenNotificationBackend"]),
        .library(name: "OpenNotificationMock", targets: ["OpenNotificationMock"]),
        .plugin(name: "GenerateSDK", targets: ["GenerateSDK"]),
        .plugin(name: "SpecsmithBuildPlugin", targets: ["SpecsmithBuildPlugin"]),
    ],
    targets: [
        // MARK: - Generator
        // SpecsmithCore and SpecsmithGenerator are the CLI's own modules, not products: other packages
        // reach the generator through the `specsmith` executable and the two plugins. The runtime's
        // and the mock's types name what generated code calls (GeneratedNames).
        .target(
            name: "SpecsmithCore", dependencies: ["SpecsmithRuntime"], path: "Generator/SpecsmithCore"),
        .target(
            name: "SpecsmithGenerator",
            dependencies: ["SpecsmithCore"],
            path: "Generator/SpecsmithGenerator"
        ),
        .executableTarget(
            name: "specsmith",
            dependencies: ["SpecsmithCore", "SpecsmithGenerator", "SpecsmithRuntime"],
            path: "Generator/specsmith"
        ),
        .plugin(
            name: "GenerateSDK",
            capability: .command(
                intent: .custom(
                    verb: "generate-sdk",
                    description: "Regenerates the specs' kept code (as specsmith.json says, else Spec/ and Sources/)."
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "Writes generated code where specsmith.json says, else Sources/.")
                ]
            ),
            dependencies: ["specsmith"],
            path: "Generator/Plugins/GenerateSDK"
        ),
        .plugin(
            name: "SpecsmithBuildPlugin",
            capability: .buildTool(),
            dependencies: ["specsmith"],
            path: "Generator/Plugins/SpecsmithBuildPlugin"
        ),

        // MARK: - Runtime
        .target(name: "SpecsmithRuntime", path: "Sources/SpecsmithRuntime"),
        .systemLibrary(
            name: "COpenSSL",
            path: "Sources/COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(
            name: "SpecsmithCrypto",
            dependencies: [.target(name: "COpenSSL", condition: .when(platforms: [.linux]))],
            path: "Sources/SpecsmithCrypto"
        ),
        .target(
            name: "SpecsmithMock",
            dependencies: ["SpecsmithRuntime"],
            path: "Sources/SpecsmithMock"
        ),

        // MARK: - SDKs
        .target(
            name: "BKMExpressLiteSDK",
            dependencies: ["SpecsmithRuntime", "SpecsmithCrypto"],
            path: "Sources/BKMExpressLiteSDK",
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // The merchant's backend: the backendOnly endpoints (signed token requests), never in an app.
        .target(
            name: "BKMExpressLiteBackend",
            dependencies: ["BKMExpressLiteSDK", "SpecsmithRuntime", "SpecsmithCrypto"],
            path: "Sources/BKMExpressLiteBackend"
        ),
        .target(
            name: "BKMExpressLiteMock",
            dependencies: [
                "BKMExpressLiteSDK", "BKMExpressLiteBackend", "SpecsmithRuntime", "SpecsmithMock", "SpecsmithCrypto",
            ],
            path: "Sources/BKMExpressLiteMock",
            exclude: ["README.md"]
        ),

        .executableTarget(
            name: "bkm-express-mock",
            dependencies: ["BKMExpressLiteMock", "SpecsmithMock"],
            path: "Sources/bkm-express-mock"
        ),

        .target(
            name: "PaymentKit",
            dependencies: ["SpecsmithRuntime", "SpecsmithCrypto"],
            path: "Sources/PaymentKit",
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // The gateway's merchant-key API for the merchant's backend, never in an app.
        .target(
            name: "PaymentKitBackend",
            dependencies: ["PaymentKit", "SpecsmithRuntime"],
            path: "Sources/PaymentKitBackend"
        ),
        // A presenter without a screen that plays the payer, for tests, servers and examples.
        .target(
            name: "PaymentKitTesting",
            dependencies: ["PaymentKit", "SpecsmithRuntime"],
            path: "Sources/PaymentKitTesting"
        ),
        .target(
            name: "PaymentKitMock",
            dependencies: ["PaymentKit", "SpecsmithRuntime", "SpecsmithMock", "SpecsmithCrypto"],
            path: "Sources/PaymentKitMock",
            exclude: ["README.md"]
        ),
        .executableTarget(
            name: "paymentkit-mock",
            dependencies: ["PaymentKitMock", "SpecsmithMock"],
            path: "Sources/paymentkit-mock"
        ),
        // The spec's module: the generated wire client and models, which app, extension, backend and mock share.
        .target(
            name: "OpenNotificationCore",
            dependencies: ["SpecsmithRuntime"],
            path: "Sources/OpenNotificationCore",
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // What a notification service extension links: no app-only API (AppleInterfaces/check.sh proves it).
        .target(
            name: "OpenNotificationExtension",
            dependencies: ["OpenNotificationCore", "SpecsmithRuntime"],
            path: "Sources/OpenNotificationExtension"
        ),
        // The app's SDK on top of the extension's part, which it re-exports.
        .target(
            name: "OpenNotification",
            dependencies: ["OpenNotificationExtension", "OpenNotificationCore", "SpecsmithRuntime"],
            path: "Sources/OpenNotification",
            exclude: ["Templates"]
        ),
        // The server-key sender for a backend, never in an app.
        .target(
            name: "OpenNotificationBackend",
            dependencies: ["OpenNotificationCore", "SpecsmithRuntime"],
            path: "Sources/OpenNotificationBackend"
        ),
        .target(
            name: "OpenNotificationMock",
            dependencies: ["OpenNotificationCore", "SpecsmithRuntime", "SpecsmithMock"],
            path: "Sources/OpenNotificationMock",
            exclude: ["README.md"]
        ),
        .executableTarget(
            name: "opennotification-mock",
            dependencies: ["OpenNotificationMock", "SpecsmithMock"],
            path: "Sources/opennotification-mock"
        ),

        // MARK: - Examples: living docs, each runs against the mock in-process or --base-url
        .target(name: "ExampleNarration", path: "Examples/Shared"),
        .target(
            name: "BKMExpressTour",
            dependencies: [
                "ExampleNarration", "BKMExpressLiteSDK", "BKMExpressLiteBackend", "BKMExpressLiteMock",
                "SpecsmithCrypto",
                "SpecsmithRuntime",
            ],
            path: "Examples/BKMExpress/Support"
        ),
        .executableTarget(name: "bkm-tour", dependencies: ["BKMExpressTour"], path: "Examples/BKMExpress/bkm-tour"),
        .executableTarget(name: "bkm-wallet", dependencies: ["BKMExpressTour"], path: "Examples/BKMExpress/bkm-wallet"),
        .executableTarget(name: "bkm-cards", dependencies: ["BKMExpressTour"], path: "Examples/BKMExpress/bkm-cards"),
        .executableTarget(
            name: "bkm-payments", dependencies: ["BKMExpressTour"], path: "Examples/BKMExpress/bkm-payments"),
        .executableTarget(name: "bkm-errors", dependencies: ["BKMExpressTour"], path: "Examples/BKMExpress/bkm-errors"),
        .executableTarget(
            name: "bkm-merchant-backend", dependencies: ["BKMExpressTour"],
            path: "Examples/BKMExpress/bkm-merchant-backend"),

        .target(
            name: "PaymentKitTour",
            dependencies: [
                "ExampleNarration", "PaymentKit", "PaymentKitBackend", "PaymentKitTesting", "PaymentKitMock",
                "SpecsmithMock", "SpecsmithRuntime",
            ],
            path: "Examples/PaymentKit/Support"
        ),
        .executableTarget(
            name: "paymentkit-merchant-backend", dependencies: ["PaymentKitTour"],
            path: "Examples/PaymentKit/paymentkit-merchant-backend"),
        .executableTarget(
            name: "paymentkit-card-form", dependencies: ["PaymentKitTour"],
            path: "Examples/PaymentKit/paymentkit-card-form"),
        .executableTarget(
            name: "paymentkit-hosted", dependencies: ["PaymentKitTour"], path: "Examples/PaymentKit/paymentkit-hosted"),
        .executableTarget(
            name: "paymentkit-tour", dependencies: ["PaymentKitTour"], path: "Examples/PaymentKit/paymentkit-tour"),
        .executableTarget(
            name: "paymentkit-timing",
            dependencies: [
                "ExampleNarration", "PaymentKitTour", "PaymentKit", "PaymentKitBackend", "PaymentKitTesting",
                "PaymentKitMock",
            ],
            path: "Examples/PaymentKit/paymentkit-timing"),

        .target(
            name: "OpenNotificationTour",
            dependencies: [
                "ExampleNarration", "OpenNotification", "OpenNotificationBackend", "OpenNotificationMock",
                "SpecsmithMock", "SpecsmithRuntime",
            ],
            path: "Examples/OpenNotification/Support"
        ),
        .executableTarget(
            name: "opennotification-app", dependencies: ["OpenNotificationTour"],
            path: "Examples/OpenNotification/opennotification-app"),
        .executableTarget(
            name: "opennotification-backend", dependencies: ["OpenNotificationTour"],
            path: "Examples/OpenNotification/opennotification-backend"),
        .executableTarget(
            name: "opennotification-tour", dependencies: ["OpenNotificationTour"],
            path: "Examples/OpenNotification/opennotification-tour"),

        // MARK: - Benchmarks
        .executableTarget(
            name: "specsmith-benchmarks",
            dependencies: ["SpecsmithMock", "SpecsmithRuntime", "SpecsmithCrypto"],
            path: "Benchmarks/Harness"
        ),

        // MARK: - Golden output of the fixture spec, compiled so it cannot rot
        .target(
            name: "GoldenKit",
            dependencies: ["SpecsmithRuntime"],
            path: "Tests/Golden/GoldenKit",
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        .target(
            name: "GoldenKitBackend",
            dependencies: ["GoldenKit", "SpecsmithRuntime"],
            path: "Tests/Golden/GoldenKitBackend"
        ),
        .target(
            name: "GoldenKitMock",
            dependencies: ["GoldenKit", "SpecsmithRuntime", "SpecsmithMock"],
            path: "Tests/Golden/GoldenKitMock"
        ),

        // MARK: - Fuzz targets (Fuzz/): a plain build replays each one's corpus and past findings;
        // Fuzz/run.sh builds them with libFuzzer and AddressSanitizer (-DFUZZING) and runs them.
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "fuzz-http", dependencies: ["FuzzSupport", "SpecsmithMock"], path: "Fuzz/HTTPFuzz"),
        .executableTarget(
            name: "fuzz-spec", dependencies: ["FuzzSupport", "SpecsmithCore", "SpecsmithGenerator"],
            path: "Fuzz/SpecFuzz"),
        .executableTarget(
            name: "fuzz-forms", dependencies: ["FuzzSupport", "SpecsmithRuntime"], path: "Fuzz/FormFuzz"),
        .executableTarget(name: "fuzz-jwe", dependencies: ["FuzzSupport", "SpecsmithCrypto"], path: "Fuzz/JWEFuzz"),
        .executableTarget(
            name: "fuzz-wire", dependencies: ["FuzzSupport", "GoldenKit", "SpecsmithRuntime"], path: "Fuzz/WireFuzz"),

        // MARK: - A conventional REST API's spec (Tests/REST), generated and compiled the same way
        .target(
            name: "IssueTrackerKit",
            dependencies: ["SpecsmithRuntime"],
            path: "Tests/REST/IssueTrackerKit",
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        .target(
            name: "IssueTrackerKitMock",
            dependencies: ["IssueTrackerKit", "SpecsmithRuntime", "SpecsmithMock"],
            path: "Tests/REST/IssueTrackerKitMock"
        ),
        .target(
            name: "LedgerKit",
            dependencies: ["SpecsmithRuntime"],
            path: "Tests/REST/LedgerKit",
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        .target(
            name: "LedgerKitMock",
            dependencies: ["LedgerKit", "SpecsmithRuntime", "SpecsmithMock"],
            path: "Tests/REST/LedgerKitMock"
        ),
        .target(
            name: "ChatKit",
            dependencies: ["SpecsmithRuntime"],
            path: "Tests/REST/ChatKit",
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        .target(
            name: "ChatKitMock",
            dependencies: ["ChatKit", "SpecsmithRuntime", "SpecsmithMock"],
            path: "Tests/REST/ChatKitMock"
        ),

        // MARK: - Tests
        .target(
            name: "SpecsmithTesting",
            dependencies: ["SpecsmithRuntime", "SpecsmithMock", "SpecsmithCrypto"],
            path: "Tests/SpecsmithTesting"
        ),
        .testTarget(
            name: "SpecsmithCoreTests",
            dependencies: ["SpecsmithCore", "SpecsmithRuntime"],
            path: "Tests/SpecsmithCoreTests"
        ),
        .testTarget(
            name: "SpecsmithGeneratorTests",
            dependencies: ["SpecsmithCore", "SpecsmithGenerator", "SpecsmithMock", "specsmith", "SpecsmithTesting"],
            path: "Tests/SpecsmithGeneratorTests"
        ),
        .testTarget(
            name: "SpecsmithRuntimeTests",
            dependencies: ["SpecsmithRuntime", "SpecsmithTesting"],
            path: "Tests/SpecsmithRuntimeTests"
        ),
        .testTarget(
            name: "SpecsmithCryptoTests",
            dependencies: ["SpecsmithCrypto", "SpecsmithTesting"],
            path: "Tests/SpecsmithCryptoTests"
        ),
        .testTarget(
            name: "SpecsmithMockTests",
            dependencies: ["SpecsmithMock", "SpecsmithRuntime", "SpecsmithTesting"],
            path: "Tests/SpecsmithMockTests"
        ),
        .testTarget(
            name: "RESTFixtureTests",
            dependencies: [
                "IssueTrackerKit", "IssueTrackerKitMock", "LedgerKit", "LedgerKitMock", "ChatKit", "ChatKitMock",
                "SpecsmithRuntime",
                "SpecsmithMock", "SpecsmithCore",
                "SpecsmithTesting",
            ],
            path: "Tests/RESTFixtureTests"
        ),
        .testTarget(
            name: "GoldenKitTests",
            dependencies: [
                "GoldenKit", "GoldenKitBackend", "GoldenKitMock", "SpecsmithRuntime", "SpecsmithMock",
                "SpecsmithTesting",
            ],
            path: "Tests/GoldenKitTests"
        ),
        .testTarget(
            name: "SpecExampleTests",
            dependencies: [
                "SpecsmithCore", "SpecsmithMock", "GoldenKitMock", "BKMExpressLiteMock", "PaymentKitMock",
                "OpenNotificationMock",
            ],
            path: "Tests/SpecExampleTests"
        ),
        .testTarget(
            name: "BKMExpressLiteSDKTests",
            dependencies: [
                "BKMExpressLiteSDK", "BKMExpressLiteBackend", "BKMExpressLiteMock", "SpecsmithRuntime", "SpecsmithMock",
                "SpecsmithTesting", "SpecsmithCrypto", "bkm-express-mock",
            ],
            path: "Tests/BKMExpressLiteSDKTests"
        ),
        .testTarget(
            name: "PaymentKitTests",
            dependencies: [
                "PaymentKit", "PaymentKitBackend", "PaymentKitTesting", "PaymentKitMock", "SpecsmithRuntime",
                "SpecsmithMock", "SpecsmithTesting", "SpecsmithCrypto",
            ],
            path: "Tests/PaymentKitTests"
        ),
        .testTarget(
            name: "OpenNotificationTests",
            dependencies: [
                "OpenNotification", "OpenNotificationBackend", "OpenNotificationMock", "SpecsmithRuntime",
                "SpecsmithMock", "SpecsmithTesting", "opennotification-mock",
            ],
            path: "Tests/OpenNotificationTests"
        ),
        // Links the extension's product alone, as a notification service extension does.
        .testTarget(
            name: "OpenNotificationExtensionTests",
            dependencies: ["OpenNotificationExtension", "SpecsmithRuntime", "SpecsmithTesting"],
            path: "Tests/OpenNotificationExtensionTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
