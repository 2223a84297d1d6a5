enum LifecycleTasksPlaceholder {}
