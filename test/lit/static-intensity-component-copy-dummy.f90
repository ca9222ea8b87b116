! The copy of static-intensity-component-copy.f90 kept out of line (not
! inlined: the subroutine reads both components through its dummy `fld`):
! the vectoriser's overlap test, per row, is the difference of the two bases
! loaded from two slots of the dummy, with the descriptors' offsets and the
! row's recurrence around them, the subtracted part a negated sum. Decided:
! the vector loop runs. u 11 passes, w 11 (each filled, then 10 copies).
! Before: 16.6 and 16 (the scalar copy counted beside the vector loop).
! REQUIRES: flang
! RUN: %flang -O2 -mllvm -inline-threshold=-10000 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
module copy_m
  implicit none
  type field_t
    integer :: nx, ny
    real(8), allocatable :: u(:,:), w(:,:)
  end type field_t
contains
  subroutine alloc(fld, nx, ny)
    type(field_t), intent(inout) :: fld
    integer, intent(in) :: nx, ny
    fld%nx = nx; fld%ny = ny
! CHECK: remark: site 0x{{[0-9a-f]+}} '{{.*}}' {{.*}}:[[@LINE+1]]: {{.*}} ({{1[0-3]([.][0-9]+)?}} passes), streaming
    allocate(fld%u(nx, ny))
! CHECK: remark: site 0x{{[0-9a-f]+}} '{{.*}}' {{.*}}:[[@LINE+1]]: {{.*}} ({{1[0-3]([.][0-9]+)?}} passes), streaming
    allocate(fld%w(nx, ny))
    fld%u = 0.0d0
    fld%w = 1.0d0
  end subroutine alloc
  subroutine copy_back(fld)
    type(field_t), intent(inout) :: fld
    integer :: i, j
    do j = 2, fld%ny - 1
      do i = 2, fld%nx - 1
        fld%u(i, j) = fld%w(i, j)
      end do
    end do
  end subroutine copy_back
end module copy_m
program p
  use copy_m
  implicit none
  type(field_t) :: fld
  integer :: t
  call alloc(fld, 1024, 1024)
  do t = 1, 10
    call copy_back(fld)
  end do
  print *, fld%u(7, 7)
end program p
