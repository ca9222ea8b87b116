!mod$ v1 sum:1c7f00bb733ef29d
module copy_m
type::field_t
integer(4)::nx
integer(4)::ny
real(8),allocatable::u(:,:)
real(8),allocatable::w(:,:)
end type
contains
subroutine alloc(fld,nx,ny)
type(field_t),intent(inout)::fld
integer(4),intent(in)::nx
integer(4),intent(in)::ny
end
subroutine copy_back(fld)
type(field_t),intent(inout)::fld
end
end
