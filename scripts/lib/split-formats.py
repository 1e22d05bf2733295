#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Split what busybox `head -n 1000000 */*/format` printed in the guest of
scripts/boot-oracle ("==> SYSTEM/EVENT/format <==" before each file, a
blank line before every header but the first) into OUTDIR/SYSTEM/EVENT/format,
byte for byte.  DIRS lists the event directories ("SYSTEM/EVENT") the guest
saw: every one must have its file and no other file may appear, else the
exit status is 1.  Prints the number of files written.

    scripts/lib/split-formats.py CONCAT DIRS OUTDIR
"""
import os
import re
import sys
from collections import Counter


def main():
    if len(sys.argv) != 5:
        sys.exit('usage: scripts/lib/split-formats.py CONCAT DIRS OUTDIR DUPLICATES')
    concat, dirs, outdir, dupfile = sys.argv[1:]
    with open(concat, 'rb') as f:
        data = f.read()
    with open(dirs, encoding='utf-8') as f:
        want = Counter(line.rstrip('\n') + '/format' for line in f if line.strip())
    # the blank line is head's; the newline before it ends the file before
    parts = re.split(rb'(?:^|(?<=\n)\n)==> ([^\n]*/format) <==\n', data)
    if parts[0]:
        sys.exit(f'split-formats.py: {concat}: no header before the first file')
    got = Counter()
    files = {}
    for i in range(1, len(parts), 2):
        rel = parts[i].decode('utf-8', 'surrogateescape')
        if '..' in rel.split('/') or rel.startswith('/'):
            sys.exit(f'split-formats.py: {concat}: "{rel}" is not a format file')
        got[rel] += 1
        if rel in files:
            # an event registered twice: tracefs lists it twice, and its
            # path reads the same file both times
            if files[rel] != parts[i + 1]:
                sys.exit(f'split-formats.py: {concat}: "{rel}" twice, with different texts')
            continue
        files[rel] = parts[i + 1]
        path = os.path.join(outdir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'wb') as f:
            f.write(parts[i + 1])
    if got != want:
        missing, extra = sorted(want - got), sorted(got - want)
        sys.exit(f'split-formats.py: {concat}: {len(missing)} event directories without a '
                 f'format file ({" ".join(missing[:5])}), {len(extra)} files of no '
                 f'directory ({" ".join(extra[:5])})')
    with open(dupfile, 'w', encoding='utf-8', errors='surrogateescape') as f:
        for rel, n in sorted(got.items()):
            if n > 1:
                f.write(f'{rel[:-len("/format")]}\t{n}\n')
    print(len(files), sum(got.values()) - len(files))


if __name__ == '__main__':
    main()
