/* NUMA lab guest helper (no oli plugin): fill a node to capacity and hold it.
 *
 *   lab_fill NODE READY_FILE
 *
 * Faults 2 MiB chunks with MPOL_PREFERRED {NODE} until a chunk no longer lands
 * entirely on NODE (the node is at its watermarks), prints
 * "OLI-LAB fill node=N held_mb=M free_kb=K", creates READY_FILE and sleeps until
 * killed. oom_score_adj -1000: if the kernel must kill something, not the filler. */
#define _GNU_SOURCE
#include <numa.h>
#include <numaif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define CH (2UL << 20)

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: lab_fill NODE READY_FILE\n");
    return 2;
  }
  int node = atoi(argv[1]);
  FILE *f = fopen("/proc/self/oom_score_adj", "w");
  if (f) {
    fputs("-1000", f);
    fclose(f);
  }
  long psz = sysconf(_SC_PAGESIZE), np = (long)(CH / psz);
  void **pages = malloc(np * sizeof *pages);
  int *status = malloc(np * sizeof *status);
  unsigned long held = 0;
  for (;;) {
    char *p = mmap(NULL, CH, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) break;
    unsigned long mask = 1UL << node;
    madvise(p, CH, MADV_NOHUGEPAGE);
    if (mbind(p, CH, MPOL_PREFERRED, &mask, 64, 0) != 0) break;
    memset(p, 0x5a, CH);
    for (long i = 0; i < np; i++) pages[i] = p + i * psz;
    if (move_pages(0, np, pages, NULL, status, 0) != 0) break;
    long on = 0;
    for (long i = 0; i < np; i++) on += status[i] == node;
    held += (unsigned long)on * psz;
    if (on < np) break; /* spilled: the node is full */
  }
  long long fr = 0;
  numa_node_size64(node, &fr);
  printf("OLI-LAB fill node=%d held_mb=%lu free_kb=%lld\n", node, held >> 20, fr / 1024);
  fflush(stdout);
  FILE *r = fopen(argv[2], "w");
  if (r) fclose(r);
  for (;;) pause();
}
