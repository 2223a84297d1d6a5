import Glibc
import Gtk

/// The wrapper (STYLE, "The C boundary"): ownership, closures, errors and widgets.
@MainActor
enum WrapperTests {
    final class Captured {}

    static var cases: [GtkTestCase] {
        [
            GtkTestCase("wrapper closures: a signal closure is released after disconnect (weak reference)") {
                let button = Button("x")
                let before = GLibClosureBox.liveCount
                var captured: Captured? = Captured()
                let weak = WeakBox(captured)
                var clicks = 0
                let connection = button.onClicked { [captured] in
                    _ = captured
                    clicks += 1
                }
                captured = nil
                expectEqual(GLibClosureBox.liveCount, before + 1, "closure held by GLib")
                expect(weak.value != nil, "closure keeps its capture alive")
                button.click()
                expectEqual(clicks, 1, "handler ran")
                connection.disconnect()
                expectEqual(GLibClosureBox.liveCount, before, "closure released by disconnect")
                expect(weak.value == nil, "capture released by disconnect")
                button.click()
                expectEqual(clicks, 1, "disconnected handler does not run")
            },
            GtkTestCase("wrapper closures: a signal closure is released when its widget is destroyed (weak reference)")
            {
                let before = GLibClosureBox.liveCount
                var captured: Captured? = Captured()
                let weak = WeakBox(captured)
                let window = Window(title: "destroy-release")
                do {
                    let button = Button("x")
                    button.onClicked { [captured] in _ = captured }
                    window.child = button
                }
                captured = nil
                window.present()
                try await waitFor("window mapped") { window.isMapped }
                expect(weak.value != nil, "alive while the button lives")
                window.destroy()
                expect(weak.value == nil, "capture released when the window (and the button) is destroyed")
                expectEqual(GLibClosureBox.liveCount, before, "no closure left")
            },
            GtkTestCase(
                "wrapper start-up: a tooltip set while building keeps the text and the widget visible; later ones too"
            ) {
                let window = Window(title: "tooltips")
                let box = Box(.vertical, spacing: 0)
                let early = Button("early")
                early.tooltip = "set before the window exists"
                expect(early.isVisible, "still visible after the tooltip was set")
                expectEqual(early.tooltip, "set before the window exists")
                let hidden = Label("hidden")
                hidden.hide()
                hidden.tooltip = "set while hidden"
                expect(!hidden.isVisible, "a hidden widget stays hidden")
                box.append(early)
                box.append(hidden)
                window.child = box
                window.present()
                try await waitFor("window mapped") { window.isMapped }
                expect(early.isMapped, "the early widget maps with its window")
                early.tooltip = "changed while shown"
                expectEqual(early.tooltip, "changed while shown")
                early.tooltip = nil
                expectEqual(early.tooltip, nil)
                window.destroy()
            },
            GtkTestCase("wrapper start-up: a tooltip on a stack's visible child leaves the stack on that page") {
                let stack = Stack()
                let first = Label("first")
                let second = Label("second")
                stack.addTitled(first, name: "first", title: "First")
                stack.addTitled(second, name: "second", title: "Second")
                stack.visibleChildName = "first"
                var switches = 0
                stack.onVisibleChildChanged { switches += 1 }
                first.tooltip = "on the shown page, before any window"
                expectEqual(stack.visibleChildName, "first", "still on the first page")
                expectEqual(switches, 0, "no page switch was signalled")
                expect(first.isVisible, "the child is still visible")
                expectEqual(first.tooltip, "on the shown page, before any window")
            },
            GtkTestCase("wrapper ownership: a removed widget lives while Swift holds it; finalized after") {
                let box = Box()
                var label: Label? = Label("owned")
                let weak = WeakBox(label)
                box.append(label!)
                expectEqual(label!.debugReferenceCount, 2, "Swift + parent")
                box.remove(label!)
                expectEqual(label!.debugReferenceCount, 1, "Swift only")
                label = nil
                expect(weak.value == nil, "wrapper gone")
            },
            GtkTestCase("wrapper errors: GError becomes a Swift error with domain, code and message") {
                let error = GLibError.roundTrip(domain: "g-io-error-quark", code: 1, message: "No such file")
                expectEqual(error, GLibError(domain: "g-io-error-quark", code: 1, message: "No such file"))
                expectEqual(error.description, "No such file (g-io-error-quark 1)")
            },
            GtkTestCase("wrapper errors: a CSS parse error names the file and the line") {
                let path = "/tmp/lifecycle-lab-test-\(getpid()).css"
                let file = fopen(path, "w")!
                fputs("label { color: red; }\n\nbutton { colour: blue; }\n", file)
                fclose(file)
                defer { unlink(path) }
                let css = CssProvider()
                do {
                    try css.load(path: path)
                    expect(false, "bad CSS accepted")
                } catch let error as CssError {
                    expectEqual(error.file, path, "file")
                    expectEqual(error.line, 3, "line")
                    expect(error.description.hasPrefix("\(path):3:"), "description \(error.description)")
                }
                do {
                    try css.load(path: "/nonexistent/style.css")
                    expect(false, "missing file accepted")
                } catch let error as CssError {
                    expect(error.description.contains("/nonexistent/style.css"), "missing file named: \(error)")
                }
                do {
                    try css.load(css: ".toast { opacity: 0.9; }", name: "inline")
                } catch {
                    expect(false, "good CSS rejected: \(error)")
                }
            },
            GtkTestCase("wrapper list view: 10 000 Swift rows are virtualized and rebind on reload") {
                let window = Harness.window("list", width: 300, height: 300)
                var binds: [String: Int] = [:]
                let list = ListView(
                    setup: { Label() },
                    bind: { label, id, position in
                        binds[id, default: 0] += 1
                        label.text = "row \(id) @\(position)"
                    })
                let scroller = ScrolledWindow()
                scroller.child = list
                window.child = scroller
                list.setRows((0..<10_000).map(String.init))
                window.present()
                try await waitFor("rows bound") { binds["0"] != nil }
                expectEqual(list.count, 10_000)
                expect(list.rowWidgetCount < 300, "only visible rows get widgets (\(list.rowWidgetCount))")
                expect(binds["9999"] == nil, "last row never bound")
                let before = binds["1"] ?? 0
                list.reloadRow(id: "1")
                try await waitFor("row 1 rebound") { (binds["1"] ?? 0) > before }
                list.remove(at: 0)
                expectEqual(list.rowIDs.first, "1")
            },
            GtkTestCase(
                "wrapper text view: lines added at the end, the first ones cut; the scroller follows the end without animation (§5 log)"
            ) {
                let view = TextView()
                let scroller = ScrolledWindow()
                scroller.setVerticalOnly()
                scroller.child = view
                let window = Harness.window("text", width: 300, height: 120)
                window.child = scroller
                window.present()
                try await waitFor("mapped") { view.isMapped }
                view.text = "one\ntwo"
                view.append("\nthree")
                expectEqual(view.text, "one\ntwo\nthree", "appended at the end")
                view.removeFirstLines(2)
                expectEqual(view.text, "three", "the first two lines cut")
                var extentChanges = 0
                scroller.onVerticalExtentChanged {
                    extentChanges += 1
                    scroller.scrollToEnd()
                }
                view.text = (1...200).map { "line \($0)" }.joined(separator: "\n")
                // 200 lines are far taller than 120 px: at the end means scrolled well down.
                try await waitFor("scrolled to the end, \(extentChanges) extent changes") {
                    scroller.verticalOffset > 1_000 && scroller.isScrolledToEnd(slack: 2)
                }
                scroller.verticalOffset = 0
                expect(!scroller.isScrolledToEnd(), "back at the top, offset \(scroller.verticalOffset)")
                view.removeFirstLines(500)
                expectEqual(view.text, "", "cutting more lines than there are empties it")
            },
            GtkTestCase("wrapper menu: a radio action with a string parameter changes state; accelerators bind") {
                let app = Application(id: "dev.lifecyclelab.GtkTests")
                try app.register()
                let strategy = SimpleAction(name: "strategy", radioState: "t1")
                var changes: [String] = []
                strategy.onStateChanged { changes.append($0) }
                app.addAction(strategy)
                let quit = SimpleAction(name: "quit")
                var quits = 0
                quit.onActivate { _ in quits += 1 }
                app.addAction(quit)
                app.setAccelerators(["<Control>q"], for: "app.quit")
                expectEqual(app.accelerators(for: "app.quit"), ["<Control>q"])
                strategy.activate("t2")
                expectEqual(strategy.state, "t2")
                expectEqual(changes, ["t2"])
                quit.activate()
                expectEqual(quits, 1)
                let section = Menu()
                section.append("T1", action: "app.strategy::t1")
                section.append("T2", action: "app.strategy::t2")
                let menu = Menu()
                menu.appendSection("Strategy", section)
                menu.append("Quit", action: "app.quit")
                expectEqual(menu.count, 2)
                let button = MenuButton()
                button.menu = menu
                let window = Window(application: app, title: "menu")
                let header = HeaderBar()
                header.packEnd(button)
                window.titlebar = header
                window.present()
                try await waitFor("menu window mapped") { window.isMapped }
                window.destroy()
            },
            GtkTestCase("wrapper widgets: drawing area draws with cairo and renders to PNG; roles and states set") {
                let window = Harness.window("draw", width: 200, height: 120)
                let area = DrawingArea(accessibleRole: .img)
                area.setContentSize(width: 200, height: 100)
                var draws = 0
                area.setDrawFunction { cr, width, height in
                    draws += 1
                    cr.setSource(red: 0.2, green: 0.4, blue: 0.8)
                    cr.rectangle(x: 0, y: 0, width: Double(width) / 2, height: Double(height))
                    cr.fill()
                    cr.setLineWidth(2)
                    cr.move(toX: 0, y: 0)
                    cr.line(toX: Double(width), y: Double(height))
                    cr.stroke()
                    cr.selectFontFace("Sans", bold: true)
                    cr.setFontSize(12)
                    cr.move(toX: 10, y: 50)
                    cr.showText("task")
                }
                expect(area.hasAccessibleRole(.img), "role set at construction")
                area.setAccessibleLabel("Timeline")
                area.updateAccessibleState(.busy, true)
                window.child = area
                window.present()
                try await waitFor("drawn") { draws > 0 }
                let path = "/tmp/lifecycle-lab-shot-\(getpid()).png"
                defer { unlink(path) }
                try window.savePNG(to: path)
                var info = stat()
                expect(stat(path, &info) == 0 && info.st_size > 100, "PNG written")
            },
            GtkTestCase("wrapper widgets: revealer, stack and switcher notify their changes") {
                let window = Harness.window("widgets")
                let box = Box(.vertical, spacing: 4)
                let revealer = Revealer()
                revealer.transition = .slideUp
                revealer.transitionDuration = 50
                expectEqual(revealer.transition, .slideUp)
                box.halign = .center
                expectEqual(box.halign, .center)
                revealer.child = Label("toast", accessibleRole: .status)
                var revealed: [Bool] = []
                revealer.onChildRevealed { [unowned revealer] in revealed.append(revealer.isChildRevealed) }
                let stack = Stack()
                stack.addTitled(Label("one"), name: "one", title: "One")
                stack.addTitled(Label("two"), name: "two", title: "Two")
                var pages: [String] = []
                stack.onVisibleChildChanged { [unowned stack] in pages.append(stack.visibleChildName ?? "?") }
                box.append(StackSwitcher(stack: stack))
                box.append(stack)
                box.append(revealer)
                let progress = ProgressBar()
                progress.fraction = 0.5
                box.append(progress)
                let drop = DropDown(items: ["alpha", "beta"])
                drop.selectedIndex = 1
                expectEqual(drop.selectedItem, "beta")
                box.append(drop)
                let check = CheckButton("exec throws")
                check.isActive = true
                expect(check.isActive)
                box.append(check)
                window.child = box
                window.present()
                try await waitFor("mapped") { box.isMapped }
                revealer.revealsChild = true
                try await waitFor("revealed") { revealer.isChildRevealed }
                stack.visibleChildName = "two"
                expectEqual(pages, ["two"])
                expectEqual(revealed, [true])
            },
        ]
    }
}
