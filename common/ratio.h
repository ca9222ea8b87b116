/* common/ratio.h - a bandwidth ratio as small integers, shared by the runtime
 * (interleave weights from HMAT or a machine file) and `oli calibrate`, so
 * both print and use the same weights. */
#ifndef OLI_COMMON_RATIO_H
#define OLI_COMMON_RATIO_H

#include <stdint.h>

#define OLI_RATIO_MAX_SUM 32 /* a + b of a reduced ratio is at most this */
#define OLI_WEIGHT_MAX 255   /* a node's interleave weight (the kernel's u8): OLI_WEIGHTS, oli plan --weights */

/* a:b as small integers: the first sum t = 2..32 whose rounding is within 5%
 * of a/b, else the closest: 20000:5000 -> 4:1, 30000:20000 -> 3:2,
 * 1000000:1 -> 31:1. A zero side gives 1:0 or 0:1 (0:0 for both). */
void oli_ratio_reduce(uint64_t a, uint64_t b, uint32_t *wa, uint32_t *wb);

/* The DRAM:CXL split of an object of `size` bytes whose DRAM part must fit
 * `avail` bytes: the largest a/(a+b) <= avail/size with a+b <= 32 (ties: the
 * smallest sum), 0:1 (all CXL) when not even 1/32 fits. The runtime's DRAM
 * budget (runtime/policy/decide.c) and oli plan's prediction of it. */
void oli_ratio_fit(uint64_t avail, uint64_t size, uint32_t *wa, uint32_t *wb);

#endif /* OLI_COMMON_RATIO_H */
