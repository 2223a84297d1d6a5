extension ToastStrategyID {
    /// The SwiftUI each toast strategy stands for (seeds 000 and 002), key lines marked
    /// `// lab-code-key`; the app shows it beside the Swift that runs (``StrategyCode``).
    public var swiftUIShape: String {
        switch self {
        case .t1:
            """
            // Seed 000, first version
            if isPresented {
              ToastView()
                .onAppear {
                  Task {  // lab-code-key
                    do {
                      try await Task.sleep(for: .seconds(3))
                      isPresented = false
                    } catch {
                      print("error")  // never runs
                    }
                  }
                }
            }
            """
        case .t2:
            """
            // Seed 000, the fix
            if isPresented {
              ToastView()
                .task {  // lab-code-key
                  do {
                    try await Task.sleep(for: .seconds(3))
                    isPresented = false
                  } catch is CancellationError {  // lab-code-key
                    print("task cancel")
                  } catch {
                    print("error")
                  }
                }
            }
            """
        case .t3:
            """
            // Seed 000's warning: try? swallows the cancel
            if isPresented {
              ToastView()
                .task {
                  try? await Task.sleep(for: .seconds(3))  // lab-code-key
                  isPresented = false
                  print("auto-dismissed")  // lab-code-key
                }
            }
            """
        case .t4:
            """
            // Seed 000, the bonus: .task by hand
            @State private var task: Task<(), Never>?

            ToastView()
              .onAppear {
                task = Task {  // lab-code-key
                  do {
                    try await Task.sleep(for: .seconds(3))
                    isPresented = false
                  } catch is CancellationError {
                    print("task cancel")
                  } catch {}
                }
              }
              .onDisappear {
                task?.cancel()  // lab-code-key
              }
            """
        case .t5:
            """
            // Seed 002, first version
            @State private var taskBag = TaskBag()  // lab-code-key

            ToastView()
              .onAppear {
                taskBag.add {  // lab-code-key
                  do {
                    try await Task.sleep(for: .seconds(3))
                    isPresented = false
                  } catch {
                    print("task cancel")
                  }
                }
              }
            // TaskBag.deinit { task?.cancel() }
            """
        case .t6:
            """
            // Seed 002, second version
            @State private var taskBag = TaskBag()

            ToastView()
              .onAppear {
                taskBag.add {
                  await startCounting()  // lab-code-key
                }
              }
            // startCounting() is the view's method: the
            // closure captures the view, and with it the
            // bag, which now outlives the toast.
            """
        case .t7:
            """
            // Seed 002's TaskBag as written: one task
            final class TaskBag {
              private var task: Task<Void, Never>?
              func add(_ op: @escaping () async -> Void) {
                task = Task { await op() }  // lab-code-key
              }
              deinit { task?.cancel() }
            }
            @State private var taskBag = TaskBag()

            ToastView()
              .onAppear {
                taskBag.add { await countDown() }  // lab-code-key
                taskBag.add { await dismissAfterDelay() }
              }
            // The second add drops the countdown's
            // handle: nobody can cancel it any more.
            """
        case .t8:
            """
            // Seed 000's guide: each tool for its job
            ToastView()
              .onAppear {
                // lifecycle: must-finish
                Task { await save() }  // lab-code-key
              }
              .task {  // lab-code-key
                do {
                  try await Task.sleep(for: .seconds(3))
                  isPresented = false
                } catch is CancellationError {
                  print("task cancel")
                } catch {}
              }
            // The save must finish though the toast goes:
            // onAppear + Task. The timer must stop with
            // it: .task.
            """
        }
    }
}
