! A module's arrays and its length n, set beside their ALLOCATE in one
! file, passed by the main program in another to this file's kernel with
! explicit-shape dummies `x(n), y(n)`: the kernel's loop counts in the
! value behind its first parameter (relax#0+0), which the call gives as
! the module variable itself (n passed by reference: @_QMstEn+0, the
! symbol the allocations' size is in), so the join renames the size into
! the kernel's terms and its sweeps count exactly: a 21 passes, b 11, `high`,
! as one file does. Before: 7.9 and 4.4, guessed (the renames named only
! the caller's own parameters and integers).
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/module-length-st.f90 -o st.o
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %s -o k.o
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %inputs/module-length-main.f90 -o main.o
! RUN: %flang st.o k.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK-DAG: st::alloc_st a ? {{[0-9.]+}} {{20[.][5-9][0-9]*|21([.][0-4][0-9]*)?}} streaming high
! CHECK-DAG: st::alloc_st b ? {{[0-9.]+}} {{10[.][5-9][0-9]*|11([.][0-4][0-9]*)?}} streaming high
module k
  implicit none
contains
  subroutine relax(n, x, y)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(inout) :: y(n)
    integer :: i
    do i = 2, n - 1
      y(i) = 0.5d0 * (x(i-1) + x(i+1))
    end do
  end subroutine relax
end module k
