enum LifecycleLabKitPlaceholder {}
