! A derived type's component passed to another file's assumed-shape dummy:
! the main program's `type(field_t) :: fld` (flang's internal global), which
! a module procedure of another file allocates (`call alloc(fld, n)`), and
! `call scale(fld%u)` ten times. The program's own variable of a named type
! handed to another module's function is a struct filled there, as a stack
! struct is: its component's key (%_QMfield_mTfield_t+0) goes on into the
! kernel's deref key, so the kernel's sweeps join: 21 passes, as one file
! counts. Before: 1 pass, `low (escapes)` (the program's global was no key).
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/component-arg-field.f90 -o field.o
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %inputs/component-arg-kernel.f90 -o kernel.o
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %s -o main.o
! RUN: %flang field.o kernel.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK: component-arg-field.f90:12 field_m::alloc {{.*}} ? {{[0-9.]+}} {{2[01]([.][0-9]+)?}} streaming
program p
  use field_m
  use kernel_m
  implicit none
  type(field_t) :: fld
  integer :: t
  call alloc(fld, 1048576)
  do t = 1, 10
    call scale(fld%u)
  end do
  print *, fld%u(7)
end program p
