#ifndef LIFECYCLE_LAB_CGTK_SHIM_H
#define LIFECYCLE_LAB_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <stdint.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/select.h>
#include <poll.h>
#include <time.h>
#include <dlfcn.h>

/*
 * The only C in the project. Everything here is a `static inline` helper for what Swift
 * cannot call directly: macros (G_OBJECT, g_signal_connect, G_VARIANT_TYPE_STRING) and
 * variadic functions (g_object_new, gtk_accessible_update_property, g_object_get).
 * Only the Swift `Gtk` target imports this module.
 */

/* libdispatch's private run-loop integration, exported by libdispatch.so on Linux (the same
 * hooks CoreFoundation's CFRunLoop uses). On Linux the handle is an eventfd that libdispatch
 * writes to whenever work is enqueued on the main queue. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

/* Blocks (no spinning) until fd is readable or usec microseconds pass; 1 when readable. */
static inline int cg_wait_readable(int fd, long usec) {
    if (fd < 0 || fd >= FD_SETSIZE) return 0; /* select cannot watch it: do not wait */
    fd_set set;
    FD_ZERO(&set);
    FD_SET(fd, &set);
    struct timeval timeout = { 0, usec };
    return select(fd + 1, &set, NULL, NULL, &timeout) > 0;
}

/* Spins (non-blocking poll, no sleep) up to `usec` microseconds for `fd` to become readable. */
static inline int cg_spin_readable(int fd, long usec) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    struct pollfd entry = { fd, POLLIN, 0 };
    for (;;) {
        if (poll(&entry, 1, 0) > 0) return 1;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long elapsed = (now.tv_sec - start.tv_sec) * 1000000L + (now.tv_nsec - start.tv_nsec) / 1000L;
        if (elapsed >= usec) return 0;
    }
}

static inline int cg_gettid(void) { return (int)syscall(SYS_gettid); }
static inline int cg_is_main_thread(void) { return cg_gettid() == (int)getpid(); }

static inline GObject *cg_object(void *p) { return G_OBJECT(p); }
static inline const char *cg_type_name_of(void *p) { return G_OBJECT_TYPE_NAME(p); }

/* The GL_RENDERER string of a GL context GDK makes on `display` (e.g. "llvmpipe (LLVM 15…)"),
 * as a newly allocated string for g_free; NULL when GDK cannot make one. GL calls go through
 * libepoxy, which GTK loads: its `epoxy_glGetString` is a function pointer it resolves itself. */
static inline char *cg_gl_renderer_string(GdkDisplay *display) {
    GError *error = NULL;
    GdkGLContext *context = gdk_display_create_gl_context(display, &error);
    if (context == NULL) { g_clear_error(&error); return NULL; }
    char *result = NULL;
    if (gdk_gl_context_realize(context, &error)) {
        gdk_gl_context_make_current(context);
        typedef const unsigned char *(*get_string_fn)(unsigned int);
        get_string_fn *get_string = (get_string_fn *)dlsym(RTLD_DEFAULT, "epoxy_glGetString");
        const unsigned char *text = (get_string && *get_string) ? (*get_string)(0x1F01 /* GL_RENDERER */) : NULL;
        if (text) result = g_strdup((const char *)text);
        gdk_gl_context_clear_current();
    }
    g_clear_error(&error);
    g_object_unref(context);
    return result;
}

/* g_signal_connect_data with a generic callback pointer. */
static inline gulong cg_signal_connect(void *instance, const char *signal, void *callback,
                                        void *data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, (GCallback)callback, data, destroy, (GConnectFlags)0);
}

/* g_object_new with an accessible role: the role is construct-only in GTK 4.8. */
static inline GtkWidget *cg_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}
static inline GtkWidget *cg_widget_new(GType type) {
    return GTK_WIDGET(g_object_new(type, NULL));
}

static inline void cg_accessible_set_label(void *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void cg_accessible_set_description(void *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}
static inline void cg_accessible_set_state_boolean(void *widget, GtkAccessibleState state, gboolean value) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), state, value, -1);
}
/* GTK 4.8 has no getter for an accessible property: gtk_test_accessible_check_property returns
   NULL when the property equals the probe, else the value it holds as a string (GTK's test API,
   public and exported; it reads the widget's ATContext whatever its backend). The probe is a
   text no widget is given. */
static inline char *cg_accessible_property_text(void *widget, GtkAccessibleProperty property) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), property, "\x01\x02");
}
/* The state as "true"/"false" (NULL when it is false, the probe). */
static inline char *cg_accessible_state_text(void *widget, GtkAccessibleState state) {
    return gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), state, FALSE);
}

