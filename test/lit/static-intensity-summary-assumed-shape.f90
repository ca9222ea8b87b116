! A kernel with assumed-shape dummies (`y(:)`, `x(:)`) in a module of its
! own, called 10 times from another file with a module's allocatable arrays:
! flang passes each as a descriptor built in the caller's frame, the array's
! base at its offset 0. The kernel's sweeps are its dummies' deref keys
! ("axpy#0*0", common/summary.h, version 7), the caller's edges name which
! array is in each; the loop over size(y) runs when the descriptor's extent
! is above 0 (not BranchProbabilityInfo's 5/8), and the elements one after
! another through dim[0]'s byte stride are a stream, not a column. v is
! filled once and updated in each call (1 + 10 x 2 = 21 passes), u filled
! once and read in each (11), as the run counts. Before: 1 pass each, low,
! the arrays escaping into the kernel's descriptors.
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %s -o kern.o
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %inputs/assumed-shape-main.f90 -o main.o
! RUN: %flang kern.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK-DAG: data::alloc_all u ? {{[0-9.]+}} 11 streaming medium
! CHECK-DAG: data::alloc_all v ? {{[0-9.]+}} 21 streaming medium
module kern
  implicit none
contains
  subroutine axpy(y, x, a)
    double precision, intent(inout) :: y(:)
    double precision, intent(in) :: x(:)
    double precision, intent(in) :: a
    integer :: i
    do i = 1, size(y)
      y(i) = y(i) + a * x(i)
    end do
  end subroutine
end module
