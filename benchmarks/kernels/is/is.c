/* is - integer sort: ranks a large array of bell-distributed integer keys by
 * bucketing then counting (the memory behaviour of NPB IS: two large key
 * arrays streamed and scattered, a histogram as large as the key range held
 * in a global array, per-thread bucket counters).
 *
 * Each iteration changes two keys and ranks all keys: per-thread bucket
 * counts, a scatter into key_buff2 by bucket, then per bucket a histogram of
 * its key range in key_count, turned into cumulative counts (key_count[k] =
 * number of keys <= k). Verification: at every iteration the ranks of five
 * test keys equal a direct count; at the end key_count equals the cumulative
 * histogram of keys regenerated from the generator (not read from the
 * arrays), key_buff2 holds each bucket's keys, and the sorted output is
 * ordered. key_count and the small tables are static globals (.bss), as in
 * the C versions of NPB. */
#include "bench.h"
#include <math.h>

typedef struct {
  int log2_keys;
  int log2_max_key;
} is_params_t;

static const is_params_t is_classes[BENCH_NCLASS] = {
    {19, 11}, /* S: 2 MB per key array */
    {22, 16}, /* W: 16 MB */
    {24, 19}, /* A: 64 MB */
    {26, 21}, /* B: 256 MB */
    {30, 23}, /* C: 4 GB per key array, ~12 GB in all */
};

#define IS_SEED 0x15ull
#define IS_NITER 10
#define IS_LOG2_BUCKETS 10
#define IS_NBUCKETS (1 << IS_LOG2_BUCKETS)
#define IS_KEY_LIMIT (1 << 23)
#define IS_NTEST 5

/* Global histogram (64 MB of .bss), bucket offsets and test keys. */
static int64_t key_count[IS_KEY_LIMIT];
static int64_t bucket_start[IS_NBUCKETS + 1];
static int64_t test_index[IS_NTEST];

static inline int32_t generated_key(uint64_t i, int32_t max_key) {
  double s = 0.0;
  for (int q = 0; q < 4; q++) s += bench_uniform(IS_SEED, 4 * i + q);
  return (int32_t)(0.25 * s * max_key);
}

/* Key i after `iters` iterations changed keys it and it + IS_NITER. */
static inline int32_t expected_key(int64_t i, int32_t max_key) {
  if (i < IS_NITER) return (int32_t)i;
  if (i < 2 * IS_NITER) return max_key - 1 - (int32_t)(i - IS_NITER);
  return generated_key((uint64_t)i, max_key);
}

/* The large arrays: file-scope pointers, as in the C versions of NPB (the
 * oli report names a heap object after the global it is stored into). */
static int32_t *key_array;
static int32_t *key_buff2;

