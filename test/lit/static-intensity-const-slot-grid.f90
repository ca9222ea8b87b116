! An NPB-like solver's grid (SP's `grid_points`, `nx2 = grid_points(1) - 2`):
! module variables the program sets to constants, read back by the loops of
! a solver routine. Two counts the module's constants give:
! - the interior's row loop over j runs to ny2 through a latch phi of the
!   paths' `j + 1` (the i loop may not run), which ScalarEvolution counts no
!   trips of: counted with the constant the module stores into ny2, as any
!   loop to it is (rhs 7.7 passes, the run's 7.5; 6.25 with that loop
!   guessed);
! - the first nest's vectorised row has a scalar rest that the compare of
!   the row's length with its vector part (`n == n & -2`, n the stored 24)
!   leaves unentered (rho and speed 17.7 passes as the run makes; 27.7 with
!   the rest taken to run a whole row, 30 before both).
! u 43.5 of the run's 43.6 (40.3 before). All exact (`high`; `medium` before).
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass %s -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK-DAG: main u 552960 {{[0-9.]+}} {{4[2-4]([.][0-9]*)?}} strided high
! CHECK-DAG: main rhs 552960 {{[0-9.]+}} {{7[.][3-9][0-9]*|8([.][0-1][0-9]*)?}} strided high
! CHECK-DAG: main rho 110592 {{[0-9.]+}} {{1[78]([.][0-9]*)?}} streaming high
! CHECK-DAG: main speed 110592 {{[0-9.]+}} {{1[78]([.][0-9]*)?}} streaming high

module grid
  implicit none
  integer, parameter :: nmax = 24
  integer :: grid_points(3), nx2, ny2, nz2
  real(8), allocatable :: u(:,:,:,:), rhs(:,:,:,:), rho(:,:,:), speed(:,:,:)
end module

subroutine compute_rhs
  use grid
  implicit none
  integer :: i, j, k, m
  do k = 0, grid_points(3) - 1
    do j = 0, grid_points(2) - 1
      do i = 0, grid_points(1) - 1
        rho(i, j, k) = 1.0d0 / u(1, i, j, k)
        speed(i, j, k) = sqrt(abs(u(5, i, j, k) * rho(i, j, k)))
      end do
    end do
  end do
  do k = 1, nz2
    do j = 1, ny2
      do i = 1, nx2
        do m = 1, 5
          rhs(m, i, j, k) = 0.1d0 * (u(m, i + 1, j, k) - 2.0d0 * u(m, i, j, k) + u(m, i - 1, j, k) &
               + u(m, i, j + 1, k) - u(m, i, j - 1, k)) * rho(i, j, k) * speed(i, j, k)
        end do
      end do
    end do
  end do
end subroutine

program sp
  use grid
  implicit none
  integer :: step
  grid_points(1) = nmax
  grid_points(2) = nmax
  grid_points(3) = nmax
  nx2 = grid_points(1) - 2
  ny2 = grid_points(2) - 2
  nz2 = grid_points(3) - 2
  allocate(u(5, 0:nmax-1, 0:nmax-1, 0:nmax-1), rhs(5, 0:nmax-1, 0:nmax-1, 0:nmax-1), rho(0:nmax-1, 0:nmax-1, 0:nmax-1), &
           speed(0:nmax-1, 0:nmax-1, 0:nmax-1))
  u = 1.0d0
  do step = 1, 10
    call compute_rhs
  end do
  print *, rhs(1, 1, 1, 1)
end program
