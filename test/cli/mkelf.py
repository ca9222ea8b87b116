#!/usr/bin/env python3
"""test/cli/mkelf.py VARIANT OUT - write a minimal ELF64 file whose oli_sites
section holds one hand-made record (ABI v1), to test `oli sites` on layouts a
compiler rarely makes. VARIANT: plain, extended (section count and name-table
index in section header 0, as for > 0xff00 sections), nobits (oli_sites has no
file bytes), past-eof (oli_sites runs past the end of the file), badstrndx,
controls (the record's strings hold terminal controls, a newline, a C1 CSI and
a byte that is not UTF-8)."""
import struct
import sys

variant, out = sys.argv[1], sys.argv[2]

def record(site_id, line, file, func, name):
    strings = file + b"\0" + func + b"\0" + name + b"\0"
    strings += b"\0" * (-len(strings) % 8)
    size = 48 + len(strings)
    hdr = struct.pack("<IHBBQQIIHHHHQ", 0x314C4F53, size, 1, 0x02, site_id, 0, line, 3,
                      len(file), len(func), len(name), 0, 0)
    return hdr + strings

sites = record(0x0123456789ABCDEF, 42, b"m.c", b"main", b"buf")
if variant == "controls":
    sites = record(0x0123456789ABCDEF, 42, b"m\x1b]0;pwned\x07.c", b"ma\x1b[2Jin\nFORGED-ROW",
                   b"b\xc2\x9b1mu\xff\x7ff")
shstr = b"\0oli_sites\0.shstrtab\0"
off_sites = 64
off_shstr = off_sites + len(sites)
off_sh = (off_shstr + len(shstr) + 7) // 8 * 8
SHT_PROGBITS, SHT_STRTAB, SHT_NOBITS = 1, 3, 8

def shdr(name, typ, off, size, link=0):
    return struct.pack("<IIQQQQIIQQ", name, typ, 0, 0, off, size, link, 0, 8, 0)

nsec, strndx = 3, 2
sh0_size, sh0_link = 0, 0
e_shnum, e_shstrndx = nsec, strndx
if variant == "extended":
    e_shnum, e_shstrndx = 0, 0xFFFF
    sh0_size, sh0_link = nsec, strndx
if variant == "badstrndx":
    e_shstrndx = 7
sites_type = SHT_NOBITS if variant == "nobits" else SHT_PROGBITS
sites_size = len(sites) + (4096 if variant == "past-eof" else 0)
shdrs = (shdr(0, 0, 0, sh0_size, sh0_link) + shdr(1, sites_type, off_sites, sites_size) +
         shdr(11, SHT_STRTAB, off_shstr, len(shstr)))
ident = b"\x7fELF" + bytes([2, 1, 1, 0]) + b"\0" * 8
ehdr = ident + struct.pack("<HHIQQQIHHHHHH", 1, 62, 1, 0, 0, off_sh, 0, 64, 0, 0, 64, e_shnum, e_shstrndx)
body = ehdr + sites + shstr
body += b"\0" * (off_sh - len(body))
with open(out, "wb") as f:
    f.write(body + shdrs)