static inline gboolean cg_object_get_boolean(void *object, const char *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}
static inline int cg_object_has_property(void *object, const char *name) {
    return g_object_class_find_property(G_OBJECT_GET_CLASS(object), name) != NULL;
}

static inline const GVariantType *cg_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }

/* g_signal_emit_by_name for a signal without arguments or return value (e.g. "clicked"). */
static inline void cg_emit(void *instance, const char *signal) { g_signal_emit_by_name(instance, signal); }

/* API that GTK 4.12 deprecates, chosen by the version being built against, so the build has no
 * deprecation warning on GTK 4.8 (Debian 12) or 4.18 (Debian 13). */
static inline void cg_css_provider_load_string(GtkCssProvider *provider, const char *css, gssize length) {
#if GTK_CHECK_VERSION(4, 12, 0)
    (void)length;
    gtk_css_provider_load_from_string(provider, css);
#else
    gtk_css_provider_load_from_data(provider, css, length);
#endif
}

/* The widget's CSS colour, its text's: GTK 4.10 deprecates the style context it was read from. */
static inline GdkRGBA cg_widget_color(GtkWidget *widget) {
    GdkRGBA color;
#if GTK_CHECK_VERSION(4, 10, 0)
    gtk_widget_get_color(widget, &color);
#else
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
#endif
    return color;
}

/* Baseline alignment: GTK_ALIGN_BASELINE became GTK_ALIGN_BASELINE_FILL (same value) in 4.12. */
static inline GtkAlign cg_align_baseline(void) {
#if GTK_CHECK_VERSION(4, 12, 0)
    return GTK_ALIGN_BASELINE_FILL;
#else
    return GTK_ALIGN_BASELINE;
#endif
}

/* gdk_wayland_display_query_registry (gdk/wayland/gdkwayland.h, GTK 4.4+), declared here so the
 * shim needs no Wayland headers; call it on a Wayland display only. */
#ifdef GDK_WINDOWING_WAYLAND
extern gboolean gdk_wayland_display_query_registry(GdkDisplay *display, const char *global);
#endif
static inline int cg_wayland_display_query_registry(GdkDisplay *display, const char *global) {
#ifdef GDK_WINDOWING_WAYLAND
    return gdk_wayland_display_query_registry(display, global);
#else
    (void)display; (void)global;
    return 0;
#endif
}

static inline int cg_surface_is_toplevel(GdkSurface *surface) { return GDK_IS_TOPLEVEL(surface); }

/* ---- Files from a chooser or a drop (FileChooser.swift, DropTarget.swift) ---- */

/* The local paths in a GValue holding a GdkFileList (what a drop of files carries), as a
 * NULL-terminated array for g_strfreev; a file with no local path (a remote URI) is left out. */
static inline char **cg_file_list_paths(const GValue *value) {
    GPtrArray *paths = g_ptr_array_new();
    if (value != NULL && G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST)) {
        GdkFileList *list = g_value_get_boxed(value);
        GSList *files = list ? gdk_file_list_get_files(list) : NULL;
        for (GSList *item = files; item != NULL; item = item->next) {
            char *path = g_file_get_path(G_FILE(item->data));
            if (path != NULL) g_ptr_array_add(paths, path);
        }
        g_slist_free(files);
    }
    g_ptr_array_add(paths, NULL);
    return (char **)g_ptr_array_free(paths, FALSE);
}

/* Emits a drop target's "drop" signal with a GdkFileList of `paths` (NULL-terminated), as GTK
 * does when files are dropped on its widget; returns the handlers' answer. */
static inline gboolean cg_drop_target_emit_files(GtkDropTarget *target, const char *const *paths, double x, double y) {
    GSList *files = NULL;
    for (; *paths != NULL; paths++) files = g_slist_prepend(files, g_file_new_for_path(*paths));
    files = g_slist_reverse(files);
    GValue value = G_VALUE_INIT;
    g_value_init(&value, GDK_TYPE_FILE_LIST);
    g_value_take_boxed(&value, gdk_file_list_new_from_list(files));
    g_slist_free_full(files, g_object_unref);
    gboolean handled = FALSE;
    g_signal_emit_by_name(target, "drop", &value, x, y, &handled);
    g_value_unset(&value);
    return handled;
}

static inline GType cg_file_list_type(void) { return GDK_TYPE_FILE_LIST; }

