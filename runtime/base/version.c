/* runtime/base/version.c - version string of the runtime. */
#include "internal.h"

#ifndef OLI_VERSION_STRING
#define OLI_VERSION_STRING "0.0.0"
#endif

OLI_EXPORT const char *oli_version(void) { return OLI_VERSION_STRING; }
