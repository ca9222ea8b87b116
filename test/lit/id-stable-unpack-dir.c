// Outside a git checkout and without root=, the same tree unpacked at two
// absolute paths gives the same IDs and the same record paths: a file inside
// the compile directory is named relative to it (cg.c, c_util.c), one outside
// it relative to the compile directory without the leading ../ (src/x.c),
// with -gline-tables-only and without.
// RUN: sh %inputs/unpack-twice.sh %clang %oli_pass %inputs/stable.c -O0 -gline-tables-only > %t.dbg
// RUN: FileCheck %s --check-prefix=DBG < %t.dbg
// RUN: sh %inputs/unpack-twice.sh %clang %oli_pass %inputs/stable.c -O2 > %t.nodbg
// RUN: FileCheck %s --check-prefix=NODBG < %t.nodbg

// DBG: A {{.*}} i64 [[CG:-?[0-9]+]], {{.*}}c"cg.c\00alloc_field\00field\00
// DBG-NEXT: A {{.*}} i64 [[UTIL:-?[0-9]+]], {{.*}}c"c_util.c\00alloc_field\00field\00
// DBG-NEXT: A {{.*}} i64 [[X:-?[0-9]+]], {{.*}}c"src/x.c\00alloc_field\00field\00
// DBG-NEXT: A {{.*}} i64 [[X]], {{.*}}c"src/x.c\00alloc_field\00field\00
// DBG-NEXT: B {{.*}} i64 [[CG]], {{.*}}c"cg.c\00alloc_field\00field\00
// DBG-NEXT: B {{.*}} i64 [[UTIL]], {{.*}}c"c_util.c\00alloc_field\00field\00
// DBG-NEXT: B {{.*}} i64 [[X]], {{.*}}c"src/x.c\00alloc_field\00field\00
// DBG-NEXT: B {{.*}} i64 [[X]], {{.*}}c"src/x.c\00alloc_field\00field\00

// NODBG: A {{.*}} i64 [[CG:-?[0-9]+]], {{.*}}c"cg.c\00alloc_field\00field\00
// NODBG-NEXT: A {{.*}} i64 [[UTIL:-?[0-9]+]], {{.*}}c"c_util.c\00alloc_field\00field\00
// NODBG-NEXT: A {{.*}} i64 [[X:-?[0-9]+]], {{.*}}c"src/x.c\00alloc_field\00field\00
// NODBG-NEXT: A {{.*}} i64 [[X]], {{.*}}c"src/x.c\00alloc_field\00field\00
// NODBG-NEXT: B {{.*}} i64 [[CG]], {{.*}}c"cg.c\00alloc_field\00field\00
// NODBG-NEXT: B {{.*}} i64 [[UTIL]], {{.*}}c"c_util.c\00alloc_field\00field\00
// NODBG-NEXT: B {{.*}} i64 [[X]], {{.*}}c"src/x.c\00alloc_field\00field\00
// NODBG-NEXT: B {{.*}} i64 [[X]], {{.*}}c"src/x.c\00alloc_field\00field\00
