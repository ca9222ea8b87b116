! The program's default step count (static-intensity-default-trips.c) kept
! in a variable the input may overwrite: `steps = 10`, then `read(arg, *)
! steps` when given an argument. flang keeps steps in a frame slot (the
! runtime's input call is passed its address); the time loop's bound is a
! load of that slot, which one store of a constant before it and only calls
! besides set: counted at the default, 10 steps of one read and one write of
! x, 21 passes with the fill, where BranchProbabilityInfo's guess read 41
! (20 steps). Still guessed: the run's input decides. The allocation's size
! is a constant only by the pipeline's end (the tagger at its start saw
! flang's ALLOCATE, unfolded): the known counts are divided by it, not by a
! nominal 1 MiB (which read 168 passes, 328 before the default).
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass %s -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK: main x ? {{[0-9.]+}} {{20[.][5-9][0-9]*|21([.][0-4][0-9]*)?}} streaming medium
module kern
  implicit none
contains
  subroutine scale(x, n)
    integer, intent(in) :: n
    real(8), intent(inout) :: x(n)
    integer :: i
    do i = 1, n
      x(i) = 0.5d0 * x(i) + 1.0d0
    end do
  end subroutine
end module

program main
  use kern
  implicit none
  real(8), allocatable :: x(:)
  integer :: t, steps, n
  character(len=32) :: arg
  n = 1048576
  steps = 10
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read(arg, *) steps
  end if
  allocate(x(n))
  x = 1.0d0
  do t = 1, steps
    call scale(x, n)
  end do
  print *, x(n / 2)
end program
