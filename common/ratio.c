/* common/ratio.c - see ratio.h. */
#include "ratio.h"

void oli_ratio_reduce(uint64_t a, uint64_t b, uint32_t *wa, uint32_t *wb) {
  if (a == 0 || b == 0) {
    *wa = a ? 1 : 0;
    *wb = b ? 1 : 0;
    return;
  }
  double r = (double)a / (double)b, best_err = 1e300;
  uint32_t ba = 1, bb = 1;
  for (uint32_t t = 2; t <= OLI_RATIO_MAX_SUM; t++) {
    double x = (double)t * (double)a / ((double)a + (double)b);
    uint32_t xa = (uint32_t)(x + 0.5);
    if (xa < 1) xa = 1;
    if (xa > t - 1) xa = t - 1;
    double q = (double)xa / (double)(t - xa);
    double err = q > r ? (q - r) / r : (r - q) / r;
    if (err < best_err - 1e-12) {
      best_err = err;
      ba = xa;
      bb = t - xa;
    }
    if (err <= 0.05) break;
  }
  *wa = ba;
  *wb = bb;
}
