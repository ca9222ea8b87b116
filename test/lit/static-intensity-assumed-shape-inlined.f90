! The same kernels and time loop in one file (Inputs/assumed-shape-2d-*),
! the kernels inlined into the main program: the 10 steps reload a's
! descriptor, partly hoisted (a phi of loads of one address), which moves
! nothing, and relax's loop steps by the stride of dim[0] read through that
! phi: a stream. a 31 passes, streaming, as the run (27.6 while the
! descriptor's extents, `zext(max(m, 0))` stored at ALLOCATE, were symbols
! of their own, the loops to size(a, 1) guessed; 9.3, strided, before that -
! the time loop taken for part of one sweep); b 11 of 11, every count known.
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: cat %inputs/assumed-shape-2d-kern.f90 %inputs/assumed-shape-2d-main.f90 > one.f90
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass one.f90 -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK-DAG: data::alloc_data a ? {{[0-9.]+}} {{(29|3[0-3])([.][0-9]+)?}} streaming medium
! CHECK-DAG: data::alloc_data b ? {{[0-9.]+}} 11 strided high
