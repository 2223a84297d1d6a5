#ifndef LIFECYCLE_LAB_CINTL_SHIM_H
#define LIFECYCLE_LAB_CINTL_SHIM_H
/*
 * glibc's gettext (libintl.h: dgettext, dngettext, bindtextdomain, bind_textdomain_codeset),
 * which Swift's Glibc module leaves out. Declarations only: the functions live in libc itself,
 * so there is nothing to link. Only the Swift `Gettext` target imports this module.
 */
#include <libintl.h>
#include <locale.h>
#endif
