! A derived type's allocatable component allocated by a module procedure
! called for two variables, `call field_init(x, n); call field_init(y, n)`:
! flang inlines it at both calls and keeps the procedure for other files,
! which no call here runs. Two objects per run, each a share of the site's
! accesses: x zeroed, set to 1 and read 10 times (12), y zeroed, read and
! written 10 times and summed (22): 17 passes an object as the run makes.
! Before, roots in two functions were taken for one object: 34.
! REQUIRES: flang
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: %flang -O2 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
! CHECK: remark: site 0x{{[0-9a-f]+}} {{.*}} (17 passes), streaming (streaming 100%)
module fields
  implicit none
  type field
    integer :: n
    double precision, allocatable :: v(:)
  end type
contains
  subroutine field_init(f, n)
    type(field), intent(inout) :: f
    integer, intent(in) :: n
    f%n = n
    allocate(f%v(n))
    f%v = 0.0d0
  end subroutine

  subroutine axpy(y, x, a)
    type(field), intent(inout) :: y
    type(field), intent(in) :: x
    double precision, intent(in) :: a
    integer :: i
    do i = 1, y%n
      y%v(i) = y%v(i) + a * x%v(i)
    end do
  end subroutine
end module

program components
  use fields
  implicit none
  type(field) :: x, y
  integer :: t, n
  n = 500000
  call field_init(x, n)
  call field_init(y, n)
  x%v = 1.0d0
  do t = 1, 10
    call axpy(y, x, 0.5d0)
  end do
  print *, sum(y%v)
end program
