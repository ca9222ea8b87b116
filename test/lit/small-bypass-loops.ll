; Fast path only where it can pay: a heap call outside any loop of a function
; bigger than 64 instructions gets none (it runs once per call of the function),
; the same call inside a loop of such a function does, and so does a call in a
; small function (an allocation helper, test/lit/small-bypass.ll).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass' -S < %s | FileCheck %s
source_filename = "loops.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i64 @big_once(i64 %n) {
; CHECK-LABEL: define i64 @big_once(
; CHECK-NOT:     load atomic i16
; CHECK:         call ptr @__oli_malloc(i64 %n, ptr @__oli_site)
; CHECK-NOT:     load atomic i16
; CHECK:         ret i64
  %a0 = add i64 %n, 1
  %a1 = mul i64 %a0, 3
  %a2 = mul i64 %a1, 4
  %a3 = mul i64 %a2, 5
  %a4 = mul i64 %a3, 6
  %a5 = mul i64 %a4, 7
  %a6 = mul i64 %a5, 8
  %a7 = mul i64 %a6, 9
  %a8 = mul i64 %a7, 10
  %a9 = mul i64 %a8, 11
  %a10 = mul i64 %a9, 12
  %a11 = mul i64 %a10, 13
  %a12 = mul i64 %a11, 14
  %a13 = mul i64 %a12, 15
  %a14 = mul i64 %a13, 16
  %a15 = mul i64 %a14, 17
  %a16 = mul i64 %a15, 18
  %a17 = mul i64 %a16, 19
  %a18 = mul i64 %a17, 20
  %a19 = mul i64 %a18, 21
  %a20 = mul i64 %a19, 22
  %a21 = mul i64 %a20, 23
  %a22 = mul i64 %a21, 24
  %a23 = mul i64 %a22, 25
  %a24 = mul i64 %a23, 26
  %a25 = mul i64 %a24, 27
  %a26 = mul i64 %a25, 28
  %a27 = mul i64 %a26, 29
  %a28 = mul i64 %a27, 30
  %a29 = mul i64 %a28, 31
  %a30 = mul i64 %a29, 32
  %a31 = mul i64 %a30, 33
  %a32 = mul i64 %a31, 34
  %a33 = mul i64 %a32, 35
  %a34 = mul i64 %a33, 36
  %a35 = mul i64 %a34, 37
  %a36 = mul i64 %a35, 38
  %a37 = mul i64 %a36, 39
  %a38 = mul i64 %a37, 40
  %a39 = mul i64 %a38, 41
  %a40 = mul i64 %a39, 42
  %a41 = mul i64 %a40, 43
  %a42 = mul i64 %a41, 44
  %a43 = mul i64 %a42, 45
  %a44 = mul i64 %a43, 46
  %a45 = mul i64 %a44, 47
  %a46 = mul i64 %a45, 48
  %a47 = mul i64 %a46, 49
  %a48 = mul i64 %a47, 50
  %a49 = mul i64 %a48, 51
  %a50 = mul i64 %a49, 52
  %a51 = mul i64 %a50, 53
  %a52 = mul i64 %a51, 54
  %a53 = mul i64 %a52, 55
  %a54 = mul i64 %a53, 56
  %a55 = mul i64 %a54, 57
  %a56 = mul i64 %a55, 58
  %a57 = mul i64 %a56, 59
  %a58 = mul i64 %a57, 60
  %a59 = mul i64 %a58, 61
  %a60 = mul i64 %a59, 62
  %a61 = mul i64 %a60, 63
  %a62 = mul i64 %a61, 64
  %a63 = mul i64 %a62, 65
  %a64 = mul i64 %a63, 66
  %a65 = mul i64 %a64, 67
  %a66 = mul i64 %a65, 68
  %a67 = mul i64 %a66, 69
  %a68 = mul i64 %a67, 70
  %a69 = mul i64 %a68, 71
  %p = call ptr @malloc(i64 %n)
  store i64 %a69, ptr %p
  ret i64 %a69
}

