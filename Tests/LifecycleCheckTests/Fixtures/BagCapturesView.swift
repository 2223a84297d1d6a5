// swift-format-ignore-file
// SPEC T6 (and T5, which is not flagged): a cancel-in-deinit holder whose closure refers to the
// view keeps the view's state, and so itself, alive until the task ends.
import SwiftUI

final class TaskBag {
    private var tasks: [Task<Void, Never>] = []

    func add(_ operation: @escaping () async -> Void) {
        tasks.append(Task { await operation() })
    }

    deinit {
        tasks.forEach { $0.cancel() }
    }
}

// Any class that cancels in deinit is such a holder, whatever its name.
final class TaskBin {
    private var handles: [Task<Void, Never>] = []

    func keep(_ task: Task<Void, Never>) { handles.append(task) }

    deinit {
        for handle in handles { handle.cancel() }
    }
}

struct CounterView: View {
    @State private var taskBag = TaskBag()
    @State private var bin: TaskBin = .init()
    @State private var count = 0
    let model: CounterModel

    var body: some View {
        Text("\(count)")
            .onAppear {
                taskBag.add {
                    await startCounting()  // expect: bag-captures-view
                }
                taskBag.add {
                    count += 1  // expect: bag-captures-view
                }
                taskBag.add {
                    await self.startCounting()  // expect: bag-captures-view
                }
                // A property wrapper's binding and the wrapper itself are the view's too.
                taskBag.add {
                    $count.wrappedValue += 1  // expect: bag-captures-view
                }
                taskBag.add {
                    _count.wrappedValue = State(initialValue: 0).wrappedValue  // expect: bag-captures-view
                }
                bin.keep(
                    Task {
                        await startCounting()  // expect: bag-captures-view
                    })
                // SPEC T5: only its own locals; works, fragile, not flagged.
                taskBag.add {
                    for step in 1...3 {
                        print(step)
                    }
                }
                taskBag.add { [model] in
                    await model.refresh()
                }
            }
    }

    private func schedule(model: CounterModel) {
        taskBag.add {
            await model.refresh()
        }
    }

    private func startCounting() async {}
}

@MainActor final class CounterModel {
    let bag = TaskBag()

    func refresh() async {}

    func start() {
        bag.add { [weak self] in
            await self?.refresh()
        }
        bag.add {
            await self.refresh()  // expect: bag-captures-view
        }
    }
}
