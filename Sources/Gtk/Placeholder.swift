// Placeholder until the wrapper lands.
enum GtkPlaceholder {}
