// swift-tools-version: 6.1
import PackageDescription

/// Every target builds in the Swift 6 language mode (complete strict concurrency is its default);
/// CI adds `-warnings-as-errors` on top so no warning lands.
let settings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "LifecycleLab",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "lifecycle-lab", targets: ["LifecycleLab"]),
        .executable(name: "lifecycle-bench", targets: ["LifecycleBench"]),
        .executable(name: "gtk-tests", targets: ["GtkTestRunner"]),
        .executable(name: "lifecycle-lab-check", targets: ["LifecycleCheckTool"]),
        .library(name: "LifecycleTasks", targets: ["LifecycleTasks"]),
        .library(name: "Gtk", targets: ["Gtk"]),
        .library(name: "GtkLifecycle", targets: ["GtkLifecycle"]),
        // The checker for another package: `swift package lifecycle-check [--fix]`, and its findings
        // as build warnings. Neither needs GTK.
        .plugin(name: "LifecycleCheckCommandPlugin", targets: ["LifecycleCheckCommandPlugin"]),
        .plugin(name: "LifecycleCheckBuildToolPlugin", targets: ["LifecycleCheckBuildToolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
        // `swift package generate-documentation` (scripts/ci/docs): the DocC catalogs of the libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The checker parses SwiftUI code (it need not build here); 603 matches Swift 6.3.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // The only C in the project: GTK 4 through pkg-config. Only `Gtk` imports it.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // glibc's gettext declarations (libintl.h), which Swift's Glibc module leaves out; in libc.
        .systemLibrary(name: "CIntl"),
        // The app's translations: `tr("…")` over glibc's gettext, for the model and the app.
        .target(name: "Gettext", dependencies: ["CIntl"], swiftSettings: settings),
        // Thin @MainActor wrapper over GTK 4 plus the GLib ↔ main-actor bridge.
        .target(name: "Gtk", dependencies: ["CGtk"], swiftSettings: settings),
        // The lifecycle-task core: pure Swift, no GTK, no page, strategy or scenario.
        .target(name: "LifecycleTasks", swiftSettings: settings),
        // The lab's one JSON reader and writer, without Foundation (the app's start-up budget):
        // the checker's formats, the Check page's reading of them, the app's `--report` lines.
        .target(name: "LabJSON", swiftSettings: settings),
        // The lab's headless model on the core, one folder per page: strategy IDs, screen,
        // strategies and scenario. No GTK. LabCodePlugin compiles in the code each strategy
        // runs, read from the `// lab-code:` regions of its sources (see `StrategyCode`).
        .target(
            name: "LabModel", dependencies: ["LifecycleTasks", "Gettext", "LabJSON", "LifecycleCheckReport"],
            swiftSettings: settings, plugins: ["LabCodePlugin"]),
        // The build tool behind LabCodePlugin: reads the marked regions, writes them as Swift data.
        .executableTarget(name: "LabCodeTool", swiftSettings: settings),
        .plugin(name: "LabCodePlugin", capability: .buildTool(), dependencies: ["LabCodeTool"]),
        // A seeded random generator, so a random test sequence or event storm can be replayed.
        .target(name: "SeededRandom", swiftSettings: settings),
        // Fakes for tests: a fake host, an event recorder.
        .target(
            name: "LifecycleTestSupport",
            dependencies: ["LifecycleTasks", .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: settings
        ),
        // Adapter: GTK map/unmap and window state feed the core.
        .target(name: "GtkLifecycle", dependencies: ["Gtk", "LifecycleTasks"], swiftSettings: settings),
        // The app's pages, toast, panel and command line, as a library the GTK tests can drive.
        .target(
            name: "LifecycleLabKit",
            dependencies: [
                "Gtk", "GtkLifecycle", "LifecycleTasks", "LabModel", "LabJSON", "LifecycleCheckReport", "Gettext",
            ],
            swiftSettings: settings
        ),
        // The app links the Swift runtime statically: loading and binding its shared libraries
        // cost about 5 ms of start-up (`app.startup`). GTK stays a shared library.
        .executableTarget(
            name: "LifecycleLab",
            dependencies: ["LifecycleLabKit"],
            swiftSettings: settings,
            linkerSettings: [.unsafeFlags(["-static-stdlib"])]
        ),
        // The checker's report: findings, rules' summaries and the three formats (text, JSON,
        // SARIF), read back by the app's Check page. No parser, so the app can link it.
        .target(name: "LifecycleCheckReport", dependencies: ["LabJSON"], swiftSettings: settings),
        // The checker: finds the seeds' task mistakes in SwiftUI source, one rule a file; and the
        // person's project around it: files, `.lifecycle-check.yml` (read by its own small YAML
        // reader: Yams would bring Foundation, which a static binary cannot link from a package
        // built without `--static-swift-stdlib`) and the baseline.
        // Its own executable, so the app's binary and start-up carry no swift-syntax;
        // `lifecycle-lab check` hands over to `lifecycle-lab-check` installed beside it.
        .target(
            name: "LifecycleCheck",
            dependencies: [
                "LifecycleCheckReport", "LabJSON",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: settings
        ),
        // The command line: options, the run on every core, the output.
        // Linked with the Swift runtime inside when built with `--static-swift-stdlib` (the install
        // and the Debian package): no unsafe flag here, so a package can depend on this one by version.
        .executableTarget(
            name: "LifecycleCheckTool",
            dependencies: ["LifecycleCheck", "LifecycleCheckReport"],
            swiftSettings: settings
        ),
        .plugin(
            name: "LifecycleCheckCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "lifecycle-check",
                    description: "Check the package's SwiftUI code for lifecycle-task mistakes (--fix mends them)")),
            dependencies: ["LifecycleCheckTool"]),
        .plugin(name: "LifecycleCheckBuildToolPlugin", capability: .buildTool(), dependencies: ["LifecycleCheckTool"]),
        .executableTarget(
            name: "LifecycleBench",
            dependencies: ["Gtk", "GtkLifecycle", "LifecycleTasks", "LabModel", "LabJSON", "LifecycleLabKit"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "LifecycleTasksTests",
            dependencies: [
                "LifecycleTasks", "LifecycleTestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "LabModelTests",
            dependencies: [
                "LabModel", "LifecycleTasks", "LifecycleTestSupport", "SeededRandom", "Gettext",
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            swiftSettings: settings
        ),
        .testTarget(name: "LabJSONTests", dependencies: ["LabJSON"], swiftSettings: settings),
        .testTarget(
            name: "LifecycleCheckTests",
            dependencies: ["LifecycleCheck", "LifecycleCheckReport", "LabModel"],
            // SwiftUI samples the tests read by path; they do not build here.
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
        // GTK tests are an executable with a synchronous `main`: GTK must run on the thread that
        // owns its main loop, and a test runner's async entry point may hop threads on Linux.
        .executableTarget(
            name: "GtkTestRunner",
            dependencies: [
                "Gtk", "GtkLifecycle", "LifecycleTasks", "LabModel", "LifecycleLabKit", "LifecycleCheckReport",
                "LabJSON",
                "SeededRandom", "Gettext",
            ],
            path: "Tests/GtkTestRunner",
            swiftSettings: settings
        ),
    ]
)
