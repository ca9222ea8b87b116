! The same derived type passed whole (Inputs/derived-whole-*.f90), its
! length n read at run time and stored into the main program's variable
! (`g%n = n`, a global of the type's struct) beside the allocations: the
! stored field's name is the type's field key (%_QMtypesTgrid_t+0), as the
! subroutine's loop bound `do i = 1, g%n` names it in its file, so the
! allocations' sizes have the other form 8 * g%n and the subroutine's sweeps
! count exactly: u 21 passes, f 11, as the run makes, `high` (the
! vectoriser's overlap test of g%v and g%u, two slots of g, decided; it was
! `medium`). Before: 9.6 and 5.3, the bound's trips guessed (the global's
! slot had a name of its own).
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %inputs/derived-whole-types.f90 -o types.o
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %inputs/derived-whole-ops.f90 -o ops.o
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %s -o main.o
! RUN: %flang types.o ops.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK-DAG: main g%u ? {{[0-9.]+}} 21 streaming high
! CHECK-DAG: main g%f ? {{[0-9.]+}} 11 streaming high
program main
  use types
  use ops
  implicit none
  type(grid_t) :: g
  integer :: t, i, n
  character(len=32) :: arg
  n = 1048576
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
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
