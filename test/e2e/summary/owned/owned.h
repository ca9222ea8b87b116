/* test/e2e/summary/owned: a module that owns its arrays (file-scope
 * statics) and sizes them in a parameter of its set-up function, swept by
 * its other functions over lengths they are passed; main.c, in another
 * file, passes all of them the same value (an event loop's particle bank in
 * the shape of XSBench's) - or, for the scratch array, another one */
#ifndef OWNED_H
#define OWNED_H
void bank_init(long np);
void run_events(long np);
double bank_tally(long np);
void smooth_scratch(long m);
#endif
