/* <oli.h>, the include form of oli 0.1's first installs, still compiles
   through oli::oli's include directories (README "Install"). */
#include <oli.h>

const char *legacy_version(void) { return oli_version(); }
