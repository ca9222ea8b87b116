/* test/host/host.c - a host program NOT built with the plugin and not linked
 * with liboli, using libsolver (built with the plugin, linked with liboli):
 * linked against it, or (-DHOST_DLOPEN=path) loading it with
 * dlopen(RTLD_LOCAL) and unloading it with dlclose while objects it made are
 * still alive. For each size from 1 KiB to 64 MiB, objects are made, resized
 * and freed on both sides in every combination, and their bytes checked
 * after each step. With dlopen, a thread also allocates through the library
 * (the runtime's per-thread state) and exits only after the dlclose. Prints
 * "host: ok, N objects" and exits 0; else names the step and exits 1. */
#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"

typedef struct {
  void *(*work)(size_t, unsigned);
  double *(*vector)(size_t);
  void *(*resize)(void *, size_t, size_t, unsigned);
  size_t (*usable)(void *);
  void (*release)(void *);
  double *(*new_)(size_t);
  void (*delete_)(double *);
} solver_t;

static solver_t sv;
static void *lib;
static unsigned long objects;

static void die(const char *step, size_t n) {
  fprintf(stderr, "host: FAIL: %s (%zu bytes)\n", step, n);
  exit(1);
}

#ifdef HOST_DLOPEN
#define STR_(x) #x
#define STR(x) STR_(x)
static void *need(const char *name) {
  void *f = dlsym(lib, name);
  if (!f) die(name, 0);
  return f;
}
static void bind(void) {
  lib = dlopen(STR(HOST_DLOPEN), RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "host: dlopen: %s\n", dlerror());
    exit(1);
  }
  *(void **)&sv.work = need("sv_work");
  *(void **)&sv.vector = need("sv_vector");
  *(void **)&sv.resize = need("sv_resize");
  *(void **)&sv.usable = need("sv_usable");
  *(void **)&sv.release = need("sv_release");
  *(void **)&sv.new_ = need("sv_new");
  *(void **)&sv.delete_ = need("sv_delete");
}
#else
static void bind(void) { sv = (solver_t){sv_work, sv_vector, sv_resize, sv_usable, sv_release, sv_new, sv_delete}; }
#endif

static void *made(void *p, const char *step, size_t n) {
  if (!p) die(step, n);
  __atomic_add_fetch(&objects, 1, __ATOMIC_RELAXED);
  return p;
}

static void matrix(size_t n, unsigned s, void **kept) {
  /* the library makes it and frees it */
  void *p = made(sv.work(n, s), "library malloc", n);
  if (sv_check(p, n, s)) die("library malloc: bytes", n);
  sv.release(p);
  /* the library makes it, the host frees it */
  p = made(sv.work(n, s + 1), "library malloc for the host's free", n);
  if (sv_check(p, n, s + 1)) die("library malloc for the host's free: bytes", n);
  free(p);
  /* the host grows the library's object, the library frees it */
  p = made(sv.work(n, s + 2), "library malloc for the host's realloc", n);
  p = realloc(p, 2 * n);
  if (!p || sv_check(p, n, s + 2)) die("host realloc of a library object", n);
  sv_fill(p, n, 2 * n, s + 2);
  sv.release(p);
  /* the library grows and shrinks the host's object, the host frees it */
  p = made(malloc(n), "host malloc", n);
  sv_fill(p, 0, n, s + 3);
  p = sv.resize(p, n, 2 * n, s + 3);
  if (!p || sv_check(p, 2 * n, s + 3)) die("library realloc of a host object", n);
  p = sv.resize(p, 2 * n, n / 2, s + 3);
  if (!p || sv_check(p, n / 2, s + 3)) die("library realloc shrinking it", n);
  free(p);
  /* the library's zeroed vector, its usable size, freed by the library */
  size_t k = n / sizeof(double);
  double *v = made(sv.vector(k), "library calloc", n);
  for (size_t i = 0; i < k; i += 97)
    if (v[i] != 0.0) die("library calloc: not zero", n);
  if (sv.usable(v) < k * sizeof(double)) die("library malloc_usable_size", n);
  sv.release(v);
  /* C++: new[] and delete[] in the library */
  double *c = (double *)made(sv.new_(k), "library new[]", n);
  if (c[0] != 1.5 || c[k - 1] != 1.5) die("library new[]: values", n);
  sv.delete_(c);
  /* one object outlives the matrix (and, with dlopen, the library) */
  *kept = made(sv.work(n, s + 4), "library malloc kept", n);
}

#ifdef HOST_DLOPEN
/* A thread that allocates through the library, then waits for the dlclose
 * before it frees and exits: its exit runs the per-thread state's
 * destructors the runtime registered, whose code must still be there. */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int closed;
static void *worker(void *arg) {
  void *kept;
  matrix(2u << 20, 101u, &kept);
  pthread_mutex_lock(&mu);
  while (!closed) pthread_cond_wait(&cv, &mu);
  pthread_mutex_unlock(&mu);
  if (sv_check(kept, 2u << 20, 105u)) die("the thread's object after dlclose: bytes", 2u << 20);
  free(kept);
  return arg;
}
#endif

int main(int argc, char **argv) {
  static const size_t sizes[] = {1u << 10, 64u << 10, 1u << 20, (3u << 20) + 5, 16u << 20, 64u << 20};
  enum { N = sizeof sizes / sizeof sizes[0] };
  void *kept[N];
  bind();
#ifdef HOST_DLOPEN
  pthread_t t;
  if (pthread_create(&t, NULL, worker, NULL) != 0) die("pthread_create", 0);
#endif
  for (int i = 0; i < N; i++) matrix(sizes[i], 7u * (unsigned)i, &kept[i]);
#ifdef HOST_DLOPEN
  /* the thread made its objects before the library goes */
  for (;;) {
    if (__atomic_load_n(&objects, __ATOMIC_RELAXED) >= 7 * (N + 1)) break;
    sched_yield();
  }
  if (dlclose(lib) != 0) die("dlclose", 0);
  pthread_mutex_lock(&mu);
  closed = 1;
  pthread_cond_broadcast(&cv);
  pthread_mutex_unlock(&mu);
  if (pthread_join(t, NULL) != 0) die("pthread_join", 0);
#endif
  for (int i = 0; i < N; i++) {
    if (sv_check(kept[i], sizes[i], 7u * (unsigned)i + 4)) die("object kept past the matrix: bytes", sizes[i]);
    free(kept[i]);
  }
  printf("host: ok, %lu objects\n", objects);
  return 0;
}
