#!/usr/bin/env python3
"""site-id.py: an independent implementation of the site-ID recipe of
docs/site-ids.md, for lit tests. FNV-1a 64 over "oli-site-v1" and each given
field, every field followed by a zero byte. Prints the ID as the signed
decimal LLVM IR prints it (after --prefix, if given), and as hex with --hex.

  site-id.py [--prefix TEXT] [--hex] FIELD...
"""
import sys

def site_id(fields):
    h = 0xcbf29ce484222325
    for f in ["oli-site-v1"] + fields:
        for b in f.encode() + b"\0":
            h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h

args = sys.argv[1:]
prefix, as_hex = "", False
while args and args[0].startswith("--"):
    if args[0] == "--prefix":
        prefix, args = args[1], args[2:]
    elif args[0] == "--hex":
        as_hex, args = True, args[1:]
    else:
        sys.exit("site-id.py: unknown option " + args[0])
h = site_id(args)
if as_hex:
    print(prefix + "%016x" % h)
else:
    print(prefix + str(h - (1 << 64) if h >= 1 << 63 else h))
