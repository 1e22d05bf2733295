/* SPDX-License-Identifier: MIT */
/*
 * tracecheck --install-hook: write the git pre-commit hook
 * (scripts/tracecheck-pre-commit, installed beside the program) into the
 * hooks directory of the current git repository (core.hooksPath
 * respected), with this program's path in it.  An existing hook that
 * tracecheck did not install is left alone.
 */
#ifndef TC_HOOK_H
#define TC_HOOK_H

/* The exit status: 0 installed, 2 (after a one-line error) not. */
int tc_install_hook(const char *src_datadir);

#endif
