// With the real runtime (liboli) and CLI: the C program compiled with the
// plugin links with -loli, runs with correct results under the default
// policy and under OLI_POLICY=off, and `oli sites` lists its sites from the
// binary alone, with file:line, function and object names (text and JSON).
// REQUIRES: oli-runtime, oli-cli
// RUN: cd %S && env OLI_PASS_OPTIONS=root=%S %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %S/e2e-c.c -o %t.o
// RUN: %clang %t.o -L%oli_libdir -Wl,-rpath,%oli_libdir -loli -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=OUT
// RUN: env OLI_POLICY=off %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %oli_cli sites %t.exe | FileCheck %s
// RUN: %oli_cli sites --json %t.exe | FileCheck %s --check-prefix=JSON

// OUT: y[n-1] = 8190.0
// CHECK-DAG: {{^0x[0-9a-f]+}} wrapper e2e-c.c:25 main x ?
// CHECK-DAG: {{^0x[0-9a-f]+}} calloc e2e-c.c:26 main y ?
// CHECK-DAG: {{^0x[0-9a-f]+}} malloc e2e-c.c:27 main tmp 65536
// CHECK-DAG: {{^0x[0-9a-f]+}} malloc e2e-c.c:17 xmalloc p ?
// CHECK-DAG: {{^0x[0-9a-f]+}} global e2e-c.c - matrix 2097152
// CHECK: 5 sites
// JSON: "schema": "oli-sites"
// JSON-DAG: "kind": "calloc", "file": "e2e-c.c", "line": 26, "rel": 3, "rel_is_line": true, "function": "main", "name": "y", "size_hint": null, "static": {{.*}}}
