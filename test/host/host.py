"""test/host/host.py LIBSOLVER - Python's ctypes as the host: libsolver's
objects (1 KiB to 64 MiB) made, resized and freed by the library and by the
C library Python itself uses. Prints "host.py: ok, N objects"."""
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
libc = ctypes.CDLL(None)
for f, res, args in (("sv_work", ctypes.c_void_p, [ctypes.c_size_t, ctypes.c_uint]),
                     ("sv_resize", ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_uint]),
                     ("sv_release", None, [ctypes.c_void_p]),
                     ("sv_usable", ctypes.c_size_t, [ctypes.c_void_p])):
    getattr(lib, f).restype, getattr(lib, f).argtypes = res, args
libc.free.argtypes, libc.free.restype = [ctypes.c_void_p], None
libc.realloc.argtypes, libc.realloc.restype = [ctypes.c_void_p, ctypes.c_size_t], ctypes.c_void_p


def byte(i, seed):
    return (i * 31 + seed + (i >> 12)) & 0xFF


def check(p, n, seed, what):
    data = ctypes.string_at(p, n)
    for i in list(range(0, n, 4099)) + [n - 1]:
        if data[i] != byte(i, seed):
            sys.exit("host.py: FAIL: %s (%d bytes): byte %d" % (what, n, i))


objects = 0
for k, n in enumerate((1 << 10, 64 << 10, 1 << 20, (3 << 20) + 5, 16 << 20, 64 << 20)):
    p = lib.sv_work(n, k)
    check(p, n, k, "library malloc")
    if lib.sv_usable(p) < n:
        sys.exit("host.py: FAIL: malloc_usable_size (%d bytes)" % n)
    libc.free(p)                       # the library's object, Python's free
    p = lib.sv_work(n, k + 1)
    p = libc.realloc(p, 2 * n)         # grown by Python's realloc
    check(p, n, k + 1, "libc realloc of a library object")
    p = lib.sv_resize(p, 2 * n, n // 2, k + 1)
    check(p, n // 2, k + 1, "library realloc after libc's")
    lib.sv_release(p)
    objects += 2
print("host.py: ok, %d objects" % objects)
