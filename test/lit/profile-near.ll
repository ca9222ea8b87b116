; profile-every=N: an access that uses lines another access of its block
; brings is sampled through __oli_profile_near4 (the planner counts it as a
; cache hit): the block's accesses go leading ones first, and the crossing
; quantum picks the near entry point from the leading ones' quanta on. Near:
; a stencil's neighbours of a sweep (along the row, periodic `& m` either
; way, the row above: one step of the outer loop), a gathered struct's fields
; and the next point within a line. Not near: another array, a field a line
; away, a store after a load of its address (the sweep's write-back).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "near.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; for j < n: for i < n: v[j*n+i] = u[j*n+i] + u[j*n+((i+1)&m)] + u[j*n+((i+m)&m)] + u[(j+1)*n+i]
; leading: u[j*n+i] and the store to v, 2 quanta each; near: the three other loads of u
define void @stencil(ptr %u, ptr %v, i64 %n, i64 %m) {
; CHECK-LABEL: define void @stencil(
; CHECK:         sub i64 {{%.*}}, 10
; CHECK:         icmp uge i64 %oli.idx, 4
; CHECK-NEXT:    select i1 {{%.*}}, ptr @__oli_profile_near4, ptr @__oli_profile_sample4
entry:
  br label %rows
rows:
  %j = phi i64 [ 0, %entry ], [ %j.next, %rows.end ]
  %row = mul i64 %j, %n
  %j1 = add i64 %j, 1
  %row1 = mul i64 %j1, %n
  br label %loop
loop:
  %i = phi i64 [ 0, %rows ], [ %i.next, %loop ]
  %c = add i64 %row, %i
  %pc = getelementptr inbounds double, ptr %u, i64 %c
  %x0 = load double, ptr %pc
  %ie = add i64 %i, 1
  %iew = and i64 %ie, %m
  %e = add i64 %row, %iew
  %pe = getelementptr inbounds double, ptr %u, i64 %e
  %x1 = load double, ptr %pe
  %iw = add i64 %i, %m
  %iww = and i64 %iw, %m
  %w = add i64 %row, %iww
  %pw = getelementptr inbounds double, ptr %u, i64 %w
  %x2 = load double, ptr %pw
  %s = add i64 %row1, %i
  %ps = getelementptr inbounds double, ptr %u, i64 %s
  %x3 = load double, ptr %ps
  %a = fadd double %x0, %x1
  %b = fadd double %x2, %x3
  %r = fadd double %a, %b
  %pv = getelementptr inbounds double, ptr %v, i64 %c
  store double %r, ptr %pv
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %rows.end, label %loop
rows.end:
  %j.next = add i64 %j, 1
  %rdone = icmp eq i64 %j.next, %n
  br i1 %rdone, label %exit, label %rows
exit:
  ret void
}

; a gather of 48-byte points: p = grid + 48 * idx[i]; p->a (0), p->b (8) and
; the next point's a (48) share p's line; p[1].c (64) would stretch that group
; past a line: its own lead, and p[1].d (72) shares its line. Leading: idx[i]
; (1 quantum), 0 and 64 (2 each): 5 of the block's 11.
define double @points(ptr %idx, ptr %grid, i64 %n) {
; CHECK-LABEL: define double @points(
; CHECK:         sub i64 {{%.*}}, 11
; CHECK:         icmp uge i64 %oli.idx, 5
; CHECK-NEXT:    select i1 {{%.*}}, ptr @__oli_profile_near4, ptr @__oli_profile_sample4
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %sum, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi
  %kk = zext i32 %k to i64
  %off = mul i64 %kk, 48
  %p = getelementptr inbounds i8, ptr %grid, i64 %off
  %a = load double, ptr %p
  %pb = getelementptr inbounds i8, ptr %p, i64 8
  %b = load double, ptr %pb
  %pn = getelementptr inbounds i8, ptr %p, i64 48
  %na = load double, ptr %pn
  %pc = getelementptr inbounds i8, ptr %p, i64 64
  %nc = load double, ptr %pc
  %pd = getelementptr inbounds i8, ptr %p, i64 72
  %nd = load double, ptr %pd
  %s1 = fadd double %a, %b
  %s2 = fadd double %na, %nc
  %s3 = fadd double %s1, %s2
  %s4 = fadd double %s3, %nd
  %sum = fadd double %acc, %s4
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %sum
}

; two arrays, and a streamed update: every access leads, the countdown's
; sample goes to __oli_profile_sample4 alone
define void @axpy(ptr %x, ptr %y, i64 %n) {
; CHECK-LABEL: define void @axpy(
; CHECK:         sub i64 {{%.*}}, 6
; CHECK-NOT:     @__oli_profile_near4
; CHECK:         call i64 @__oli_profile_sample4(
; CHECK-NOT:     @__oli_profile_near4
; CHECK:       ret void
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %vx = load double, ptr %px
  %py = getelementptr inbounds double, ptr %y, i64 %i
  %vy = load double, ptr %py
  %r = fadd double %vx, %vy
  store double %r, ptr %py
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; a vector loop unrolled twice: b[i..i+3] and b[i+4..i+7] each step of 8, each
; load half the step - new bytes, not near; nor is b[i+1..i+4] (8 bytes on:
; not within b[i..i+3]'s bytes of a step); b[i+8..i+11] is the next step's
; b[i..i+3]: near. Leading: four of 8 quanta each (the store's too), of 40.
define void @unrolled(ptr %a, ptr %b, i64 %n) {
; CHECK-LABEL: define void @unrolled(
; CHECK:         sub i64 {{%.*}}, 40
; CHECK:         icmp uge i64 %oli.idx, 32
; CHECK-NEXT:    select i1 {{%.*}}, ptr @__oli_profile_near4, ptr @__oli_profile_sample4
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p0 = getelementptr inbounds double, ptr %b, i64 %i
  %v0 = load <4 x double>, ptr %p0
  %p1 = getelementptr inbounds i8, ptr %p0, i64 32
  %v1 = load <4 x double>, ptr %p1
  %p2 = getelementptr inbounds i8, ptr %p0, i64 8
  %v2 = load <4 x double>, ptr %p2
  %p3 = getelementptr inbounds i8, ptr %p0, i64 64
  %v3 = load <4 x double>, ptr %p3
  %s0 = fadd <4 x double> %v0, %v1
  %s1 = fadd <4 x double> %v2, %v3
  %s = fadd <4 x double> %s0, %s1
  %pa = getelementptr inbounds double, ptr %a, i64 %i
  store <4 x double> %s, ptr %pa
  %i.next = add i64 %i, 8
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; flang's forms of the same neighbours: a lower bound subtracted as
; `i + (lb ^ -1)` (i - lb - 1), the next row's index sign-extended with shifts
; (`(j + 1) << 32 >> 32`), `modulo(i - 1, n)` as `srem(i - 1, n) + (c ? n : 0)`,
; and the row loop's variable stepped through GVN's pre-phi. Leading: the
; centre u(i, j) and the store, 2 quanta each; near: the other three loads.
define void @fortran(ptr %u, ptr %v, i64 %n, i64 %lb, i64 %s, i32 %n32, i1 %c) {
; CHECK-LABEL: define void @fortran(
; CHECK:         sub i64 {{%.*}}, 10
; CHECK:         icmp uge i64 %oli.idx, 4
; CHECK-NEXT:    select i1 {{%.*}}, ptr @__oli_profile_near4, ptr @__oli_profile_sample4
entry:
  %lbm1 = xor i64 %lb, -1
  br label %rows
rows:
  %j = phi i64 [ 0, %entry ], [ %j.next.pre, %rows.latch ]
  %row = mul i64 %j, %s
  %j1 = add i64 %j, 1
  %j1s = shl i64 %j1, 32
  %j1x = ashr exact i64 %j1s, 32
  %row1 = mul i64 %j1x, %s
  br label %loop
loop:
  %i = phi i64 [ 0, %rows ], [ %i.next, %loop ]
  %ic = sub i64 %i, %lb
  %c0 = add i64 %row, %ic
  %pc = getelementptr double, ptr %u, i64 %c0
  %x0 = load double, ptr %pc
  %iw = add i64 %i, %lbm1
  %w0 = add i64 %row, %iw
  %pw = getelementptr double, ptr %u, i64 %w0
  %x1 = load double, ptr %pw
  %s0 = add i64 %row1, %ic
  %ps = getelementptr double, ptr %u, i64 %s0
  %x2 = load double, ptr %ps
  %i32 = trunc i64 %i to i32
  %im1 = add i32 %i32, -1
  %rem = srem i32 %im1, %n32
  %adj = select i1 %c, i32 %n32, i32 0
  %per = add i32 %adj, %rem
  %perx = sext i32 %per to i64
  %pp = sub i64 %perx, %lb
  %e0 = add i64 %row, %pp
  %pe = getelementptr double, ptr %u, i64 %e0
  %x3 = load double, ptr %pe
  %a = fadd double %x0, %x1
  %b = fadd double %x2, %x3
  %r = fadd double %a, %b
  %pv = getelementptr double, ptr %v, i64 %c0
  store double %r, ptr %pv
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %rows.end, label %loop
rows.end:
  %j.next = add i64 %j, 1
  br label %rows.latch
rows.latch:
  %j.next.pre = phi i64 [ %j.next, %rows.end ]
  %rdone = icmp eq i64 %j.next.pre, %n
  br i1 %rdone, label %exit, label %rows
exit:
  ret void
}
