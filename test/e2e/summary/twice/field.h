#ifndef FIELD_H
#define FIELD_H
/* A field: its length and its values, filled by field_init. */
typedef struct {
  long n;
  double *d;
} field_t;
void field_init(field_t *f, long n);
void relax(const field_t *a, field_t *b);
#endif
