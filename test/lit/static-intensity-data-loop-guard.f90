! A solver loop that ends on data, in Fortran (fcg's CG loop): `do while
! (it < niter_max .and. sqrt(rho / bnorm2) > tol)`, niter_max a COMMON
! variable the program sets to 1000 once. flang's loop is rotated: a copy of
! its test runs before it, `niter_max > 0 .and. sqrt(rho / rho) > tol`, which
! BranchProbabilityInfo takes at even odds, so the estimate's sqrt(1000) =
! 31.6 iterations counted on half the runs (fcg's matrix: 20.8 passes where
! the C cg's loop, not rotated, reads 31.6 per solve). The guard compares
! the data as the loop's own test does (the same comparison against the same
! tolerance) and its other test is decided by the 1000 stored: the loop is
! entered, as the estimate of its count supposes. a: written once, then read
! once per iteration, about 33 passes, medium (17.3 before).
! REQUIRES: flang
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: %flang -O2 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
program data_loop_guard
  implicit none
  integer :: niter_max
  common /lims/ niter_max
  double precision, allocatable :: a(:)
  double precision :: rho, bnorm2, s
  integer :: i, n, it
  read (*, *) n
  niter_max = 1000
  ! CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} ({{3[1-5]([.][0-9]+)?}} passes), streaming (streaming 100%), confidence medium, {{[0-9]+}} accesses, guessed trip counts [-Rpass-analysis=oli]
  allocate (a(n))
  do i = 1, n
    a(i) = 1.0d0 / dble(i)
  end do
  rho = 0.0d0
  do i = 1, n
    rho = rho + a(i) * a(i)
  end do
  bnorm2 = rho
  it = 0
  do while (it < niter_max .and. sqrt(rho / bnorm2) > 1.0d-10)
    s = 0.0d0
    do i = 1, n
      s = s + a(i)
    end do
    if (.not. (s > 0.0d0)) exit
    rho = rho * 0.5d0
    call report(rho)
    it = it + 1
  end do
  print *, it
end program data_loop_guard
