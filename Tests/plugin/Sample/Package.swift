// swift-tools-version: 6.1
// A person's package that uses Lifecycle Lab's checker: its findings as build warnings, and
// `swift package lifecycle-check [--fix]`. Tests/plugin/plugins.sh builds it beside a link to
// the checkout named LifecycleLab (the package's identity, as its git URL's last part), in a root
// without GTK.
import PackageDescription

let package = Package(
    name: "Sample",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../LifecycleLab")
    ],
    targets: [
        .target(
            name: "Toasts",
            plugins: [.plugin(name: "LifecycleCheckBuildToolPlugin", package: "LifecycleLab")]
        )
    ]
)
