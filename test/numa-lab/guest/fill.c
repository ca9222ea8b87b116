/* NUMA lab guest helper (no oli plugin): take what is left of a node and hold it.
 *
 *   lab_fill NODE READY_FILE [MAX_MB [LEAVE_MB]]
 *
 * suite-oli.sh first reserves huge pages on the node (instant, no zeroing); this
 * takes the remainder in 1 MiB chunks with MPOL_PREFERRED {NODE} until a chunk no
 * longer lands entirely on NODE (the node is at its watermarks) or MAX_MB are held,
 * then gives back the last LEAVE_MB chunks that were wholly on NODE (default 0),
 * prints "OLI-LAB fill node=N rest_mb=M left_mb=L stop=spill" (or why it stopped:
 * cap, mmap, mbind, move_pages), creates READY_FILE and sleeps until killed.
 * Filling to the spill and giving back LEAVE_MB leaves NODE exactly that much room
 * for the next program, whatever MemFree said: pages on the per-CPU free lists are
 * not in MemFree (suite-tiering.sh). Chunks are mlocked where the kernel allows it:
 * reclaim then neither demotes nor swaps them (suite-tiering.sh holds node 0 with a
 * filler while demotion is on). oom_score_adj -1000: if the kernel must kill
 * something, not the filler. */
#define _GNU_SOURCE
#include <numaif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif
#define CH (1UL << 20)

int main(int argc, char **argv) {
  if (argc < 3 || argc > 5) {
    fprintf(stderr, "usage: lab_fill NODE READY_FILE [MAX_MB [LEAVE_MB]]\n");
    return 2;
  }
  int node = atoi(argv[1]);
  long max_chunks = argc >= 4 ? atol(argv[3]) : 4096;
  long leave = argc == 5 ? atol(argv[4]) : 0;
  FILE *f = fopen("/proc/self/oom_score_adj", "w");
  if (f) {
    fputs("-1000", f);
    fclose(f);
  }
  long psz = sysconf(_SC_PAGESIZE), np = (long)(CH / psz);
  void **pages = malloc(np * sizeof *pages);
  int *status = malloc(np * sizeof *status);
  char **whole = calloc(max_chunks > 0 ? max_chunks : 1, sizeof *whole); /* chunks wholly on NODE */
  long nwhole = 0;
  unsigned long held = 0;
  const char *stop = "cap";
  for (long i = 0; i < max_chunks; i++) {
    char *p = mmap(NULL, CH, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      stop = "mmap";
      break;
    }
    unsigned long mask = 1UL << node;
    if (mbind(p, CH, MPOL_PREFERRED, &mask, 64, 0) != 0) {
      stop = "mbind";
      break;
    }
    if (madvise(p, CH, MADV_POPULATE_WRITE) != 0) memset(p, 0x5a, CH);
    (void)mlock(p, CH);
    for (long k = 0; k < np; k++) pages[k] = p + k * psz;
    if (move_pages(0, np, pages, NULL, status, 0) != 0) {
      stop = "move_pages";
      break;
    }
    long on = 0;
    for (long k = 0; k < np; k++) on += status[k] == node;
    held += (unsigned long)on * psz;
    if (on < np) { /* spilled: the kernel no longer gives user pages from NODE */
      stop = "spill";
      break;
    }
    whole[nwhole++] = p;
  }
  long left = 0;
  for (; left < leave && nwhole > 0; left++) {
    munmap(whole[--nwhole], CH);
    held -= CH;
  }
  printf("OLI-LAB fill node=%d rest_mb=%lu left_mb=%ld stop=%s\n", node, held >> 20, left, stop);
  fflush(stdout);
  FILE *r = fopen(argv[2], "w");
  if (r) fclose(r);
  for (;;) pause();
}
