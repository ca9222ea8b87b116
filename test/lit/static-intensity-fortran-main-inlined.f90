! flang 19 emits the program's `main`, which calls the main program
! `_QQmain`; a small main program is inlined into it, and `_QQmain`'s copy,
! never called, stays defined. Only `main` runs: the program's call of
! another file's subroutine is counted once. Before: both were taken for
! the program's entry, and every call it makes counted twice (x2).
! RUN: %flang -O2 -S -emit-llvm %s -o %t.ll
! RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' \
! RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

! CHECK: oli: summary edge main() -> work_() x1{{$}}
program p
  implicit none
  call work(10)
end program p
