! A copy between two allocatable components of a derived type, bounded by
! the type's nx and ny (`fld%u(i, j) = fld%w(i, j)`), inlined into the main
! program. Two things made its counts half or less: flang reloads the dummy
! `nx` after the first ALLOCATE (the runtime call might write it), and only
! the first load was the value stored into `fld%nx` - now every load of a
! dummy the subroutine never writes is, so w's size is in the fields too; and
! the vectoriser's overlap test of the two components is a difference of
! their bases plus the descriptors' offsets below 32 bytes, which was left
! to BranchProbabilityInfo (half the copies on the scalar path, guessed).
! u: filled, then 10 copies written: 11 passes; w filled and read 10 times:
! 11. Before: 7.64 and 3. The second RUN keeps copy_back out of line: it
! reads both components through its dummy `fld`, and the overlap test, per
! row, has the row's recurrence around the bases and the subtracted one
! inside a negated sum (11.6 and 11; 16.6 and 16 before).
! REQUIRES: flang
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
! RUN: %flang -O2 -mllvm -inline-threshold=-10000 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli \
! RUN:   -c %s -o /dev/null 2>&1 | FileCheck %s
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
