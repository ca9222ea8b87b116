!mod$ v1 sum:663f690f5b97f853
module grid
real(8),allocatable::a(:)
real(8),allocatable::colidx(:)
real(8)::x(1_8:100000_8)
contains
subroutine setup(n)
integer(4),intent(in)::n
end
end
