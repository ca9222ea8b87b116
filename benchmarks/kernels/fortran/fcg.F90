! fcg - conjugate gradient in Fortran, declared the way NPB declares its data:
! the matrix and vectors are module arrays created with ALLOCATE (NPB 3.4),
! the reference solution and a few scalars live in COMMON blocks sized at
! compile time (NPB 2.x and older, npbparams.h style).
!
! Matrix: 7-point Laplacian on an m^3 grid with Dirichlet boundaries and a
! random positive diagonal shift (SPD), stored in CSR. The right-hand side is
! the stencil applied to a known solution, computed without the CSR arrays.
! Verification: the CG solution equals the known solution.
! Classes S, W, A fit in the COMMON block; B and C need -DFCG_NMAX=<m^3>.
#ifndef FCG_NMAX
#define FCG_NMAX 2097152
#endif
include 'bench.inc'

module fcg_data
  implicit none
  integer, parameter :: dp = kind(1.0d0), i8 = selected_int_kind(18)
  double precision, allocatable :: a(:), x(:), z(:), p(:), q(:), r(:)
  integer, allocatable :: colidx(:)
  integer(i8), allocatable :: rowstr(:)
end module fcg_data

program fcg
  use fcg_data
  use bench_f
  implicit none
  integer, parameter :: nmax = FCG_NMAX
  ! COMMON blocks: reference solution (large, fixed size) and scalars.
  double precision :: xexact(nmax)
  common /fcgref/ xexact
  integer :: m, n, niter_max
  integer(i8) :: nnz
  common /fcgsize/ m, n, niter_max, nnz
  double precision :: rnorm_hist(1000)
  common /fcghist/ rnorm_hist

  character :: cls
  integer :: i, j, k, row, it, ms(5), ic
  integer(i8) :: e, pos, c0, c1, crate
  double precision :: rho, rho_new, alpha, beta, pq, bnorm2, err2, ex2, res2, s, t
  logical :: ok, fault

  ms = [40, 80, 128, 256, 512]
  ic = bench_class('fcg')
  m = ms(ic)
  cls = bench_class_names(ic)
  n = m * m * m
  if (n > nmax) then
    write (0, '(a,i0,a)') 'fcg: error: class ' // cls // ' needs ', n, &
      ' unknowns; rebuild with -DFCG_NMAX=<that number> (COMMON /fcgref/ is sized at compile time)'
    stop 2
  end if
  nnz = 7_i8 * n
  niter_max = 1000
  fault = bench_fault()

  allocate (rowstr(n + 1), colidx(nnz), a(nnz))
  allocate (x(n), z(n), p(n), q(n), r(n))
  write (*, '(a,a,a,i0)') 'kernel fcg class ', cls, ' threads ', bench_threads()
  write (*, '(a,i0,a,i0,a,i0)') 'params m=', m, ' n=', n, ' nnz<=', nnz

  ! CSR rows in grid order, diagonal first; boundary neighbours dropped.
  pos = 1
  do k = 1, m
    do j = 1, m
      do i = 1, m
        row = idx(i, j, k)
        rowstr(row) = pos
        a(pos) = diag(row); colidx(pos) = row; pos = pos + 1
        if (i > 1) call put(idx(i - 1, j, k))
        if (i < m) call put(idx(i + 1, j, k))
        if (j > 1) call put(idx(i, j - 1, k))
        if (j < m) call put(idx(i, j + 1, k))
        if (k > 1) call put(idx(i, j, k - 1))
        if (k < m) call put(idx(i, j, k + 1))
      end do
    end do
  end do
  rowstr(n + 1) = pos
  nnz = pos - 1

  ! Known solution and x = A xexact from the stencil, not from CSR.
  do row = 1, n
    xexact(row) = 1.0d0 + 0.5d0 * sin(0.013d0 * row) + 0.1d0 * hashu(row, 7)
  end do
  do k = 1, m
    do j = 1, m
      do i = 1, m
        row = idx(i, j, k)
        s = diag(row) * xexact(row)
        if (i > 1) s = s - xexact(idx(i - 1, j, k))
        if (i < m) s = s - xexact(idx(i + 1, j, k))
        if (j > 1) s = s - xexact(idx(i, j - 1, k))
        if (j < m) s = s - xexact(idx(i, j + 1, k))
        if (k > 1) s = s - xexact(idx(i, j, k - 1))
        if (k < m) s = s - xexact(idx(i, j, k + 1))
        x(row) = s
      end do
    end do
  end do
  if (fault) a(nnz / 2:nnz / 2 + 511) = 0.0d0

  call system_clock(c0, crate)
  rho = 0.0d0
  !$omp parallel do reduction(+:rho)
  do row = 1, n
    z(row) = 0.0d0; r(row) = x(row); p(row) = x(row)
    rho = rho + x(row) * x(row)
  end do
  bnorm2 = rho
  it = 0
  do while (it < niter_max .and. sqrt(rho / bnorm2) > 1.0d-10)
    pq = 0.0d0
    !$omp parallel do private(e, s) reduction(+:pq)
    do row = 1, n
      s = 0.0d0
      do e = rowstr(row), rowstr(row + 1) - 1
        s = s + a(e) * p(colidx(e))
      end do
      q(row) = s
      pq = pq + p(row) * s
    end do
    if (.not. (pq > 0.0d0)) exit  ! breakdown: the matrix is not SPD (corrupted)
    alpha = rho / pq
    rho_new = 0.0d0
    !$omp parallel do reduction(+:rho_new)
    do row = 1, n
      z(row) = z(row) + alpha * p(row)
      r(row) = r(row) - alpha * q(row)
      rho_new = rho_new + r(row) * r(row)
    end do
    beta = rho_new / rho
    rho = rho_new
    !$omp parallel do
    do row = 1, n
      p(row) = r(row) + beta * p(row)
    end do
    it = it + 1
    rnorm_hist(min(it, 1000)) = sqrt(rho / bnorm2)
  end do
  call system_clock(c1)
  t = dble(c1 - c0) / dble(crate)

  err2 = 0.0d0; ex2 = 0.0d0; res2 = 0.0d0
  !$omp parallel do private(e, s) reduction(+:err2, ex2, res2)
  do row = 1, n
    s = 0.0d0
    do e = rowstr(row), rowstr(row + 1) - 1
      s = s + a(e) * z(colidx(e))
    end do
    res2 = res2 + (x(row) - s)**2
    err2 = err2 + (z(row) - xexact(row))**2
    ex2 = ex2 + xexact(row)**2
  end do
  ok = it < niter_max .and. sqrt(res2 / bnorm2) < 1.0d-8 .and. sqrt(err2 / ex2) < 1.0d-6
  write (*, '(a,i0,a,es10.3,a,es10.3)') 'iterations ', it, ' relative residual ', &
    sqrt(res2 / bnorm2), ' relative error ', sqrt(err2 / ex2)
  ! The arrays stay allocated until exit: the oli report (written at exit)
  ! then shows where their pages are (pages_achieved, from move_pages).
  call bench_finish(t, ok)

contains

  integer function idx(i, j, k)
    integer, intent(in) :: i, j, k
    idx = i + m * ((j - 1) + m * (k - 1))
  end function idx

  ! Uniform value in [0,1) from an integer hash of (i, salt).
  double precision function hashu(i, salt)
    integer, intent(in) :: i, salt
    integer(i8) :: h
    h = int(i, i8) * 2654435761_i8 + int(salt, i8) * 40503_i8
    h = ieor(h, ishft(h, -13))
    h = modulo(h * 1103515245_i8 + 12345_i8, 2147483648_i8)
    hashu = dble(h) / 2147483648.0d0
  end function hashu

  double precision function diag(row)
    integer, intent(in) :: row
    diag = 6.0d0 + 0.05d0 * (1.0d0 + hashu(row, 3))
  end function diag

  subroutine put(col)
    integer, intent(in) :: col
    a(pos) = -1.0d0; colidx(pos) = col; pos = pos + 1
  end subroutine put


end program fcg
