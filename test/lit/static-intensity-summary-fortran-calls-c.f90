! A Fortran main program allocating u(n), v(n) and calling a C kernel through
! bind(C) 2 x 25 times, passing n by value: the kernel reads its first
! array 3 times and writes the second once per element. n is read from the
! command line (`read(arg, *) n`: the I/O runtime writes its slot), and each
! call reloads it; every load of a frame slot whose writes all come before
! its reads is one symbol, so the size and the calls' argument meet: u 101,
! v 101 passes, high (the same main in C: 102 and 101). Before: 35.7 and
! 35.4, medium (each reload a symbol of its own, the kernel's loop guessed).
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/c-stencil.c -o stencil.o
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %s -o main.o
! RUN: %flang main.o stencil.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK-DAG: static-intensity-summary-fortran-calls-c.f90:34 main u ? {{[0-9.]+}} 10{{[0-9]}} streaming high
! CHECK-DAG: static-intensity-summary-fortran-calls-c.f90:34 main v ? {{[0-9.]+}} 10{{[0-9]}} streaming high
program p
  use iso_c_binding
  implicit none
  interface
    subroutine c_stencil(n, u, v) bind(C, name='c_stencil')
      import :: c_long, c_double
      integer(c_long), value :: n
      real(c_double), intent(in) :: u(*)
      real(c_double), intent(out) :: v(*)
    end subroutine
  end interface
  integer(c_long) :: n
  integer :: it
  character(len=32) :: arg
  real(c_double), allocatable :: u(:), v(:)
  call get_command_argument(1, arg); read(arg, *) n
  allocate(u(n), v(n))
  u = 1.0d0
  v = 0.0d0
  do it = 1, 25
    call c_stencil(n, u, v)
    call c_stencil(n, v, u)
  end do
  print *, sum(u)
end program p