/* A file chooser shown for one answer: GtkFileDialog on GTK 4.10 and later, where
 * GtkFileChooserNative is deprecated; GtkFileChooserNative before (GTK 4.8 has no
 * GtkFileDialog). Chosen by the GTK built against, so neither build sees a deprecated call;
 * a build runs on the GTK it was built with or a later one. `done` is called exactly once,
 * from the main loop, with the chosen path (the callee frees it with g_free) or NULL when the
 * person dismissed it or it was cancelled; the choice is freed after it. */
typedef void (*cg_chosen_fn)(char *path, void *data);
typedef struct {
    GObject *dialog;
    GCancellable *cancellable;
    cg_chosen_fn done;
    void *data;
    int folder;
} CgFileChoice;

static inline void cg_file_choice_finish(CgFileChoice *choice, char *path) {
    choice->done(path, choice->data);
    g_clear_object(&choice->cancellable);
    g_clear_object(&choice->dialog);
    g_free(choice);
}

static inline GtkFileFilter *cg_swift_file_filter(const char *name) {
    GtkFileFilter *filter = gtk_file_filter_new();
    gtk_file_filter_set_name(filter, name);
    gtk_file_filter_add_pattern(filter, "*.swift");
    return filter;
}

#if GTK_CHECK_VERSION(4, 10, 0)
static inline void cg_file_dialog_done(GObject *source, GAsyncResult *result, gpointer data) {
    CgFileChoice *choice = data;
    GFile *file = choice->folder
        ? gtk_file_dialog_select_folder_finish(GTK_FILE_DIALOG(source), result, NULL)
        : gtk_file_dialog_open_finish(GTK_FILE_DIALOG(source), result, NULL);
    char *path = file != NULL ? g_file_get_path(file) : NULL;
    g_clear_object(&file);
    cg_file_choice_finish(choice, path);
}
#else
static inline void cg_file_native_response(GtkNativeDialog *native, int response, gpointer data) {
    CgFileChoice *choice = data;
    char *path = NULL;
    if (response == GTK_RESPONSE_ACCEPT) {
        GFile *file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(native));
        if (file != NULL) {
            path = g_file_get_path(file);
            g_object_unref(file);
        }
    }
    cg_file_choice_finish(choice, path);
}
#endif

/* Shows a modal chooser over `parent` for one Swift file (`folder` 0) or one folder. */
static inline CgFileChoice *cg_file_choice_open(GtkWindow *parent, const char *title, const char *accept,
                                                const char *filter_name, int folder, cg_chosen_fn done, void *data) {
    CgFileChoice *choice = g_new0(CgFileChoice, 1);
    choice->done = done;
    choice->data = data;
    choice->folder = folder;
#if GTK_CHECK_VERSION(4, 10, 0)
    GtkFileDialog *dialog = gtk_file_dialog_new();
    gtk_file_dialog_set_title(dialog, title);
    gtk_file_dialog_set_accept_label(dialog, accept);
    gtk_file_dialog_set_modal(dialog, TRUE);
    if (!folder) {
        GtkFileFilter *filter = cg_swift_file_filter(filter_name);
        gtk_file_dialog_set_default_filter(dialog, filter);
        g_object_unref(filter);
    }
    choice->dialog = G_OBJECT(dialog);
    choice->cancellable = g_cancellable_new();
    if (folder) gtk_file_dialog_select_folder(dialog, parent, choice->cancellable, cg_file_dialog_done, choice);
    else gtk_file_dialog_open(dialog, parent, choice->cancellable, cg_file_dialog_done, choice);
#else
    GtkFileChooserNative *native = gtk_file_chooser_native_new(
        title, parent, folder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN, accept, NULL);
    gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(native), TRUE);
    if (!folder) {
        GtkFileFilter *filter = cg_swift_file_filter(filter_name);
        gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(native), filter);
        g_object_unref(filter);
    }
    choice->dialog = G_OBJECT(native);
    g_signal_connect(native, "response", G_CALLBACK(cg_file_native_response), choice);
    gtk_native_dialog_show(GTK_NATIVE_DIALOG(native));
#endif
    return choice;
}

/* Closes the chooser without an answer: `done` gets NULL (now on GTK 4.8; from the main loop,
 * once the dialog has noticed, on GTK 4.10 and later). */
static inline void cg_file_choice_cancel(CgFileChoice *choice) {
#if GTK_CHECK_VERSION(4, 10, 0)
    g_cancellable_cancel(choice->cancellable);
#else
    gtk_native_dialog_hide(GTK_NATIVE_DIALOG(choice->dialog));
    cg_file_choice_finish(choice, NULL);
#endif
}

#endif
