/* runtime/base/machine.c - the measured machine model: apply a machine file of
 * `oli calibrate` (OLI_MACHINE, else OLI_MACHINE_DEFAULT_FILE) ahead of the
 * firmware's HMAT figures, which real CXL systems often lack. Called once
 * from process init, after the topology is read and before the default
 * weights are chosen (docs/machine.md). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "machine.h"

/* glibc's own allocator: the file is read while the runtime initialises. */
extern void *__libc_malloc(size_t);
extern void __libc_free(void *);

static oli_machine_t machine; /* too big for the stack of an early constructor */
static char applied[4096];

/* A bad explicit OLI_MACHINE is the user's input: stop. A bad default file
 * belongs to the machine's administrator: warn and go on with HMAT. */
static int bad(bool explicit_file, const char *path, const char *why) {
  if (explicit_file) {
    _oli_error_message(0, "OLI_MACHINE=%s: %s; write one with oli calibrate -o FILE, or set OLI_MACHINE=none",
                       path, why);
    _oli_fatal_exit();
  }
  _oli_warning_message(W_MACHINE, "%s: %s; interleave weights from HMAT or the kernel instead (OLI_MACHINE=none "
                                  "silences this)", path, why);
  return 0;
}

int _oli_machine_apply(oli_topology_t *t) {
  const char *path = _oli_option_str(oli_option_machine);
  bool explicit_file = path != NULL;
  if (path && strcmp(path, "none") == 0) return 0;
  if (path == NULL) {
    path = OLI_MACHINE_DEFAULT_FILE;
    if (access(path, F_OK) != 0) return 0; /* no file: nothing to say */
  }
  char why[256];
  oli_json_limits_t lim = {0, 0, __libc_malloc, __libc_free};
  if (oli_machine_load(path, &lim, &machine, why, sizeof why) != 0) return bad(explicit_file, path, why);
  if (_oli_topology_check_machine(&machine, t, why, sizeof why) != 0) return bad(explicit_file, path, why);
  int from = t->local_node;
  size_t used = 0;
  for (size_t i = 0; i < machine.n; i++) used += machine.rows[i].from == from;
  if (from < 0 || used == 0) {
    _oli_verbose_message(1, "machine file %s: no measurement from node %d, where this process runs; "
                            "run oli calibrate --from %d", path, from, from < 0 ? 0 : from);
    return 0;
  }
  for (size_t i = 0; i < machine.n; i++) {
    const oli_machine_row_t *r = &machine.rows[i];
    if (r->from != from) continue;
    t->nodes[r->to].read_bw = r->read_bw > UINT32_MAX ? UINT32_MAX : (uint32_t)r->read_bw;
    if (r->idle_lat) t->nodes[r->to].read_lat = r->idle_lat;
  }
  t->machine = 1;
  snprintf(applied, sizeof applied, "%s", path);
  _oli_verbose_message(1, "machine file %s%s%s: %zu measurements from node %d", path,
                       machine.host[0] ? ", measured on " : "", machine.host, used, from);
  return 1;
}

const char *_oli_machine_path(void) { return applied[0] ? applied : NULL; }
