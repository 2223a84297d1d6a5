print("lifecycle-lab: not built yet")
