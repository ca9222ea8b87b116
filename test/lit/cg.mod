!mod$ v1 sum:64ffdf79244ec145
module cg
real(8),allocatable::a(:)
integer(4),pointer::p(:)
contains
subroutine setup(n)
integer(4),intent(in)::n
end
end
