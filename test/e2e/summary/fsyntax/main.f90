! Passes at the default n: a written once, then once a step by add(), then
! read by sum: 12; b written once, read once a step: 11; c written once, read
! by add() and read and written by decay() each step: 31.
program p
  use data_mod
  implicit none
  integer :: s
  call init_data()
  do s = 1, 10
    call add()
    call decay()
  end do
  print *, sum(a)
end program p
