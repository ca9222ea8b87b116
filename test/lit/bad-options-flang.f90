! Through flang-new-19, whose backend drops error diagnostics, a bad
! OLI_PASS_OPTIONS entry still stops the compile with one clear line (an LLVM
! ERROR, exit 1, no crash dump) instead of silently compiling untagged code.
! REQUIRES: flang
! Module files go to %t.mods, not into the source directory.
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: env OLI_PASS_OPTIONS='min-heap-size=lots' not %flang -O2 -module-dir %t.mods -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s
! CHECK: oli: option 'min-heap-size=lots' in OLI_PASS_OPTIONS: expected a size
! CHECK-NOT: Stack dump
! CHECK-NOT: PLEASE submit a bug report
subroutine s(a)
  real :: a
  a = 1.0
end subroutine
