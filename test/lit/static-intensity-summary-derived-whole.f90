! A derived type's allocatable components, allocated by the main program
! into its variable g (a global, @_QFEg, of the type's struct) and swept in
! another file by a subroutine g is passed to whole: the components' slots
! of a struct passed to another module's function are the type's field keys
! (%_QMtypesTgrid_t+8, +56), which the subroutine's loads of g%u and g%f
! read, as for a struct on the stack. The loop's bound g%n is a field the
! main program gives a constant (n = 1048576), the allocations' constant
! size 8 times it: their size in the field's symbol (8 * %_QMtypesTgrid_t+0)
! for the subroutine's counts, which are then exact - u 21 passes, f 11, as
! the run makes (9.6 and 5.3 while the bound's trips were guessed). The
! vectoriser's test of whether g%v and g%u overlap (two slots of g) is
! decided: they do not (`high`). Before: 1 each, low (escapes) - the
! subroutine's sweeps not joined.
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %inputs/derived-whole-types.f90 -o types.o
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %inputs/derived-whole-ops.f90 -o ops.o
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %s -o main.o
! RUN: %flang types.o ops.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK-DAG: main g%u 8388608 {{[0-9.]+}} {{20[.][5-9][0-9]*|21([.][0-4][0-9]*)?}} streaming high
! CHECK-DAG: main g%f 8388608 {{[0-9.]+}} {{10[.][5-9][0-9]*|11([.][0-4][0-9]*)?}} streaming high
program main
  use types
  use ops
  implicit none
  type(grid_t) :: g
  integer :: t, i, n
  n = 1048576
  g%n = n
  allocate (g%u(n), g%f(n))
  do i = 1, n
    g%u(i) = 1.0d0 / i
    g%f(i) = 1.0d-3
  end do
  do t = 1, 10
    call step(g)
  end do
  print *, g%u(n / 2)
end program
