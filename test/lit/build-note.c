// Every module the pass compiles carries an oli build note (section
// .note.oli.build, SHT_NOTE: owner "oli", type 1, text by common/buildnote.c):
// a hash of the effective pass options, profile-every, the embedded plan.
// Modules built alike share one copy (a comdat keyed by the text's hash).
// RUN: %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=PLAIN
// RUN: env OLI_PASS_OPTIONS='profile-every=1024' %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=PROF
// RUN: env OLI_PASS_OPTIONS='plan=%S/Inputs/plan-one.json' %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=PLAN
// RUN: %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o %t.a.ll
// RUN: env OLI_PASS_OPTIONS='min-global-size=1M' %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o %t.b.ll
// RUN: grep -o 'options=0x[0-9a-f]*' %t.a.ll > %t.a.opt && grep -o 'options=0x[0-9a-f]*' %t.b.ll > %t.b.opt
// RUN: not cmp -s %t.a.opt %t.b.opt
// PLAIN: @[[N:__oli_build_note_[0-9a-f]+]] = linkonce_odr hidden constant <{ i32, i32, i32, [4 x i8], [{{[0-9]+}} x i8] }> <{ i32 4, i32 {{[0-9]+}}, i32 1, [4 x i8] c"oli\00", [{{[0-9]+}} x i8] c"oli-build-v1;options=0x{{[0-9a-f]+}};profile-every=0;plan-hash=0x0000000000000000;plan-sites=0;plan-left-out=0;plan=\00{{.*}}" }>, section ".note.oli.build", comdat, align 4
// PLAIN: @llvm.compiler.used = {{.*}}@[[N]]
// PROF: c"oli-build-v1;options=0x{{[0-9a-f]+}};profile-every=1024;plan-hash=0x0000000000000000;
// PLAN: c"oli-build-v1;options=0x{{[0-9a-f]+}};profile-every=0;plan-hash=0x{{[0-9a-f]*[1-9a-f][0-9a-f]*}};plan-sites=2;plan-left-out=0;plan={{.*}}/Inputs/plan-one.json\00
#include <stdlib.h>
double *f(void) { return malloc(1 << 20); }
