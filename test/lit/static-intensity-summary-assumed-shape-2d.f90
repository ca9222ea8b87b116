! Module arrays passed to 2-D assumed-shape dummies of another file's
! kernels (Inputs/assumed-shape-2d-kern.f90), 10 steps: relax sweeps a
! (a read and a write an element), rowsum reads a and b along their rows,
! a column's stride apart. The kernels' loops are unrolled: each copy of an
! access walks 1/k of the elements its loop does (k the multiple of the
! descriptor's stride in its step), the unrolled part runs when an extent
! is as large as a placed array's (the unroller's test of one element
! skips it), and the descriptor's members reloaded in a loop are the
! array's shape, not data (flang's TBAA "descriptor member"): a 31 passes,
! b 11, as the run makes (1 + 10 x 3, 1 + 10 x 1). Before: 86 and 41, the
! unrolled copies each taken for a whole sweep, a part of relax a gather.
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %inputs/assumed-shape-2d-kern.f90 -o kern.o
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/assumed-shape-2d-main.f90 -o main.o
! RUN: %flang kern.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK-DAG: data::alloc_data a ? {{[0-9.]+}} 31 streaming medium
! CHECK-DAG: data::alloc_data b ? {{[0-9.]+}} 11 strided medium
