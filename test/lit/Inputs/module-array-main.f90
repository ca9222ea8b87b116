program mf
  use hm
  implicit none
  call fill(10)
  print *, hist(5)
end program mf
