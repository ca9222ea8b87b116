! fsp - the sp kernel (benchmarks/kernels/sp/sp.c) in Fortran, declared and
! allocated the way NPB 3.4's SP and BT do it: module arrays created by ONE
! allocate statement in alloc_space - the solution u (5 components), seven
! scalar fields of one size (us, vs, ws, qs, rho_i, speed, square: about 5% of
! the footprint each), then rhs and forcing (5 components, about 23% each).
!
! Each step derives the seven fields from u, computes rhs = nu * L(f) +
! forcing with the periodic 7-point Laplacian of the components rebuilt from
! the derived fields (so every array is streamed), and adds rhs to u. The
! update is linear, u and forcing are constants plus single Fourier modes, so
! the solution after n steps is known in closed form. Verification: u, rhs
! (the last increment), forcing and the derived fields (once more from the
! final u) against it - every array's contents are checked.
include 'bench.inc'
module fsp_data
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  double precision, allocatable :: u(:,:,:,:), us(:,:,:), vs(:,:,:), ws(:,:,:), qs(:,:,:), &
    rho_i(:,:,:), speed(:,:,:), square(:,:,:), rhs(:,:,:,:), forcing(:,:,:,:)
  integer :: nx
  double precision, parameter :: nu = 0.05d0, tol = 1.0d-9
  double precision, parameter :: pi = 3.14159265358979323846d0
  integer, parameter :: mode_u(3, 5) = reshape([1,0,0, 0,1,0, 0,0,1, 1,1,0, 1,0,1], [3, 5])
  integer, parameter :: mode_f(3, 5) = reshape([0,1,1, 2,0,0, 0,2,0, 1,1,1, 0,0,2], [3, 5])
  double precision, parameter :: base_u(5) = [3.0d0, 0.5d0, -0.4d0, 0.3d0, 4.0d0]
  double precision, parameter :: amp_u(5) = [0.5d0, 0.2d0, 0.15d0, 0.1d0, 0.6d0]
  double precision, parameter :: amp_f(5) = [0.004d0, 0.003d0, 0.002d0, 0.003d0, 0.005d0]
contains

  ! NPB 3.4's alloc_space: one statement, u first, the scalar fields, then
  ! the two larger grids.
  subroutine alloc_space
    integer :: ios
    allocate (u(5, 0:nx-1, 0:nx-1, 0:nx-1), &
      us(0:nx-1, 0:nx-1, 0:nx-1), vs(0:nx-1, 0:nx-1, 0:nx-1), ws(0:nx-1, 0:nx-1, 0:nx-1), &
      qs(0:nx-1, 0:nx-1, 0:nx-1), rho_i(0:nx-1, 0:nx-1, 0:nx-1), speed(0:nx-1, 0:nx-1, 0:nx-1), &
      square(0:nx-1, 0:nx-1, 0:nx-1), &
      rhs(5, 0:nx-1, 0:nx-1, 0:nx-1), forcing(5, 0:nx-1, 0:nx-1, 0:nx-1), stat=ios)
    if (ios /= 0) then
      write (0, '(a)') 'fsp: error: cannot allocate the arrays'
      stop 3
    end if
  end subroutine alloc_space

  double precision function phase(m, i, j, k)
    integer, intent(in) :: m(3), i, j, k
    phase = 2.0d0 * pi * dble(m(1) * i + m(2) * j + m(3) * k) / dble(nx)
  end function phase

  double precision function growth(m)
    integer, intent(in) :: m(3)
    integer :: d
    growth = 1.0d0
    do d = 1, 3
      growth = growth - nu * 4.0d0 * sin(pi * m(d) / dble(nx))**2
    end do
  end function growth

  double precision function exact(c, i, j, k, step)
    integer, intent(in) :: c, i, j, k, step
    double precision :: ga, gf
    ga = growth(mode_u(:, c)); gf = growth(mode_f(:, c))
    exact = base_u(c) + amp_u(c) * ga**step * cos(phase(mode_u(:, c), i, j, k)) + &
      amp_f(c) * (1.0d0 - gf**step) / (1.0d0 - gf) * cos(phase(mode_f(:, c), i, j, k))
  end function exact

  subroutine derive
    integer :: i, j, k
    double precision :: ri
    !$omp parallel do private(i, j, ri)
    do k = 0, nx - 1
      do j = 0, nx - 1
        do i = 0, nx - 1
          ri = 1.0d0 / u(1, i, j, k)
          rho_i(i, j, k) = ri
          us(i, j, k) = u(2, i, j, k) * ri
          vs(i, j, k) = u(3, i, j, k) * ri
          ws(i, j, k) = u(4, i, j, k) * ri
          square(i, j, k) = 0.5d0 * (u(2, i, j, k)**2 + u(3, i, j, k)**2 + u(4, i, j, k)**2) * ri
          qs(i, j, k) = square(i, j, k) * ri
          speed(i, j, k) = sqrt(u(5, i, j, k) * ri)
        end do
      end do
    end do
  end subroutine derive

  ! The five components at (i, j, k) rebuilt from the derived fields.
  subroutine rebuild(i, j, k, f)
    integer, intent(in) :: i, j, k
    double precision, intent(out) :: f(5)
    double precision :: ri
    ri = rho_i(i, j, k)
    f(1) = 1.0d0 / ri
    f(2) = us(i, j, k) / ri
    f(3) = vs(i, j, k) / ri
    f(4) = ws(i, j, k) / ri
    f(5) = speed(i, j, k)**2 / ri + (qs(i, j, k) - square(i, j, k) * ri)
  end subroutine rebuild

  subroutine compute_rhs
    integer :: i, j, k
    double precision :: f(5), lap(5)
    !$omp parallel do private(i, j, f, lap)
    do k = 0, nx - 1
      do j = 0, nx - 1
        do i = 0, nx - 1
          call rebuild(i, j, k, f)
          lap = -6.0d0 * f
          call gather(modulo(i - 1, nx), j, k, lap)
          call gather(modulo(i + 1, nx), j, k, lap)
          call gather(i, modulo(j - 1, nx), k, lap)
          call gather(i, modulo(j + 1, nx), k, lap)
          call gather(i, j, modulo(k - 1, nx), lap)
          call gather(i, j, modulo(k + 1, nx), lap)
          rhs(:, i, j, k) = nu * lap + forcing(:, i, j, k)
        end do
      end do
    end do
  end subroutine compute_rhs

  ! lap += the components at a neighbour.
  subroutine gather(i, j, k, lap)
    integer, intent(in) :: i, j, k
    double precision, intent(inout) :: lap(5)
    double precision :: g(5)
    call rebuild(i, j, k, g)
    lap = lap + g
  end subroutine gather

  subroutine add
    integer :: i, j, k
    !$omp parallel do private(i, j)
    do k = 0, nx - 1
      do j = 0, nx - 1
        do i = 0, nx - 1
          u(:, i, j, k) = u(:, i, j, k) + rhs(:, i, j, k)
        end do
      end do
    end do
  end subroutine add
