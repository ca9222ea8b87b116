! fxs - cross-section lookups on a unionized energy grid in Fortran (the
! memory behaviour of XSBench's event-based unionized mode, as the C kernel
! benchmarks/kernels/xs/xs.c), with XSBench's allocation order: the nuclide
! grids (large), then the unionized energy grid (2-3% of the footprint), then
! the index grid (the largest). A rule that takes the share of what was
! allocated so far sees union_energy at 14% (issue 11); of the footprint it is
! 2.4%.
!
! Every nuclide has a sorted energy grid with five cross sections per point;
! union_energy holds all energies sorted; index_grid(n, u) is the position of
! union energy u in nuclide n's grid. A lookup draws an energy and a material
! (a set of nuclides), finds the energy in the union grid, then interpolates
! each nuclide through the index grid. Verification: every 4th lookup again
! without union and index grids (a binary search in each nuclide's grid) must
! give the same five values, and the whole union grid must be sorted and hold
! every nuclide energy once (checked by a merge count).
include 'bench.inc'
module fxs_data
  implicit none
  integer, parameter :: i8 = selected_int_kind(18), i4 = selected_int_kind(9)
  double precision, allocatable :: nuclide_grid(:,:,:), union_energy(:)
  integer(i4), allocatable :: index_grid(:,:)
  integer :: niso, ngp
  integer(i8) :: nunion
contains
  ! Uniform value in [0,1) from (seed, i): a counter-based hash.
  double precision function unif(seed, i)
    integer(i8), intent(in) :: seed, i
    integer(i8) :: h
    h = seed * 6364136223846793005_i8 + i * 1442695040888963407_i8
    h = ieor(h, ishft(h, -29)); h = h * 3935559000370003845_i8
    h = ieor(h, ishft(h, -32))
    unif = dble(iand(h, 9007199254740991_i8)) / 9007199254740992.0d0
  end function unif

  ! Largest j in [1, n] with e(j) <= x (1 if none).
  integer(i8) function search(e, n, x)
    integer(i8), intent(in) :: n
    double precision, intent(in) :: e(n), x
    integer(i8) :: lo, hi, mid
    lo = 1; hi = n
    if (x < e(1)) then
      search = 1
      return
    end if
    do while (hi - lo > 1)
      mid = lo + (hi - lo) / 2
      if (e(mid) <= x) then
        lo = mid
      else
        hi = mid
      end if
    end do
    search = lo
    if (e(hi) <= x) search = hi
  end function search

  ! The same in nuclide n's own grid (energies at stride 6).
  integer(i8) function search_nuclide(n, x)
    integer, intent(in) :: n
    double precision, intent(in) :: x
    integer(i8) :: lo, hi, mid
    lo = 1; hi = ngp
    if (x < nuclide_grid(1, 1, n)) then
      search_nuclide = 1
      return
    end if
    do while (hi - lo > 1)
      mid = lo + (hi - lo) / 2
      if (nuclide_grid(1, mid, n) <= x) then
        lo = mid
      else
        hi = mid
      end if
    end do
    search_nuclide = lo
    if (nuclide_grid(1, hi, n) <= x) search_nuclide = hi
  end function search_nuclide

  ! Macroscopic cross sections of energy x, nuclide n, between points j, j+1.
  subroutine interpolate(n, j, x, conc, macro)
    integer, intent(in) :: n
    integer(i8), intent(in) :: j
    double precision, intent(in) :: x, conc
    double precision, intent(inout) :: macro(5)
    double precision :: f
    f = (nuclide_grid(1, j + 1, n) - x) / (nuclide_grid(1, j + 1, n) - nuclide_grid(1, j, n))
    macro = macro + conc * (nuclide_grid(2:6, j + 1, n) - f * (nuclide_grid(2:6, j + 1, n) - nuclide_grid(2:6, j, n)))
  end subroutine interpolate

  ! Heap sort of a(1:n).
  subroutine heapsort(a, n)
    integer(i8), intent(in) :: n
    double precision, intent(inout) :: a(n)
    integer(i8) :: i, last
    double precision :: t
    do i = n / 2, 1, -1
      call sift(a, i, n)
    end do
    do last = n, 2, -1
      t = a(1); a(1) = a(last); a(last) = t
      call sift(a, 1_i8, last - 1)
    end do
  end subroutine heapsort

  subroutine sift(a, start, n)
    integer(i8), intent(in) :: start, n
    double precision, intent(inout) :: a(n)
    integer(i8) :: r, c
    double precision :: t
    r = start
    do while (2 * r <= n)
      c = 2 * r
      if (c < n) then
        if (a(c + 1) > a(c)) c = c + 1
      end if
      if (a(r) >= a(c)) return
      t = a(r); a(r) = a(c); a(c) = t
      r = c
    end do
  end subroutine sift
end module fxs_data

program fxs
  use fxs_data
  use bench_f
  implicit none
  character :: cls
  integer :: isos(5), gps(5), c, n, m, nmat, ios
  integer(i8) :: lookups(5), nlook, i, j, u, k, hash_all, hash_sub, ref_hash, merged
  integer(i8) :: c0, c1, crate
  double precision :: e, x, macro(5), sum_sub, ref_sum, t, rel, conc
  logical :: fault, ok

  isos = [68, 68, 68, 355, 355]
  gps = [2000, 4000, 11300, 11300, 30000]
  lookups = [200000_i8, 1000000_i8, 4000000_i8, 15000000_i8, 50000000_i8]
  c = bench_class('fxs')
  cls = bench_class_names(c)
  niso = isos(c); ngp = gps(c); nlook = lookups(c)
  nunion = int(niso, i8) * ngp
  nmat = 4
  fault = bench_fault()
  write (*, '(a,a,a,i0)') 'kernel fxs class ', cls, ' threads ', bench_threads()
  write (*, '(a,i0,a,i0,a,i0,a,i0)') 'params isotopes=', niso, ' gridpoints=', ngp, ' union=', nunion, &
    ' lookups=', nlook

  ! XSBench's order: nuclide grids, union grid, index grid.
  allocate (nuclide_grid(6, ngp, niso), stat=ios)
  if (ios == 0) allocate (union_energy(nunion), stat=ios)
  if (ios == 0) allocate (index_grid(niso, nunion), stat=ios)
  if (ios /= 0) then
    write (0, '(a)') 'fxs: error: cannot allocate the grids'
    stop 3
  end if

  ! Nuclide grids: energies are normalised running sums of random steps.
  !$omp parallel do private(j, e, k) schedule(dynamic)
  do n = 1, niso
    e = 0.0d0
    do j = 1, ngp
      e = e + 0.05d0 + unif(11_i8, int(n, i8) * 100000_i8 + j)
      nuclide_grid(1, j, n) = e
      do k = 2, 6
        nuclide_grid(k, j, n) = unif(12_i8 + k, int(n, i8) * 100000_i8 + j)
      end do
    end do
    e = e + 0.05d0 + unif(13_i8, int(n, i8))
    nuclide_grid(1, :, n) = nuclide_grid(1, :, n) / e
  end do
  ! Union grid: every energy, sorted.
  do n = 1, niso
    union_energy(int(n - 1, i8) * ngp + 1:int(n, i8) * ngp) = nuclide_grid(1, :, n)
  end do
  call heapsort(union_energy, nunion)
  ! Index grid: walk each nuclide's grid along the union grid.
  !$omp parallel do private(u) schedule(static)
  do u = 1, nunion
    index_grid(:, u) = 1
  end do
  !$omp parallel do private(j, u) schedule(dynamic)
  do n = 1, niso
    j = 1
    do u = 1, nunion
      do while (j + 1 <= ngp)
        if (nuclide_grid(1, j + 1, n) > union_energy(u)) exit
        j = j + 1
      end do
      index_grid(n, u) = int(min(j, int(ngp - 1, i8)), i4)
    end do
  end do
  if (fault) index_grid(:, nunion / 2:nunion / 2 + 999) = 1  ! lost pages

  call system_clock(c0, crate)
  hash_all = 0; hash_sub = 0; sum_sub = 0.0d0
  !$omp parallel do private(x, m, u, n, macro, conc) reduction(+:hash_all, hash_sub, sum_sub) schedule(dynamic, 1000)
  do i = 0, nlook - 1
    x = unif(21_i8, i)
    m = int(unif(22_i8, i) * nmat)
    macro = 0.0d0
    u = search(union_energy, nunion, x)
    do n = 1 + m, niso, nmat
      conc = 0.1d0 + unif(23_i8, int(n, i8))
      call interpolate(n, int(index_grid(n, u), i8), x, conc, macro)
    end do
    hash_all = hash_all + (i + 1) * maxloc(macro, 1)
    if (mod(i, 4_i8) == 0) then
      hash_sub = hash_sub + (i + 1) * maxloc(macro, 1)
      sum_sub = sum_sub + sum(macro)
    end if
  end do
  call system_clock(c1)
  t = dble(c1 - c0) / dble(crate)

  ! Every 4th lookup without union and index grids.
  ref_hash = 0; ref_sum = 0.0d0
  !$omp parallel do private(x, m, n, macro, conc, j) reduction(+:ref_hash, ref_sum) schedule(dynamic, 1000)
  do i = 0, nlook - 1, 4
    x = unif(21_i8, i)
    m = int(unif(22_i8, i) * nmat)
    macro = 0.0d0
    do n = 1 + m, niso, nmat
      conc = 0.1d0 + unif(23_i8, int(n, i8))
      j = min(search_nuclide(n, x), int(ngp - 1, i8))
      call interpolate(n, j, x, conc, macro)
    end do
    ref_hash = ref_hash + (i + 1) * maxloc(macro, 1)
    ref_sum = ref_sum + sum(macro)
  end do
  ! The union grid: sorted, and each nuclide's energies all in it.
  merged = 0
  do u = 2, nunion
    if (union_energy(u) < union_energy(u - 1)) merged = merged - nunion
  end do
  !$omp parallel do private(j) reduction(+:merged)
  do n = 1, niso
    do j = 1, ngp
      if (union_energy(search(union_energy, nunion, nuclide_grid(1, j, n))) == nuclide_grid(1, j, n)) &
        merged = merged + 1
    end do
  end do
  rel = abs(sum_sub - ref_sum) / abs(ref_sum)
  write (*, '(a,i0,a)') 'checksum ', hash_all, ' (all lookups)'
  write (*, '(a,i0,a,i0,a,i0,a,es10.3,a,i0,a,i0)') 'verified ', (nlook + 3) / 4, ' lookups: hash ', hash_sub, &
    ' vs ', ref_hash, ', xs sum relative difference ', rel, '; union energies found ', merged, ' of ', nunion
  ok = hash_sub == ref_hash .and. rel < 1.0d-12 .and. merged == nunion
  call bench_finish(t, ok)

end program fxs
