/* test/e2e/summary/global: arrays in globals, allocated in init.c with a
 * length init is passed, swept in step.c over the lengths its functions
 * are passed; main.c passes step the same n as init (the join relates the
 * two parameters through the callers' arguments: exact passes), smooth
 * half of it (no pass count follows from the size) */
#ifndef GLOBAL_H
#define GLOBAL_H
extern double *u, *v;
void init(long n);
void step(long n);
void smooth(long m);
#endif
