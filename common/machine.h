/* common/machine.h - the machine file (`oli-machine` version 1): what
 * `oli calibrate` measured, read by the runtime (OLI_MACHINE, else
 * OLI_MACHINE_DEFAULT_FILE) ahead of the firmware's HMAT figures, and by
 * `oli calibrate --show`. One reader and one writer for both
 * (docs/machine.md has the format).
 *
 *   oli_machine_t m;
 *   char why[200];
 *   if (oli_machine_parse(text, len, NULL, &m, why, sizeof why) != 0)
 *     fprintf(stderr, "oli: m.json: %s\n", why);   // "line 7, column 24: ..."
 *   const oli_machine_row_t *r = oli_machine_find(&m, 0, 2);  // from node 0 to node 2
 */
#ifndef OLI_COMMON_MACHINE_H
#define OLI_COMMON_MACHINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "json.h"

#define OLI_MACHINE_SCHEMA "oli-machine"
#define OLI_MACHINE_VERSION 1
#ifndef OLI_MACHINE_DEFAULT_FILE
#define OLI_MACHINE_DEFAULT_FILE "/etc/oli/machine.json"
#endif
#define OLI_MACHINE_MAX_ROWS 256   /* measurements per file */
#define OLI_MACHINE_MAX_NODE 63    /* node numbers 0..63, as the runtime's masks */
#define OLI_MACHINE_MAX_SWEEP 16   /* thread counts kept per measurement */
#define OLI_MACHINE_MAX_BYTES (1u << 20)
#define OLI_MACHINE_MAX_HITS 8     /* buffer sizes of the cache hit curve */

/* One memory node measured from the CPUs of one node. */
typedef struct oli_machine_row_s {
  int from;                  /* node whose CPUs ran the measurement */
  int to;                    /* node holding the memory measured */
  char kind[8];              /* "dram", "cxl" or "" (informational) */
  uint64_t read_bw;          /* MB/s (10^6 bytes/s), best of the sweep; > 0 */
  uint32_t threads;          /* threads of that best; 0 unknown */
  uint32_t idle_lat;         /* ns per dependent load, one thread; 0 unknown */
  uint32_t loaded_lat;       /* ns while the other threads stream the node; 0 unknown */
  uint32_t gather_ns;        /* ns per gathered read beyond the caches, one thread, indices read
                              * from memory (the misses a core overlaps included); 0 unknown */
  uint32_t gather_ps;        /* the same in ps (the planner's when present: a few ns in whole ns
                              * is coarse); 0 unknown */
  uint32_t nsweep;           /* the bandwidth at each thread count tried */
  struct { uint32_t threads; uint64_t read_bw; } sweep[OLI_MACHINE_MAX_SWEEP];
  uint32_t ntriad;           /* a STREAM triad's bandwidth at each thread count tried (0: not measured) */
  struct { uint32_t threads; uint64_t triad_bw; } triad[OLI_MACHINE_MAX_SWEEP]; /* MB/s counted as
                              * STREAM and the planner count it: 24 bytes an element, two reads
                              * and a write, the written line's fill not counted */
} oli_machine_row_t;

typedef struct oli_machine_s {
  char host[128];            /* where it was measured ("" unknown) */
  uint64_t buffer_bytes;     /* bytes per measurement buffer; 0 unknown */
  uint64_t cache_bytes;      /* bytes the measuring CPUs' caches serve (measured); 0 unknown */
  uint64_t cache_gather_ps;  /* ps per random 8-byte read of a buffer the caches hold, independent
                              * addresses, one thread (a cache hit's cost); 0 unknown */
  uint64_t cache_read_bw;    /* MB/s one thread reads a buffer the caches hold, streamed; 0 unknown */
  uint64_t cache_chase_ps;   /* ps per dependent load (a pointer chase) through a buffer the caches hold,
                              * one thread (a hit in a chain of dependent loads); 0 unknown */
  uint64_t miss_window;      /* operations a core holds in flight while a miss is out (its window):
                              * a gather with k operations between its misses overlaps about
                              * miss_window / k of them, so each costs a thread about its latency x
                              * k / miss_window; measured from the sparse row loop with added work
                              * (docs/machine.md); 0 unknown */
  uint64_t op_ps;            /* ps per operation one thread issues on independent work (a mix of
                              * integer, floating-point, load and store instructions): the
                              * planner's compute time per profiled operation; 0 unknown */
  uint32_t nops;              /* op_ps by thread count, every thread running the loop at once
                              * (ascending by threads; 0: op_ps at any count) */
  struct { uint32_t threads; uint64_t op_ps; } ops[OLI_MACHINE_MAX_SWEEP];
  uint32_t nhits;            /* the cache hit curve: points, ascending by bytes (0: none) */
  struct { uint64_t bytes, gather_ps; } hits[OLI_MACHINE_MAX_HITS]; /* ps per gathered 8-byte read
                              * of a buffer of `bytes` the caches hold, indices read from memory,
                              * one thread: a sparse row loop's (docs/machine.md) */
  size_t n;
  oli_machine_row_t rows[OLI_MACHINE_MAX_ROWS];
} oli_machine_t;

/* Parse and check a machine file's text. 0 ok; -1 with one line in why
 * ("line 7, column 24: measurements[1].read_bandwidth is 0; a bandwidth in
 * MB/s is a whole number above 0"). limits: the JSON reader's (allocator;
 * NULL: malloc). */
int oli_machine_parse(const char *text, size_t len, const oli_json_limits_t *limits, oli_machine_t *m,
                      char *why, size_t why_n);
/* Read the file at path (a regular file of at most OLI_MACHINE_MAX_BYTES)
 * and parse it; why: "cannot open: No such file or directory", or as above. */
int oli_machine_load(const char *path, const oli_json_limits_t *limits, oli_machine_t *m, char *why,
                     size_t why_n);
/* The measurement of node `to` from node `from`, or NULL. */
const oli_machine_row_t *oli_machine_find(const oli_machine_t *m, int from, int to);
/* The bandwidth, MB/s, the row's node delivers to `threads` (> 0) threads
 * streaming a program's arrays: its triad sweep when it has one (several
 * arrays read and written at once, counted as the planner counts traffic),
 * else its read sweep; interpolated linearly, each thread its share below the
 * first point (one thread: the first point's per-thread figure), the best
 * measured beyond the last (saturated); a row without either sweep is one
 * point (`threads`, else 1, at read_bw). */
double oli_machine_bw_at(const oli_machine_row_t *r, double threads);
/* ps per operation a thread takes with `threads` threads (> 0) running at
 * once: the op sweep interpolated linearly, its first point below it, its
 * last beyond it; op_ps without a sweep (0: not measured). */
double oli_machine_op_ps_at(const oli_machine_t *m, double threads);
/* Write m as an oli-machine document; `tool` names the writer. 0, -1 on a
 * write error. */
int oli_machine_write(FILE *f, const oli_machine_t *m, const char *tool);

#endif /* OLI_COMMON_MACHINE_H */
