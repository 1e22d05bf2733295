/* SPDX-License-Identifier: MIT */
/*
 * The front end: parse a trace header the way the kernel instantiates
 * it (a translation unit that defines CREATE_TRACE_POINTS and includes
 * it, re-read through tracecheck's stage headers) and build the model.
 */
#ifndef TC_FRONTEND_H
#define TC_FRONTEND_H

#include "model.h"

struct tc_fe_options {
	const char *datadir;	 /* tracecheck's include directory */
	const char *kernel_tree; /* --kernel-tree, or NULL to look for one */
	int no_kernel_tree;	 /* never use a kernel tree */
	int no_instantiator;	 /* do not look for the .c that instantiates the header */
	int full_context;	 /* always parse with the instantiator's includes first */
	const char *target;	 /* --target triple, NULL for x86_64-linux-gnu */
	const char *kconfig;	 /* --kconfig: a kernel .config for the tree's CONFIG_ symbols */
	const char *kernel_build; /* --kernel-build: an O= build directory */
	const char **cflags;	 /* extra -I/-D/-U/-include, passed on */
	size_t nr_cflags;
	int verbose;
	/*
	 * kbuild's CHECK mode: the build's own flags are in cflags (no tree
	 * heuristics), and this .c is the instantiator.
	 */
	const char *kbuild_c;
	/* --save-tu=DIR: write the unit (tu.c) and its libclang arguments (args) there */
	const char *save_tu;
	/* --kernel-version: the kernel (kfacts.h's TC_KV()), 0: the tree's */
	int kernel_version;
	/* no passes in other configurations (tc_header's cfg_passes): the one configured only */
	int no_cfg_passes;
	/*
	 * Few headers, checked as they are edited (--patch, a file or
	 * two named): a header read again gets a precompiled prelude of its
	 * own includes (pch.c).
	 */
	int few;
};

struct tc_frontend;

struct tc_frontend *tc_frontend_new(const struct tc_fe_options *o);
void tc_frontend_free(struct tc_frontend *fe);

/*
 * Parse one header.  Returns NULL after printing a one-line error that
 * names the file and the reason.
 */
struct tc_header *tc_frontend_parse(struct tc_frontend *fe, const char *path);
/*
 * How many other builds compile the .c that instantiates h, parsed in a
 * kernel tree (rebuild.h: a Makefile elsewhere that builds it again, with
 * its own flags, e.g. xe and i915's display trace header).
 */
size_t tc_frontend_rebuilds(struct tc_frontend *fe, const struct tc_header *h);
/*
 * Parse path as the k-th of those builds compiles it (k from 1):
 * h->built_by names its Makefile's directory.  NULL after a one-line
 * error.
 */
struct tc_header *tc_frontend_parse_rebuild(struct tc_frontend *fe, const char *path, size_t k);
/*
 * Prepare, in this process, what checking path will need from its kernel
 * tree (generated headers, the CREATE_TRACE_POINTS listing), so that
 * worker processes share it.
 */
void tc_frontend_warm(struct tc_frontend *fe, const char *path);
/*
 * What the parse of path depends on besides the files it reads (malloced):
 * the data directory, the kernel tree, its flags and version, and the
 * content of the generated headers made for it.  A key of the persistent
 * cache's results (cache.h).  NULL if the tree cannot be used.
 */
char *tc_frontend_context_key(struct tc_frontend *fe, const char *path);
/*
 * Is the context of path made already (its kernel tree prepared in this
 * process, or none)?  Then tc_frontend_context_key() prepares nothing:
 * a look-up in the parent leaves the workers' state as it was.
 */
int tc_frontend_context_ready(const struct tc_frontend *fe, const char *path);
/* The libclang loaded (malloced): its version and its library file, for the cache's identity. */
char *tc_frontend_identity(void);

/* The kernel tree containing path (walking up), or NULL; malloced. */
char *tc_find_kernel_tree(const char *path);

/*
 * Which of n compiler flags the linked libclang does not take (kbuild's
 * probe): parses an empty unit with them and sets bad[i] for each flag a
 * complaint quotes; value[i] marks the value of the flag before it.
 */
void tc_frontend_rejected_flags(const char *const *flags, const unsigned char *value, size_t n,
				unsigned char *bad);

#endif
