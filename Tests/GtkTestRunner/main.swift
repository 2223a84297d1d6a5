print("gtk-tests: none yet")
