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

void oli_ratio_fit(uint64_t avail, uint64_t size, uint32_t *wa, uint32_t *wb) {
  uint32_t ba = 0, bb = 1;
  for (uint32_t t = 2; t <= OLI_RATIO_MAX_SUM && size > 0; t++) {
    uint32_t a = (uint32_t)((unsigned __int128)avail * t / size);
    if (a >= t) a = t - 1;
    if (a > 0 && (uint64_t)a * (ba + bb) > (uint64_t)ba * t) ba = a, bb = t - a;
  }
  *wa = ba;
  *wb = bb;
}
