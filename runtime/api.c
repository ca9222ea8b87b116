/* runtime/api.c - the exported entry points that are not allocations
 * (include/oli.h, include/oli_abi.h): each brings the process up (alloc.c's
 * _oli_alloc_ready), then hands over to the layer that does the work, so no
 * layer below reaches up to start the process itself. */
#include <errno.h>

#include "internal.h"

/* The linked file's access summaries (module constructor, before
 * __oli_init): kept by objects/summary.c, which joins the estimates of the
 * records registered next. Bookkeeping only: nothing to bring up for it. */
OLI_EXPORT void __oli_register_summaries(__oli_site_t *sites, const void *start, const void *stop) {
  _oli_summary_register(sites, start, stop);
}

/* A registered global (pass's module constructor, before main): placed by
 * objects/globals.c. */
OLI_EXPORT void __oli_register_global(void *addr, uint64_t size, __oli_site_t *site) {
  if (!addr || size == 0 || !_oli_alloc_ready()) return;
  _oli_global_register(addr, size, site);
}

OLI_EXPORT int oli_report_write(const char *path) {
  if (!path) {
    errno = EINVAL;
    return -1;
  }
  _oli_alloc_ready();
  return _oli_report_write(path);
}

OLI_EXPORT long oli_settle(void) {
  _oli_alloc_ready();
  long n = _oli_settle_run(0, false);
  _oli_profile_settled(); /* OLI_PROFILE_START=settle: the compute phase starts here */
  return n;
}
