#!/usr/bin/env python3
"""Write the sysfs trees the topology tests read (test/runtime/data/<name>/sys/...).

    python3 mktrees.py            # (re)write every synthetic tree below
    python3 mktrees.py --record devbox-1node   # copy this machine's NUMA files
    python3 mktrees.py --from-lab-log LOG NAME  # a tree from a NUMA-lab guest's dump

The lab trees (qemu-lab-6.12, qemu-lab-6.1) were recorded from real Debian kernels
in the NUMA lab's QEMU machine (docs/numa-lab.md): build an initramfs with
lab-dump.sh as the suite and boot it,
    test/numa-lab/mkinitramfs.sh dump.cpio.gz test/runtime/data/lab-dump.sh
    test/numa-lab/run.sh BUILD/test/numa-lab/cache/kernel-6.12 dump.cpio.gz log-6.12
then convert the serial log with --from-lab-log.

Each tree holds only the files runtime/base/topology.c reads. The trees are
committed; rerun this after changing one. Values are typical of the machines
they stand for (meminfo in kB, HMAT bandwidth in MB/s, latency in ns).
"""
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
NODE = "sys/devices/system/node"
TIER = "sys/devices/virtual/memory_tiering"
WI = "sys/kernel/mm/mempolicy/weighted_interleave"


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def meminfo(node, total_kb, free_kb):
    return (f"Node {node} MemTotal:       {total_kb} kB\n"
            f"Node {node} MemFree:        {free_kb} kB\n"
            f"Node {node} MemUsed:        {total_kb - free_kb} kB\n")


def tree(name, nodes, online=None, has_memory=None, tiers=None, wi=None):
    """nodes: {id: dict(cpus='0-7', mem=(total_kb, free_kb), dist='10 20', bw=.., lat=..)}"""
    root = os.path.join(HERE, name)
    shutil.rmtree(root, ignore_errors=True)
    ids = sorted(nodes)
    write(root, f"{NODE}/online", (online if online is not None else ",".join(map(str, ids))) + "\n")
    if has_memory is not None:
        write(root, f"{NODE}/has_memory", has_memory + "\n")
    for i, n in nodes.items():
        d = f"{NODE}/node{i}"
        if "cpus" in n:
            write(root, f"{d}/cpulist", n["cpus"] + "\n")
        if "mem" in n:
            write(root, f"{d}/meminfo", meminfo(i, *n["mem"]) if isinstance(n["mem"], tuple) else n["mem"])
        if "dist" in n:
            write(root, f"{d}/distance", n["dist"] + "\n")
        if "bw" in n:
            write(root, f"{d}/access0/initiators/read_bandwidth", f"{n['bw']}\n")
            write(root, f"{d}/access0/initiators/read_latency", f"{n['lat']}\n")
    for t, nl in (tiers or {}).items():
        write(root, f"{TIER}/memory_tier{t}/nodelist", nl + "\n")
    for i, w in (wi or {}).items():
        write(root, f"{WI}/node{i}", f"{w}\n")
    if wi == {}:
        os.makedirs(os.path.join(root, WI), exist_ok=True)
        write(root, f"{WI}/.keep", "")


