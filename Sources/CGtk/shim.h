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

#endif
