#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Hold the format files tracecheck emitted (EMITTED/SYSTEM/EVENT/format)
against a booted kernel's (DUMP/formats/SYSTEM/EVENT/format, by
scripts/boot-oracle), byte for byte, the ID line aside.  Each event of the
dump is:
  - without a TRACE_EVENT() source: a "nosource" line of CAUSES names it
    (the syscalls metadata events, ftrace's own): set aside, not compared;
  - identical;
  - different: its unified diff, and the cause a "differs" line of CAUSES
    gives, or "cause: not known";
  - missing: tracecheck wrote no format file for it.
Prints the diffs and the lists (unless --quiet), writes them to --diffs
FILE, and ends with the summary line:
  N events compared, I identical (P%), D differ (C with a known cause),
  M missing; S without a TRACE_EVENT() source set aside
CAUSES has one entry per line, tab-separated (# comments):
  KIND  LINUX  ARCH  EVENTS  CAUSE
KIND nosource or differs; LINUX (X.Y), ARCH (amd64, arm64) and EVENTS
(SYSTEM/EVENT) shell patterns.

    scripts/lib/compare-boot.py [--quiet] [--diffs FILE] CAUSES LINUX ARCH DUMP EMITTED
Exit status: 0, or 2 on bad input.
"""
import difflib
import fnmatch
import os
import re
import sys

ID = re.compile(rb'^ID: [0-9]+$', re.M)


def read_causes(path, linux, arch):
    causes = []
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            cols = line.split('\t')
            if len(cols) != 5 or cols[0] not in ('nosource', 'differs'):
                sys.stderr.write(f'compare-boot.py: {path}:{n}: not KIND<TAB>LINUX<TAB>'
                                 f'ARCH<TAB>EVENTS<TAB>CAUSE\n')
                sys.exit(2)
            kind, lin, ar, pat, why = cols
            if fnmatch.fnmatchcase(linux, lin) and fnmatch.fnmatchcase(arch, ar):
                causes.append((kind, pat, why))
    return causes


def cause_of(causes, kind, event):
    for k, pat, why in causes:
        if k == kind and fnmatch.fnmatchcase(event, pat):
            return why
    return None


def events(top):
    found = []
    for d, _, files in os.walk(top):
        if 'format' in files:
            found.append(os.path.relpath(d, top))
    return sorted(found)


def lines(data):
    return ID.sub(b'ID: -', data).decode('utf-8', 'surrogateescape').splitlines(keepends=True)


def main():
    args = sys.argv[1:]
    quiet, diffs = False, None
    while args and args[0].startswith('--'):
        if args[0] == '--quiet':
            quiet = True
            args = args[1:]
        elif args[0] == '--diffs' and len(args) > 1:
            diffs = args[1]
            args = args[2:]
        else:
            break
    if len(args) != 5:
        sys.stderr.write(__doc__.split('\n\n    ')[1].split('\n')[0].strip() + '\n')
        sys.exit(2)
    causes_file, linux, arch, dump, emitted = args
    causes = read_causes(causes_file, linux, arch)
    report = []
    nosource = {}
    same = differ = explained = 0
    missing = []
    unexplained = []
    for ev in events(os.path.join(dump, 'formats')):
        why = cause_of(causes, 'nosource', ev)
        if why is not None:
            nosource.setdefault(why, []).append(ev)
            continue
        mine = os.path.join(emitted, ev, 'format')
        if not os.path.isfile(mine):
            missing.append(ev)
            continue
        with open(os.path.join(dump, 'formats', ev, 'format'), 'rb') as f:
            theirs = lines(f.read())
        with open(mine, 'rb') as f:
            ours = lines(f.read())
        if theirs == ours:
            same += 1
            continue
        differ += 1
        report += difflib.unified_diff(theirs, ours, f'kernel/{ev}/format',
                                       f'tracecheck/{ev}/format')
        if report and not report[-1].endswith('\n'):
            report[-1] += '\n\\ No newline at end of file\n'
        why = cause_of(causes, 'differs', ev)
        if why is None:
            unexplained.append(ev)
            report.append(f'cause: not known\n')
        else:
            explained += 1
            report.append(f'cause: {why}\n')
    for ev in missing:
        report.append(f'MISSING {ev}\n')
    for why, evs in sorted(nosource.items()):
        systems = sorted({e.split('/')[0] for e in evs})
        report.append(f'NOSOURCE {len(evs)} events of {", ".join(systems)}: {why}\n')
    for ev in unexplained:
        report.append(f'UNEXPLAINED {ev}\n')
    if diffs:
        with open(diffs, 'w', encoding='utf-8', errors='surrogateescape') as f:
            f.writelines(report)
    if not quiet:
        sys.stdout.writelines(report)
    total = same + differ + len(missing)
    pct = 100.0 * same / total if total else 0.0
    nos = sum(len(v) for v in nosource.values())
    print(f'{total} events compared, {same} identical ({pct:.2f}%), {differ} differ '
          f'({explained} with a known cause), {len(missing)} missing; '
          f'{nos} without a TRACE_EVENT() source set aside')


if __name__ == '__main__':
    main()
