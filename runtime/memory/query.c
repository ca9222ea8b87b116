/* runtime/memory/query.c - where did the pages of an object actually land?
 * move_pages(2) with a NULL node list only reports each page's node (or
 * -ENOENT for a page nobody touched yet). Ranges above OLI_QUERY_MAX_PAGES
 * pages are sampled with a fixed stride and the counts scaled back up. */
#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "internal.h"

#define BATCH 1024

int _oli_query_pages(const void *addr, size_t len, uint64_t per_node[OLI_MAX_NODES], uint64_t *absent,
                     bool *sampled) {
  memset(per_node, 0, sizeof(uint64_t) * OLI_MAX_NODES);
  *absent = 0;
  *sampled = false;
  uint64_t pg = _oli_page_size();
  uintptr_t lo = (uintptr_t)addr & ~(pg - 1);
  uint64_t npages = ((uintptr_t)addr + len + pg - 1 - lo) / pg;
  if (len == 0 || npages == 0) return 0;
  uint64_t stride = 1;
  if (npages > OLI_QUERY_MAX_PAGES) {
    stride = (npages + OLI_QUERY_MAX_PAGES - 1) / OLI_QUERY_MAX_PAGES;
    *sampled = true;
  }
  void *pages[BATCH];
  int status[BATCH];
  uint64_t seen = 0;
  for (uint64_t i = 0; i < npages;) {
    int n = 0;
    for (; n < BATCH && i < npages; i += stride) pages[n++] = (void *)(lo + i * pg);
    if (_oli_os_move_pages((unsigned long)n, pages, status) != 0) return -1;
    for (int k = 0; k < n; k++) {
      if (status[k] >= 0 && status[k] < OLI_MAX_NODES) per_node[status[k]]++;
      else if (status[k] == -ENOENT) (*absent)++; /* other errors (a foreign page): in neither count */
    }
    seen += (uint64_t)n;
  }
  if (stride > 1 && seen) { /* scale the sample to the whole range */
    for (int k = 0; k < OLI_MAX_NODES; k++) per_node[k] = per_node[k] * npages / seen;
    *absent = *absent * npages / seen;
  }
  return 0;
}
