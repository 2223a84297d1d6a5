#if canImport(Glibc)
    import Glibc
#endif

/// Flushes every C stream (`fflush(NULL)`), which avoids touching the global `stdout`.
func fflushStdout() { fflush(nil) }

enum FileHandleStderr {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

/// Spawns `arguments` (the program at `executable`, else at `arguments[0]`) with this process's
/// environment less the variables named in `unset`, plus `extra` entries, its standard output
/// on `fd` (inherited when negative; `fd` is closed here); returns the pid.
func spawn(
    _ arguments: [String], environment extra: [String], unset: [String] = [], stdout fd: Int32,
    closingInChild unused: Int32 = -1, executable: String? = nil
) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    if fd >= 0 { posix_spawn_file_actions_adddup2(&actions, fd, 1) }
    if unused >= 0 { posix_spawn_file_actions_addclose(&actions, unused) }
    var env: [UnsafeMutablePointer<CChar>?] = []
    var index = 0
    let dropped = Set(unset + extra.map { String($0.prefix { $0 != "=" }) })
    while let entry = environ[index] {
        let name = String(cString: entry).prefix { $0 != "=" }
        if !dropped.contains(String(name)) { env.append(strdup(entry)) }
        index += 1
    }
    env += extra.map { strdup($0) }
    env.append(nil)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer {
        env.forEach { free($0) }
        argv.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
    }
    var pid = pid_t()
    let rc = posix_spawn(&pid, executable ?? arguments[0], &actions, nil, &argv, &env)
    if fd >= 0 { close(fd) }
    return rc == 0 ? pid : nil
}

/// Spawns `arguments` as ``spawn(_:environment:stdout:closingInChild:executable:)`` does, reads
/// its standard output to the end, waits for it; returns the output and the CPU time (user +
/// system) the process used.
func spawnAndRead(
    _ arguments: [String], environment extra: [String], unset: [String] = [],
    executable: String? = nil
) -> (output: String, cpuMilliseconds: Double)? {
    var fds: [Int32] = [0, 0]
    // Close-on-exec: the child gets the pipe only as its standard output (a daemon that forks,
    // like dbus-daemon, would otherwise keep the inherited write end open and the read below
    // would never see the end of the output).
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    guard
        let pid = spawn(
            arguments, environment: extra, unset: unset, stdout: fds[1], closingInChild: fds[0],
            executable: executable)
    else {
        close(fds[0])
        return nil
    }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fds[0], &chunk, chunk.count)
        if n <= 0 { break }
        output += chunk[..<n]
    }
    close(fds[0])
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let cpu =
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000
    return (String(decoding: output, as: UTF8.self), cpu)
}
