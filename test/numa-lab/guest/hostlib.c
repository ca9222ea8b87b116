/* NUMA lab: a host program compiled WITHOUT the plugin and not linked with
 * liboli, whose library (guest/labsolver.c) is: the runtime places the
 * library's objects as glibc's own blocks (host mode). Its objects, all live
 * until exit so the report covers each, are filled by the host (their first
 * touch), checked, and their pages per node printed as lab_objects does;
 * before them an object of each kind is made and freed on the other side.
 *
 *   lab_hostlib RUN
 *
 * Sizes: 48 and 24 MiB are >= 10% of the ~74 MiB footprint, 2 MiB is not,
 * 64 KiB is below OLI_MIN_SIZE. */
#include <stdio.h>
#include <stdlib.h>

#include "labsolver.h"
#include "labutil.h"

#define MiB (1024UL * 1024UL)

int main(int argc, char **argv) {
  const char *run = argc > 1 ? argv[1] : "run";
  int l, work_line, vec_line, small_line, tiny_line;
  /* made on one side, freed on the other, before the measured objects */
  void *a = ls_work(8 * MiB, &l), *b = malloc(8 * MiB);
  int ok = a && b;
  if (ok) lab_fill(a, 8 * MiB, 1), lab_fill(b, 8 * MiB, 2), ok = lab_verify(a, 8 * MiB, 1) && lab_verify(b, 8 * MiB, 2);
  free(a);
  ls_release(b);
  char *work = ls_work(48 * MiB, &work_line);
  double *vec = ls_vector(24 * MiB, &vec_line);
  char *small = ls_small(2 * MiB, &small_line);
  char *tiny = ls_tiny(64 * 1024, &tiny_line);
  ok = ok && work && vec && small && tiny && lab_is_zero(vec, 24 * MiB);
  if (ok) {
    lab_fill(work, 48 * MiB, 3);
    lab_fill(vec, 24 * MiB, 4);
    lab_fill(small, 2 * MiB, 5);
    lab_fill(tiny, 64 * 1024, 6);
    ok = lab_verify(work, 48 * MiB, 3) && lab_verify(vec, 24 * MiB, 4) && lab_verify(small, 2 * MiB, 5) &&
         lab_verify(tiny, 64 * 1024, 6);
  }
  printf("OLI-LAB alloc run=%s ok=%d\n", run, ok);
  if (!ok) return 1;
  const char *f = ls_file();
  lab_object(run, "work", f, work_line, work, 48 * MiB);
  lab_object(run, "vec", f, vec_line, vec, 24 * MiB);
  lab_object(run, "small", f, small_line, small, 2 * MiB);
  lab_object(run, "tiny", f, tiny_line, tiny, 64 * 1024);
  return 0;
}
