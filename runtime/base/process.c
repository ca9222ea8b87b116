/* runtime/base/process.c - the process's facts, set once by init.c: the
 * topology as the options leave it, the default weights and their source,
 * and whether start-up is done. Every layer reads them here; none reaches
 * up to init.c for them. Readers run after start-up (the allocation path
 * comes up through init.c first), so reads are plain. */
#include <string.h>

#include "internal.h"

_Atomic int _oli_init_state;
static oli_topology_t topo;
static uint32_t weights[OLI_MAX_TARGETS];
static const char *weights_source = "default";

void _oli_process_publish(const oli_topology_t *t, const uint32_t w[OLI_MAX_TARGETS], const char *wsrc) {
  topo = *t;
  memcpy(weights, w, sizeof weights);
  weights_source = wsrc;
}

bool _oli_is_initialized(void) {
  return atomic_load_explicit(&_oli_init_state, memory_order_acquire) == OLI_INIT_DONE;
}

const oli_topology_t *_oli_topology(void) { return &topo; }

const char *_oli_weights(uint32_t w[OLI_MAX_TARGETS]) {
  for (int i = 0; i < OLI_MAX_TARGETS; i++) w[i] = weights[i];
  return weights_source;
}
