#include "xs.h"

void bank_init(Particle *bank, long n, unsigned long seed) {
  for (long i = 0; i < n; i++) {
    seed = seed * 6364136223846793005UL + 1442695040888963407UL;
    bank[i].energy = (double)(seed >> 11 & 0xfffff) / 1048576.0;
    bank[i].weight = 1.0;
    bank[i].material = (long)(seed >> 40 & 7);
  }
}
