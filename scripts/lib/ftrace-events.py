#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The kernel modules below MODDIR that define trace events, with their
number of events: the size of their _ftrace_events ELF section (an array
of pointers to struct trace_event_call) divided by the pointer size.
One line per such module, sorted by name: "NAME<TAB>EVENTS<TAB>PATH"
(NAME as modprobe knows it: the file name without .ko*, '-' as '_').
Modules may be .ko, .ko.xz, .ko.zst or .ko.gz.  A file that is no ELF
object, or cannot be decompressed, is an error (exit status 1).

    scripts/lib/ftrace-events.py MODDIR
"""
import gzip
import lzma
import os
import struct
import subprocess
import sys
from multiprocessing import Pool


def read_module(path):
    if path.endswith('.xz'):
        with lzma.open(path) as f:
            return f.read()
    if path.endswith('.gz'):
        with gzip.open(path) as f:
            return f.read()
    if path.endswith('.zst'):
        return subprocess.run(['zstd', '-dcq', path], capture_output=True,
                              check=True).stdout
    with open(path, 'rb') as f:
        return f.read()


def ftrace_events(data):
    """Events of an ELF object: the _ftrace_events section's size / pointer size."""
    if data[:4] != b'\x7fELF' or data[4] not in (1, 2) or data[5] not in (1, 2):
        raise ValueError('not an ELF object')
    elf64 = data[4] == 2
    end = '<' if data[5] == 1 else '>'
    if elf64:
        shoff, = struct.unpack_from(end + 'Q', data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(end + 'HHH', data, 0x3A)
        shdr, ptr = end + 'IIQQQQIIQQ', 8
    else:
        shoff, = struct.unpack_from(end + 'I', data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(end + 'HHH', data, 0x2E)
        shdr, ptr = end + 'IIIIIIIIII', 4

    def section(i):
        return struct.unpack_from(shdr, data, shoff + i * shentsize)

    strtab = section(shstrndx)[4]
    for i in range(shnum):
        sh = section(i)
        start = strtab + sh[0]
        if data[start:data.index(b'\0', start)] == b'_ftrace_events':
            return sh[5] // ptr
    return 0


def scan(path):
    try:
        return path, ftrace_events(read_module(path)), None
    except (OSError, ValueError, struct.error, lzma.LZMAError,
            subprocess.CalledProcessError) as e:
        return path, 0, str(e) or type(e).__name__


def module_name(path):
    base = os.path.basename(path)
    return base[:base.index('.ko')].replace('-', '_')


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit('usage: scripts/lib/ftrace-events.py MODDIR')
    paths = []
    for d, _, files in os.walk(sys.argv[1]):
        paths += [os.path.join(d, f) for f in files
                  if f.endswith(('.ko', '.ko.xz', '.ko.zst', '.ko.gz'))]
    found, bad = [], 0
    with Pool(os.cpu_count() or 2) as pool:
        for path, n, err in pool.imap_unordered(scan, sorted(paths), chunksize=32):
            if err:
                print(f'ftrace-events.py: {path}: {err}', file=sys.stderr)
                bad += 1
            elif n:
                found.append((module_name(path), n, path))
    for name, n, path in sorted(found):
        print(f'{name}\t{n}\t{path}')
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
