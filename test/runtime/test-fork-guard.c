/* test-fork-guard: the runtime's locks across fork() (runtime/base/forklocks.c).
 * A guarded lock another thread holds when the process forks is free in the
 * child, and its owner's `torn` runs there (the holder may have left its data
 * half-changed); a guarded lock nobody holds is taken by the forking thread
 * and given back in the parent, made anew in the child (torn does not run:
 * the data is whole), a mutex and a rwlock alike. The parent's holder keeps
 * its lock. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <unistd.h>

#include "internal.h"
#include "testhelper.h"

static pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER, free_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t held_rw = PTHREAD_RWLOCK_INITIALIZER, free_rw = PTHREAD_RWLOCK_INITIALIZER;
static int torn_held, torn_free, torn_rw;
static void on_torn_held(void) { torn_held++; }
static void on_torn_free(void) { torn_free++; }
static void on_torn_rw(void) { torn_rw++; }
static atomic_int holding, release;

static void *holder(void *arg) {
  (void)arg;
  pthread_mutex_lock(&held);
  pthread_rwlock_wrlock(&held_rw);
  holding = 1;
  while (!release) usleep(1000);
  pthread_rwlock_unlock(&held_rw);
  pthread_mutex_unlock(&held);
  return NULL;
}

int main(void) {
  _oli_fork_guard(&held, on_torn_held);
  _oli_fork_guard(&free_lock, on_torn_free);
  _oli_fork_guard_rw(&held_rw, on_torn_rw);
  _oli_fork_guard_rw(&free_rw, on_torn_free);
  pthread_t t;
  pthread_create(&t, NULL, holder, NULL);
  while (!holding) usleep(1000);

  pid_t pid = fork();
  if (pid == 0) {
    alarm(10); /* a lock still held in the child: SIGALRM, not a hang */
    int rc = 0;
    if (pthread_mutex_trylock(&held) != 0) rc |= 1;         /* held by a thread the child lacks: free here */
    if (pthread_rwlock_trywrlock(&held_rw) != 0) rc |= 2;   /* the same for a rwlock */
    if (pthread_mutex_trylock(&free_lock) != 0) rc |= 4;    /* taken by the fork, given back */
    if (pthread_rwlock_tryrdlock(&free_rw) != 0) rc |= 32;  /* the same for a rwlock (its writer is a */
    else if (pthread_rwlock_unlock(&free_rw) != 0 ||        /* thread ID: unlocking it in the child would */
             pthread_rwlock_trywrlock(&free_rw) != 0)       /* leave it looking read-locked) */
      rc |= 32;
    if (torn_held != 1 || torn_rw != 1) rc |= 8;            /* their owners told */
    if (torn_free != 0) rc |= 16;                           /* a whole one's owner not told */
    _exit(rc);
  }
  CHECK("fork", pid > 0);
  int st = 0;
  waitpid(pid, &st, 0);
  CHECK("the child did not hang", !(WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM));
  CHECK_EQ("the child's exit (1: held mutex, 2: held rwlock, 4: free mutex, 8: torn not called, 16: torn called, "
           "32: free rwlock)",
           WIFEXITED(st) ? WEXITSTATUS(st) : -1, 0);
  CHECK_EQ("the parent's free lock is free after the fork", pthread_mutex_trylock(&free_lock), 0);
  pthread_mutex_unlock(&free_lock);
  CHECK_EQ("the parent's free rwlock is free after the fork", pthread_rwlock_trywrlock(&free_rw), 0);
  pthread_rwlock_unlock(&free_rw);
  CHECK("the parent's holder still holds its lock", pthread_mutex_trylock(&held) != 0);
  CHECK_EQ("torn not called in the parent", torn_held + torn_free + torn_rw, 0);
  release = 1;
  pthread_join(t, NULL);
  return TEST_SUMMARY();
}