define i64 @big_loop(i64 %n) {
; CHECK-LABEL: define i64 @big_loop(
; CHECK:       loop:
; CHECK:         load atomic i16
; CHECK:       oli.small.call:
; CHECK-NEXT:    call ptr @__libc_malloc(i64 %n)
; CHECK:       oli.site.call:
; CHECK-NEXT:    call ptr @__oli_malloc(i64 %n, ptr @__oli_site.1)
entry:
  %b0 = add i64 %n, 1
  %b1 = mul i64 %b0, 3
  %b2 = mul i64 %b1, 4
  %b3 = mul i64 %b2, 5
  %b4 = mul i64 %b3, 6
  %b5 = mul i64 %b4, 7
  %b6 = mul i64 %b5, 8
  %b7 = mul i64 %b6, 9
  %b8 = mul i64 %b7, 10
  %b9 = mul i64 %b8, 11
  %b10 = mul i64 %b9, 12
  %b11 = mul i64 %b10, 13
  %b12 = mul i64 %b11, 14
  %b13 = mul i64 %b12, 15
  %b14 = mul i64 %b13, 16
  %b15 = mul i64 %b14, 17
  %b16 = mul i64 %b15, 18
  %b17 = mul i64 %b16, 19
  %b18 = mul i64 %b17, 20
  %b19 = mul i64 %b18, 21
  %b20 = mul i64 %b19, 22
  %b21 = mul i64 %b20, 23
  %b22 = mul i64 %b21, 24
  %b23 = mul i64 %b22, 25
  %b24 = mul i64 %b23, 26
  %b25 = mul i64 %b24, 27
  %b26 = mul i64 %b25, 28
  %b27 = mul i64 %b26, 29
  %b28 = mul i64 %b27, 30
  %b29 = mul i64 %b28, 31
  %b30 = mul i64 %b29, 32
  %b31 = mul i64 %b30, 33
  %b32 = mul i64 %b31, 34
  %b33 = mul i64 %b32, 35
  %b34 = mul i64 %b33, 36
  %b35 = mul i64 %b34, 37
  %b36 = mul i64 %b35, 38
  %b37 = mul i64 %b36, 39
  %b38 = mul i64 %b37, 40
  %b39 = mul i64 %b38, 41
  %b40 = mul i64 %b39, 42
  %b41 = mul i64 %b40, 43
  %b42 = mul i64 %b41, 44
  %b43 = mul i64 %b42, 45
  %b44 = mul i64 %b43, 46
  %b45 = mul i64 %b44, 47
  %b46 = mul i64 %b45, 48
  %b47 = mul i64 %b46, 49
  %b48 = mul i64 %b47, 50
  %b49 = mul i64 %b48, 51
  %b50 = mul i64 %b49, 52
  %b51 = mul i64 %b50, 53
  %b52 = mul i64 %b51, 54
  %b53 = mul i64 %b52, 55
  %b54 = mul i64 %b53, 56
  %b55 = mul i64 %b54, 57
  %b56 = mul i64 %b55, 58
  %b57 = mul i64 %b56, 59
  %b58 = mul i64 %b57, 60
  %b59 = mul i64 %b58, 61
  %b60 = mul i64 %b59, 62
  %b61 = mul i64 %b60, 63
  %b62 = mul i64 %b61, 64
  %b63 = mul i64 %b62, 65
  %b64 = mul i64 %b63, 66
  %b65 = mul i64 %b64, 67
  %b66 = mul i64 %b65, 68
  %b67 = mul i64 %b66, 69
  %b68 = mul i64 %b67, 70
  %b69 = mul i64 %b68, 71
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %p = call ptr @malloc(i64 %n)
  store i64 %i, ptr %p
  call void @free(ptr %p)
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %b69
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %b69
}

declare ptr @malloc(i64)
declare void @free(ptr)
