enum GtkLifecyclePlaceholder {}
