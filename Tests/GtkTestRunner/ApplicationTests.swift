import Glibc
import Gtk

/// The application: a real `g_application_run` in a child process of this binary, with an
/// action, an accelerator and main-actor tasks.
@MainActor
enum ApplicationTests {
    static let smokeFlag = "--application-smoke"

    /// Child mode: runs an Application; on activate a window opens, a main-actor task sleeps
    /// and quits. Prints what happened; exit status from `g_application_run`.
    static func applicationSmoke() -> Int32 {
        let app = Application(id: "dev.lifecyclelab.GtkTests.Smoke")
        let quit = SimpleAction(name: "quit")
        quit.onActivate { _ in
            print("quit action")
            app.quit()
        }
        app.addAction(quit)
        app.setAccelerators(["<Control>q"], for: "app.quit")
        app.onActivate {
            print("activate initialized=\(GtkRuntime.isInitialized) bridge=\(MainLoop.isBridgeInstalled)")
            let window = Window(application: app, title: "smoke")
            window.present()
            Task { @MainActor in
                try await Task.sleep(for: .milliseconds(50))
                print("task resumed main=\(GtkRuntime.isMainThread)")
                await MainActor.run { quit.activate() }
            }
        }
        let status = app.run()
        print("run returned \(status)")
        fflush(nil)
        return status
    }

    static var cases: [GtkTestCase] {
        Harness.smokeModes[smokeFlag] = applicationSmoke
        return [
            GtkTestCase("application: g_application_run runs main-actor tasks and quits through an action") {
                let (status, output) = try runSelf([smokeFlag])
                expectEqual(status, 0, "exit status")
                expectEqual(
                    output.split(separator: "\n").map(String.init),
                    [
                        "activate initialized=true bridge=true",
                        "task resumed main=true",
                        "quit action",
                        "run returned 0",
                    ])
            }
        ]
    }

    /// Runs this binary with `arguments`, waiting on a GLib child watch (the loop keeps running).
    static func runSelf(
        _ arguments: [String], includeStderr: Bool = false,
        unsetting removed: [String] = [], executable: String = "/proc/self/exe"
    ) throws -> (Int32, String) {
        var fds: [Int32] = [0, 0]
        try require(pipe(&fds) == 0, "pipe")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        if includeStderr { posix_spawn_file_actions_adddup2(&actions, fds[1], 2) }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        let name = executable == "/proc/self/exe" ? "gtk-tests" : executable
        var argv: [UnsafeMutablePointer<CChar>?] = ([name] + arguments).map { strdup($0) } + [nil]
        // No crash backtracer in children that are expected to crash: it is slow and noisy.
        var env: [UnsafeMutablePointer<CChar>?] = [strdup("SWIFT_BACKTRACE=enable=no")]
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !removed.contains(where: { text.hasPrefix($0 + "=") }) { env.append(strdup(entry)) }
            index += 1
        }
        env.append(nil)
        defer { env.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, executable, &actions, nil, &argv, &env)
        argv.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
        close(fds[1])
        try require(rc == 0, "posix_spawn failed: \(rc)")
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        close(fds[0])
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }
}
