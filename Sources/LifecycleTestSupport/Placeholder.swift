enum LifecycleTestSupportPlaceholder {}