int main(int argc, char **argv) {
  int cls = bench_class(argc, argv, "is");
  const is_params_t P = is_classes[cls];
  const int64_t nkeys = (int64_t)1 << P.log2_keys;
  const int32_t max_key = 1 << P.log2_max_key;
  const int shift = P.log2_max_key - IS_LOG2_BUCKETS;
  const int nthreads = bench_threads();
  char params[128];
  snprintf(params, sizeof params, "keys=%lld max_key=%d buckets=%d iterations=%d",
           (long long)nkeys, max_key, IS_NBUCKETS, IS_NITER);
  bench_header("is", cls, params);

  /* ---- the large objects (key_count is the global above) ---- */
  key_array = malloc((size_t)nkeys * sizeof *key_array);
  BENCH_CHECK_ALLOC(key_array, nkeys * sizeof *key_array);
  key_buff2 = malloc((size_t)nkeys * sizeof *key_buff2);
  BENCH_CHECK_ALLOC(key_buff2, nkeys * sizeof *key_buff2);
  /* ---- per-thread bucket counters: small ---- */
  int64_t **thread_buckets = malloc((size_t)nthreads * sizeof *thread_buckets);
  BENCH_CHECK_ALLOC(thread_buckets, nthreads * sizeof *thread_buckets);

#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < nkeys; i++) key_array[i] = generated_key((uint64_t)i, max_key),
                                      key_buff2[i] = 0;
  for (int t = 0; t < IS_NTEST; t++)
    test_index[t] = 2 * IS_NITER + (int64_t)(bench_mix64(IS_SEED + t) % (uint64_t)(nkeys - 2 * IS_NITER));
  if (bench_fault()) memset(key_array + nkeys / 2, 0, 4096); /* one lost page */

  int ok = 1;
  double t = 0.0;
  for (int it = 0; it < IS_NITER; it++) {
    key_array[it] = it;
    key_array[it + IS_NITER] = max_key - 1 - it;
    double t0 = bench_start();
#pragma omp parallel
    {
      int me = 0, nt = 1;
#ifdef _OPENMP
      me = omp_get_thread_num(), nt = omp_get_num_threads();
#endif
      if (it == 0) {
        int64_t *my_buckets = malloc(IS_NBUCKETS * sizeof *my_buckets);
        BENCH_CHECK_ALLOC(my_buckets, IS_NBUCKETS * sizeof *my_buckets);
        thread_buckets[me] = my_buckets;
      }
      int64_t *cnt = thread_buckets[me];
      int64_t lo = nkeys * me / nt, hi = nkeys * (me + 1) / nt;
      memset(cnt, 0, IS_NBUCKETS * sizeof *cnt);
      for (int64_t i = lo; i < hi; i++) cnt[key_array[i] >> shift]++;
#pragma omp barrier
#pragma omp single
      {
        /* Bucket-major, thread-minor write positions. */
        int64_t pos = 0;
        for (int b = 0; b < IS_NBUCKETS; b++) {
          bucket_start[b] = pos;
          for (int q = 0; q < nt; q++) {
            int64_t c = thread_buckets[q][b];
            thread_buckets[q][b] = pos;
            pos += c;
          }
        }
        bucket_start[IS_NBUCKETS] = pos;
      }
      for (int64_t i = lo; i < hi; i++) {
        int32_t k = key_array[i];
        key_buff2[cnt[k >> shift]++] = k;
      }
#pragma omp barrier
      /* Each bucket owns a disjoint key range of the histogram. */
#pragma omp for schedule(dynamic, 4)
      for (int b = 0; b < IS_NBUCKETS; b++) {
        int64_t *h = key_count + ((int64_t)b << shift);
        memset(h, 0, ((size_t)1 << shift) * sizeof *h);
        for (int64_t e = bucket_start[b]; e < bucket_start[b + 1]; e++)
          key_count[key_buff2[e]]++;
        int64_t run = bucket_start[b];
        for (int64_t k = 0; k < ((int64_t)1 << shift); k++) run += h[k], h[k] = run;
      }
    }
    t += bench_stop(t0);

    /* Partial verification: rank (number of smaller keys) of test keys. */
    for (int q = 0; q < IS_NTEST; q++) {
      int32_t k = key_array[test_index[q]];
      int64_t direct = 0;
#pragma omp parallel for schedule(static) reduction(+ : direct)
      for (int64_t i = 0; i < nkeys; i++) direct += key_array[i] < k;
      int64_t rank = k > 0 ? key_count[k - 1] : 0;
      if (rank != direct) {
        printf("iteration %d: key %d has rank %lld, direct count %lld\n", it + 1, k,
               (long long)rank, (long long)direct);
        ok = 0;
      }
    }
  }

  /* Full verification against regenerated keys. */
  int64_t *hist_ref = calloc((size_t)max_key, sizeof *hist_ref);
  BENCH_CHECK_ALLOC(hist_ref, max_key * sizeof *hist_ref);
  for (int64_t i = 0; i < nkeys; i++) hist_ref[expected_key(i, max_key)]++;
  int64_t run = 0, bad_hist = 0, bad_bucket = 0, bad_order = 0;
  for (int32_t k = 0; k < max_key; k++) {
    run += hist_ref[k];
    bad_hist += key_count[k] != run;
  }
  for (int b = 0; b < IS_NBUCKETS; b++)
    for (int64_t e = bucket_start[b]; e < bucket_start[b + 1]; e++)
      bad_bucket += (key_buff2[e] >> shift) != b;
  /* Sorted output: place each key at its rank, then check the order. */
  int32_t *key_sorted = malloc((size_t)nkeys * sizeof *key_sorted);
  BENCH_CHECK_ALLOC(key_sorted, nkeys * sizeof *key_sorted);
  for (int64_t i = nkeys - 1; i >= 0; i--) key_sorted[--key_count[key_array[i]]] = key_array[i];
  for (int64_t i = 1; i < nkeys; i++) bad_order += key_sorted[i - 1] > key_sorted[i];
  printf("full verification: %lld histogram, %lld bucket, %lld order errors\n",
         (long long)bad_hist, (long long)bad_bucket, (long long)bad_order);
  ok &= bad_hist == 0 && bad_bucket == 0 && bad_order == 0;

  free(key_sorted), free(hist_ref);
  for (int q = 0; q < nthreads; q++) free(thread_buckets[q]);
  free(thread_buckets);
  /* The large arrays stay live until exit: the oli report (written at exit)
   * then shows where their pages are (pages_achieved, from move_pages). */
  return bench_finish(t, ok);
}
