! Pass counts from the compiler's own facts in Fortran: module arrays whose
! bounds are module variables read at run time, swept by DO loops over the
! same variables. The 3-D array is written once and read in 4 sweeps (5
! passes), the 1-D one only written (1 pass): exact, not guessed.
! Accepted: within 20% of the true count (the ranges below).
! REQUIRES: flang
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: %flang -O2 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
module passes_data
  implicit none
  integer :: nx, ny, nz
  real(8), allocatable :: u(:,:,:), w(:)
end module passes_data

program passes
  use passes_data
  implicit none
  integer :: i, j, k, it
  real(8) :: s
  read(*,*) nx, ny, nz
  allocate(u(nx, ny, nz))
  ! CHECK-DAG: static-intensity-passes-fortran.f90:[[#@LINE-1]]:3: remark: site {{.*}} 'u' {{.*}} ({{(4|5|6|[45][.][0-9]+|6[.]0[0-9]*)}} passes), streaming {{.*}}, keyed [-Rpass-analysis=oli]
  allocate(w(nx))
  ! CHECK-DAG: static-intensity-passes-fortran.f90:[[#@LINE-1]]:3: remark: site {{.*}} 'w' {{.*}} ({{(0[.][89][0-9]*|1|1[.][01][0-9]*)}} passes), streaming {{.*}}, keyed [-Rpass-analysis=oli]
  do k = 1, nz
    do j = 1, ny
      do i = 1, nx
        u(i, j, k) = i + j + k
      end do
    end do
  end do
  s = 0
  do it = 1, 4
    do k = 1, nz
      do j = 1, ny
        do i = 1, nx
          s = s + u(i, j, k) * it
        end do
      end do
    end do
  end do
  do i = 1, nx
    w(i) = s
  end do
  print *, s, w(1)
end program passes