end module fsp_data

program fsp
  use fsp_data
  use bench_f
  implicit none
  character :: cls
  integer :: ns(5), steps(5), nsteps, s, i, j, k, c
  integer(8) :: c0, c1, crate
  double precision :: t, e(5), eprev, ri, sq, err_u, err_rhs, err_f, err_d
  logical :: fault, ok

  ns = [64, 96, 160, 320, 448]
  steps = [8, 10, 10, 8, 6]
  c = bench_class('fsp')
  cls = bench_class_names(c)
  nx = ns(c)
  nsteps = bench_steps('fsp', steps(c))
  fault = bench_fault()
  write (*, '(a,a,a,i0)') 'kernel fsp class ', cls, ' threads ', bench_threads()
  write (*, '(a,i0,a,i0)') 'params grid=', nx, '^3 steps=', nsteps
  call alloc_space

  !$omp parallel do private(i, j, c)
  do k = 0, nx - 1
    do j = 0, nx - 1
      do i = 0, nx - 1
        do c = 1, 5
          u(c, i, j, k) = base_u(c) + amp_u(c) * cos(phase(mode_u(:, c), i, j, k))
          forcing(c, i, j, k) = amp_f(c) * cos(phase(mode_f(:, c), i, j, k))
          rhs(c, i, j, k) = 0.0d0
        end do
      end do
    end do
  end do

  call system_clock(c0, crate)
  do s = 1, nsteps
    call derive
    if (s == nsteps .and. fault) square(:, :, nx / 2) = 0.0d0  ! a lost plane
    call compute_rhs
    call add
  end do
  call system_clock(c1)
  t = dble(c1 - c0) / dble(crate)

  call derive
  err_u = 0; err_rhs = 0; err_f = 0; err_d = 0
  !$omp parallel do private(i, j, c, e, eprev, ri, sq) reduction(max:err_u, err_rhs, err_f, err_d)
  do k = 0, nx - 1
    do j = 0, nx - 1
      do i = 0, nx - 1
        do c = 1, 5
          e(c) = exact(c, i, j, k, nsteps)
          eprev = exact(c, i, j, k, nsteps - 1)
          err_u = max(err_u, abs(u(c, i, j, k) - e(c)))
          err_rhs = max(err_rhs, abs(rhs(c, i, j, k) - (e(c) - eprev)))
          err_f = max(err_f, abs(forcing(c, i, j, k) - amp_f(c) * cos(phase(mode_f(:, c), i, j, k))))
        end do
        ri = 1.0d0 / e(1)
        sq = 0.5d0 * (e(2)**2 + e(3)**2 + e(4)**2) * ri
        err_d = max(err_d, abs(rho_i(i, j, k) - ri), abs(us(i, j, k) - e(2) * ri), &
          abs(vs(i, j, k) - e(3) * ri), abs(ws(i, j, k) - e(4) * ri), abs(square(i, j, k) - sq), &
          abs(qs(i, j, k) - sq * ri), abs(speed(i, j, k) - sqrt(e(5) * ri)))
      end do
    end do
  end do
  write (*, '(a,es10.3,a,es10.3,a,es10.3,a,es10.3)') 'max error: u ', err_u, ' rhs ', err_rhs, &
    ' forcing ', err_f, ' derived ', err_d
  ok = err_u < tol .and. err_rhs < tol .and. err_f < tol .and. err_d < tol
  ! The arrays stay allocated until exit: the oli report shows their pages.
  call bench_finish(t, ok)

end program fsp
