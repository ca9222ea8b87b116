// Pass option plan=FILE embeds the oli-plan's decisions (id, decision, ratio,
// source location, the DRAM limit; not the reasons), written compactly by
// the documents' writer (common/doc.c), as one linkonce_odr constant, and the
// module constructor hands it to __oli_plan_embedded after __oli_init and
// before any global is registered (their decisions read the plan).
// RUN: env OLI_PASS_OPTIONS='plan=%S/Inputs/plan-one.json' %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NOPLAN
// CHECK: @[[TEXT:__oli_plan_text_[0-9a-f]+]] = linkonce_odr hidden constant [{{[0-9]+}} x i8] c"{\22schema\22:\22oli-plan\22,\22version\22:1,\22program\22:\22k\22,\22dram_limit\22:0,\22sites\22:[{\22id\22:\220x0000000000000001\22,\22kind\22:\22malloc\22,\22file\22:\22k.c\22,\22line\22:12,\22rel\22:2,\22function\22:\22main\22,\22decision\22:\22interleave\22,\22ratio\22:\223:1\22},{\22id\22:\220x0000000000000002\22,\22decision\22:\22cxl\22,\22ratio\22:null}]}\00", comdat
// CHECK-LABEL: define internal void @oli.module_ctor()
// CHECK-NEXT: {{.*}}call void @__oli_register_summaries(
// CHECK-NEXT: {{.*}}call void @__oli_init(
// CHECK-NEXT: {{.*}}call void @__oli_version_mismatch_check_v1()
// CHECK-NEXT: {{.*}}call void @__oli_plan_embedded(ptr {{.*}}@[[TEXT]], i64 {{[0-9]+}})
// CHECK-NEXT: {{.*}}call void @__oli_register_global(
// NOPLAN-NOT: __oli_plan_embedded
#include <stdlib.h>
double grid[1 << 16];
double *f(void) { return malloc(1 << 20); }
