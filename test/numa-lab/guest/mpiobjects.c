/* NUMA lab MPI workload, compiled WITH the oli plugin through mpicc (clang-19):
 * objects.c's allocations in every rank. mpiexec -bind-to core puts rank 0 on CPU 0
 * (socket 0) and rank 1 on CPU 1 (socket 1); each rank's objects must follow its
 * socket. Each rank prints objects.c's lines as run "mpiR" and writes its report
 * to OLI_REPORT with %r = its rank. Sites keep objects.c's file and lines. */
#include <mpi.h>
#include <stdio.h>

#define main lab_objects_main
#include "objects.c"
#undef main

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char run[32];
  snprintf(run, sizeof run, "mpi%d", rank);
  char *args[] = {argv[0], run, NULL};
  /* One rank after the other: the console lines of two ranks must not interleave. */
  int rc = 0;
  for (int r = 0; r < size; r++) {
    if (r == rank) rc = lab_objects_main(2, args);
    fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  int all = 0;
  MPI_Allreduce(&rc, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return all;
}
