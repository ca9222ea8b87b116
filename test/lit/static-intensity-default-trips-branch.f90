! The program's default step count given on one arm of the input's test
! (NPB's `niter = niter_default` where no input file opens, `read (2, *)
! niter` where one does): the slot's one store of a constant does not come
! before the time loop on every path, but it is never made after the loop's
! read of it, and only the input's reader sets it besides. Counted at the
! default, 60 steps of one read and one write of x, 121 passes with the
! fill, where BranchProbabilityInfo's guess read 41 (20 steps). Still
! guessed: the run's input decides.
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass %s -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK: main x ? {{[0-9.]+}} {{1(1[5-9]|2[0-7])([.][0-9]*)?}} streaming medium
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
  integer :: t, steps, n, fstatus
  n = 1048576
  open(unit=2, file='steps.data', status='old', iostat=fstatus)
  if (fstatus == 0) then
    read(2, *) steps
    close(2)
  else
    steps = 60
  end if
  allocate(x(n))
  x = 1.0d0
  do t = 1, steps
    call scale(x, n)
  end do
  print *, x(n / 2)
end program
