// Through clang, OLI_PASS_OPTIONS=profile-every=N adds the sampled counters
// at the end of the optimisation pipeline (after vectorisation, so a
// vectorised loop counts vector accesses) at -O0 and -O2; without the option
// there are none. A period below 16 is refused: a block's accesses are
// sampled together, and below that a block's weight went to one of its arrays.
// RUN: env OLI_PASS_OPTIONS='profile-every=1000' %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: env OLI_PASS_OPTIONS='profile-every=1000' %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=O2
// RUN: %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF
// RUN: env OLI_PASS_OPTIONS='profile-every=-3' not %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env OLI_PASS_OPTIONS='profile-every=4' not %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLOOR
void scale(double *restrict a, const double *restrict b, int n) {
  for (int i = 0; i < n; i++)
    a[i] = 2.0 * b[i];
}
// CHECK-LABEL: define {{.*}}@scale(
// CHECK: call i64 @__oli_profile_sample4(ptr {{.*}}, i64 %{{.*}}, i64 1000)
// O2-LABEL: define {{.*}}@scale(
// O2: load <2 x double>
// O2: call i64 @__oli_profile_sample4(ptr {{.*}}, i64 %{{.*}}, i64 1000)
// OFF-NOT: __oli_profile
// BAD: error: oli: option 'profile-every=-3' in OLI_PASS_OPTIONS: expected a whole number below 2^32
// FLOOR: error: oli: option 'profile-every=4' in OLI_PASS_OPTIONS: expected 0 (off) or a whole number from 16 up
