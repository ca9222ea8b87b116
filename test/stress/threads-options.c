/* threads-options.c - the runtime's shared start-up state under concurrency
 * (run under ThreadSanitizer by sanitize/tsan): 16 threads read every option
 * for the first time at once (one reads the environment, the others wait),
 * raise the same print-once warning at once (exactly one line comes out, every
 * call is counted), expand report path patterns and parse independent JSON
 * documents concurrently. Needs no allocator, so it runs in every tree. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "json.h"
#include "testhelper.h"

#define THREADS 16
#define ROUNDS 200

static pthread_barrier_t start;
static _Atomic int lines, bad;
static long want[_oli_option_last];

static void count_lines(const char *msg, void *arg) {
  (void)arg;
  if (strstr(msg, "stress-warning") != NULL) atomic_fetch_add(&lines, 1);
}

static void *worker(void *arg) {
  (void)arg;
  pthread_barrier_wait(&start);
  for (int i = 0; i < _oli_option_last; i++)
    if (_oli_option_get((oli_option_t)i) != want[i]) atomic_fetch_add(&bad, 1);
  for (int r = 0; r < ROUNDS; r++) {
    _oli_warning_message(W_MMAP, "stress-warning %d", r);
    char path[256];
    if (_oli_expand_pattern("/tmp/r-%p-%r-%h-%%.json", path, sizeof path) != 0) atomic_fetch_add(&bad, 1);
    const char *doc = "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [{\"id\": \"0x1\"}]}";
    oli_json_error_t err;
    oli_json_doc_t *d = oli_json_parse(doc, strlen(doc), NULL, &err);
    int64_t v = 0;
    if (!d || oli_json_i64(oli_json_get(oli_json_root(d), "version"), &v) != 0 || v != 1)
      atomic_fetch_add(&bad, 1);
    oli_json_free(d);
  }
  return NULL;
}

int main(void) {
  setenv("OLI_POLICY", "dram", 1);
  setenv("OLI_LARGE_PERCENT", "25", 1);
  setenv("OLI_MIN_SIZE", "2M", 1);
  setenv("OLI_WEIGHTS", "5:2", 1);
  setenv("OLI_REPORT", "/tmp/oli-never-written-%p.json", 1);
  /* what one thread sees alone, then forget it so all threads race on first use */
  for (int i = 0; i < _oli_option_last; i++) want[i] = _oli_option_get((oli_option_t)i);
  _oli_options_reset();
  _oli_messages_reset();
  _oli_set_output(count_lines, NULL);
  pthread_barrier_init(&start, NULL, THREADS);
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
  _oli_set_output(NULL, NULL);

  CHECK_EQ("policy read once, same value in every thread", bad, 0);
  CHECK_EQ("policy is dram", want[oli_option_policy], OLI_POLICY_DRAM);
  CHECK_EQ("min size 2M", want[oli_option_min_size], 2L << 20);
  CHECK_EQ("a print-once warning printed once", lines, 1);
  CHECK_EQ("every warning counted", _oli_warning_count(W_MMAP), THREADS * ROUNDS);
  return TEST_SUMMARY();
}
