/* SPDX-License-Identifier: MIT */
/*
 * The .c file that instantiates a trace header (#define
 * CREATE_TRACE_POINTS, then #include of the header).  In a kernel tree
 * a header is checked in that file's context, as the kernel builds it:
 * what the file has declared and included before CREATE_TRACE_POINTS
 * (types such as xfs_ino_t, helper macros and functions) is there, and
 * so are the -I/-D flags its directory's Makefile adds (ccflags-y,
 * subdir-ccflags-y, CFLAGS_<file>.o).
 */
#ifndef TC_INSTANTIATOR_H
#define TC_INSTANTIATOR_H

#include <stddef.h>

struct tc_instantiator {
	char *path;    /* the .c file */
	char *prelude; /* its text before the #define CREATE_TRACE_POINTS line */
	char **flags;  /* from its Makefile, NULL-terminated */
	size_t nr_flags, alloc_flags;
	char *built_by; /* another build of it (rebuild.h): that Makefile's directory */
};

/*
 * Look for the instantiating .c of header (absolute path) in its own
 * directory and the one above, then where its subsystem lives, then in
 * the whole tree (listed once per process); NULL if there is none.
 */
struct tc_instantiator *tc_find_instantiator(const char *header, const char *tree_root);
void tc_instantiator_free(struct tc_instantiator *in);
/* The context c_path gives header (kbuild mode: no Makefile flags), or NULL. */
struct tc_instantiator *tc_instantiator_of(const char *c_path, const char *header);
/*
 * For each "#define CREATE_TRACE_POINTS" of text, the #include lines
 * that follow it up to its #undef: fn(define line, include line, name,
 * name length, quoted, ctx); a non-zero return stops the walk and is
 * returned.
 */
typedef int (*tc_ctp_include_fn)(const char *define, const char *line, const char *name,
				 size_t n, int quoted, void *ctx);
int tc_for_each_ctp_include(const char *text, tc_ctp_include_fn fn, void *ctx);

/*
 * Add to in the -I and -D flags that the Makefile (or Kbuild) of dir in
 * the tree at root gives the object made of cbase ("x.c", or "sub/x.c"
 * for a Makefile that builds it in a subdirectory): its ccflags-y,
 * subdir-ccflags-y and CFLAGS_x.o, and with any_config their
 * ccflags-$(CONFIG_...) forms too, whatever the configuration.
 */
void tc_makefile_flags(struct tc_instantiator *in, const char *dir, const char *root,
		       const char *cbase, int any_config);
/*
 * The flags the Makefile that builds path gives it, the nearest one
 * above path below root (instmake.c): in a struct with no path.
 */
struct tc_instantiator *tc_makefile_context(const char *path, const char *root);
/* Has directory dir a Makefile or a Kbuild? */
int tc_has_makefile(const char *dir);

/*
 * Call fn for each file below root, a kernel tree's top (not below
 * Documentation/, tools/, scripts/ or a directory whose name starts
 * with a dot), in no particular order: its directory, name and path.
 */
typedef void (*tc_walk_fn)(const char *dir, const char *name, const char *path, void *ctx);
void tc_walk_sources(const char *root, tc_walk_fn fn, void *ctx);

/* List the tree's CREATE_TRACE_POINTS files now (before forking workers). */
void tc_instantiator_warm(const char *tree_root);

/*
 * Does "#include NAME" (quoted or not) in c_path read header (absolute)?
 * The base names agree, and where NAME resolves beside c_path or in the
 * tree's include directories, to header itself.
 */
int tc_ctp_names_header(const char *header, const char *c_path, const char *root,
			const char *name, size_t n, int quoted);

#endif
