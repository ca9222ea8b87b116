/* NUMA lab guest tools: name resolution for the static probe and fill.
 * The guest has no network. libnuma.a's affinity.o (numa_affinity() of a
 * network device, which the lab never calls) references getaddrinfo, and a
 * static link with glibc's getaddrinfo prints, at every build, "Using
 * 'getaddrinfo' in statically linked applications requires at runtime the
 * shared libraries from the glibc version used for linking". These
 * definitions take its place in the two static tools (test/numa-lab/
 * CMakeLists.txt): every lookup fails with EAI_FAIL, as one would in the
 * guest, and glibc's NSS code is not linked. */
#include <netdb.h>
#include <stddef.h>

int getaddrinfo(const char *node, const char *service, const struct addrinfo *hints,
                struct addrinfo **res) {
  (void)node;
  (void)service;
  (void)hints;
  if (res) *res = NULL;
  return EAI_FAIL;
}

void freeaddrinfo(struct addrinfo *res) { (void)res; }
