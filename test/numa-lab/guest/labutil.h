/* NUMA lab guest helpers, compiled WITHOUT the oli plugin (their own buffers must
 * not become allocation sites). */
#ifndef OLI_LAB_UTIL_H
#define OLI_LAB_UTIL_H
#include <stddef.h>

/* Print "OLI-LAB obj run=R name=N file=F line=L bytes=B pages=P n0= n1= n2= n3= nother= bad= edge="
 * with the kernel's node of every page of [p, p+len) (move_pages; page-rounded);
 * edge = pages shared with neighbouring data (object not page-aligned). */
void lab_object(const char *run, const char *name, const char *file, int line, const void *p, size_t len);
/* Print "OLI-LAB stripe run=R pages= n0= n2= other= absent= max_run_n0= max_run_n2=
 * window=W worst_window= worst_window32=": how the pages of [p, p+len) lie over
 * local DRAM node 0 and CXL node 2 - the longest stretch of consecutive pages
 * on one node, and the largest deviation (pages) of any window of W pages, and
 * of 32 MiB, from the object's own node-0 share (move_pages, page by page). */
void lab_stripe(const char *run, const void *p, size_t len, long window);
/* Fill [p, p+len) with a pattern derived from seed; lab_verify checks it: 1 ok, 0 bad. */
void lab_fill(void *p, size_t len, unsigned seed);
int lab_verify(const void *p, size_t len, unsigned seed);
/* 1 when every byte of [p, p+len) is zero. */
int lab_is_zero(const void *p, size_t len);
#endif
