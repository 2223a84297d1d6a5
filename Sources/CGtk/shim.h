#ifndef LIFECYCLE_LAB_CGTK_SHIM_H
#define LIFECYCLE_LAB_CGTK_SHIM_H
#include <gtk/gtk.h>
#endif