def synthetic():
    GiB = 1024 * 1024  # kB
    # A 1-node laptop: 8 CPUs, 16 GiB, no HMAT, no tiers, kernel 6.1 (no weighted interleave).
    tree("laptop", {0: dict(cpus="0-7", mem=(16 * GiB, 9 * GiB), dist="10")}, has_memory="0")
    # A 2-socket server with one CXL expander on socket 0 (kernel 6.1, no HMAT).
    tree("server-cxl", {
        0: dict(cpus="0-15,32-47", mem=(128 * GiB, 100 * GiB), dist="10 20 30"),
        1: dict(cpus="16-31,48-63", mem=(128 * GiB, 110 * GiB), dist="20 10 40"),
        2: dict(cpus="", mem=(256 * GiB, 255 * GiB), dist="30 40 10"),
    }, has_memory="0-2")
    # Two sockets, one CXL node near each, HMAT, two memory tiers, kernel 6.9+
    # weighted interleave with the kernel's default weights (1).
    tree("hmat", {
        0: dict(cpus="0-7", mem=(64 * GiB, 60 * GiB), dist="10 21 14 24", bw=20000, lat=80),
        1: dict(cpus="8-15", mem=(64 * GiB, 61 * GiB), dist="21 10 24 14", bw=20000, lat=80),
        2: dict(cpus="", mem=(128 * GiB, 128 * GiB), dist="14 24 10 26", bw=5000, lat=250),
        3: dict(cpus="", mem=(128 * GiB, 128 * GiB), dist="24 14 26 10", bw=6400, lat=270),
    }, has_memory="0-3", tiers={4: "0-1", 22: "2-3"}, wi={0: 1, 1: 1, 2: 1, 3: 1})
    # No HMAT, but the administrator set kernel weights 5:2.
    tree("kernel-wi", {
        0: dict(cpus="0-3", mem=(32 * GiB, 30 * GiB), dist="10 20"),
        1: dict(cpus="", mem=(64 * GiB, 64 * GiB), dist="20 10"),
    }, has_memory="0-1", wi={0: 5, 1: 2})
    # QEMU-like: a CPU-less node in the same (default DRAM) tier, no HMAT.
    tree("qemu-same-tier", {
        0: dict(cpus="0-1", mem=(2 * GiB, 1 * GiB), dist="10 20 20"),
        1: dict(cpus="2-3", mem=(2 * GiB, 1 * GiB), dist="20 10 20"),
        2: dict(cpus="", mem=(4 * GiB, 4 * GiB), dist="20 20 10"),
    }, has_memory="0-2", tiers={4: "0-2"}, wi={})
    # Node 0 has CPUs and no memory; node 1 is its DRAM; node 2 CXL; node 3 is
    # offline (absent from online, a hole in the numbering).
    tree("memoryless", {
        0: dict(cpus="0-3", mem=(0, 0), dist="10 20 30"),
        1: dict(cpus="4-7", mem=(8 * GiB, 7 * GiB), dist="20 10 25"),
        4: dict(cpus="", mem=(16 * GiB, 16 * GiB), dist="30 25 10"),
    }, online="0-1,4", has_memory="1,4")
    # Two "sockets" of one CPU each (CPU 0, CPU 1), a CXL node near each: lets a
    # 2-CPU test machine check the real affinity path (pinning, mpiexec -bind-to core).
    tree("two-cpus", {
        0: dict(cpus="0", mem=(4 * GiB, 3 * GiB), dist="10 20 14 24"),
        1: dict(cpus="1", mem=(4 * GiB, 3 * GiB), dist="20 10 24 14"),
        2: dict(cpus="", mem=(8 * GiB, 8 * GiB), dist="14 24 10 26"),
        3: dict(cpus="", mem=(8 * GiB, 8 * GiB), dist="24 14 26 10"),
    }, has_memory="0-3")
    # Broken trees: garbage in every file, missing files, bad online list, nothing.
    tree("broken-garbage", {
        0: dict(cpus="zero to seven", mem="Node 0 MemTotal: lots kB\n", dist="10 x",
                bw="fast", lat="-1"),
        1: dict(cpus="", mem=(8 * GiB, 8 * GiB), dist="20 10 10 10"),
    }, has_memory="0-1", tiers={"x": "0", 4: "zero"}, wi={0: 999, 1: "abc"})
    tree("broken-missing", {0: dict(cpus="0-3")}, online="0-1")
    tree("broken-online", {
        0: dict(cpus="0-3", mem=(8 * GiB, 8 * GiB), dist="10 20"),
        1: dict(cpus="", mem=(8 * GiB, 8 * GiB), dist="20 10"),
    }, online="0-1 and more")
    root = os.path.join(HERE, "empty")
    shutil.rmtree(root, ignore_errors=True)
    write(root, "sys/.keep", "")


def record(name):
    """Copy this machine's files (the ones topology.c reads) into <name>/."""
    root = os.path.join(HERE, name)
    shutil.rmtree(root, ignore_errors=True)
    rels = [f"{NODE}/online", f"{NODE}/has_memory"]
    for d in sorted(os.listdir("/" + NODE)):
        if d.startswith("node") and d[4:].isdigit():
            for f in ("cpulist", "meminfo", "distance", "access0/initiators/read_bandwidth",
                      "access0/initiators/read_latency"):
                rels.append(f"{NODE}/{d}/{f}")
    if os.path.isdir("/" + TIER):
        for d in os.listdir("/" + TIER):
            if d.startswith("memory_tier"):
                rels.append(f"{TIER}/{d}/nodelist")
    if os.path.isdir("/" + WI):
        for d in os.listdir("/" + WI):
            rels.append(f"{WI}/{d}")
        os.makedirs(os.path.join(root, WI), exist_ok=True)
        write(root, f"{WI}/.keep", "")
    for rel in rels:
        try:
            with open("/" + rel) as f:
                write(root, rel, f.read())
        except OSError:
            pass


def from_lab_log(log, name):
    """Rebuild a tree from the "OLI-SYSFS path" / contents lines of lab-dump.sh."""
    root = os.path.join(HERE, name)
    shutil.rmtree(root, ignore_errors=True)
    cur, body = None, []

    def flush():
        if cur is not None:
            write(root, cur.lstrip("/"), "".join(line + "\n" for line in body))

    with open(log, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\r\n")
            if line.startswith("OLI-SYSFS-DIR "):
                flush()
                cur, body = None, []
                os.makedirs(os.path.join(root, line.split(" ", 1)[1].lstrip("/")), exist_ok=True)
            elif line.startswith("OLI-SYSFS-DONE"):
                flush()
                cur = None
                break
            elif line.startswith("OLI-SYSFS "):
                flush()
                cur, body = line.split(" ", 1)[1], []
            elif cur is not None:
                body.append(line)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--record":
        record(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "--from-lab-log":
        from_lab_log(sys.argv[2], sys.argv[3])
    else:
        synthetic()
