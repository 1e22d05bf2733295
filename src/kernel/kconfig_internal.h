/* SPDX-License-Identifier: MIT */
/*
 * The model of a tree's Kconfig (kconfig.c reads it, kmodel.c keeps it
 * in the cache and dumps it): shared by the two only.
 */
#ifndef TC_KCONFIG_INTERNAL_H
#define TC_KCONFIG_INTERNAL_H

#include <stddef.h>

#include "cache.h"

struct strbuf;

struct ksym {
	char *name;
	const char *file; /* interned in the tc_kconfig */
	char **conds;	  /* the blocks' conditions around it, then its own "depends on" */
	size_t nr_conds, alloc_conds;
	char **selects; /* "SYM" or "SYM if EXPR" */
	size_t nr_selects, alloc_selects;
	int boolish; /* bool or tristate */
	size_t order; /* where it was read */
};

struct tc_kconfig {
	char *root, *arch;
	struct ksym *v; /* by name, the first definition of a name first */
	size_t nr, alloc;
	char **files; /* read, relative to root */
	size_t nr_files, alloc_files;
	struct tc_hasher hs; /* of the files' names and contents, as read */
	char digest[33];
	char *overlaid; /* the Kconfig files --patch's overlay had when it was read */
	int globbed;	/* a "source" with a '*' was read: no digest memo */
	/*
	 * Loaded from the cache (kmodel.c): the strings point into blob, the
	 * conditions and selects of every symbol into strs.
	 */
	char *blob;
	char **strs;
};

/*
 * The cache's entry ("kmodel") of the model k, keyed by its digest, root
 * and arch: what a walk that read files of that digest gives.
 */
void tc_kmodel_store(const struct tc_kconfig *k);
/* The model of digest for root and arch from the cache, or NULL; its overlaid unset. */
struct tc_kconfig *tc_kmodel_load(const char *root, const char *arch, const char *digest);
/*
 * The entry's text of k into sb: 0 if k is too big for one.  The model
 * of such a text (len bytes, a NUL after them) of digest, NULL if it is
 * no such text; blob is the model's then (its strings point into it),
 * else still the caller's.  Its root and arch unset.  tc_kmodel_free()
 * frees a model loaded or decoded.
 */
int tc_kmodel_encode(const struct tc_kconfig *k, struct strbuf *sb);
struct tc_kconfig *tc_kmodel_decode(char *blob, size_t len, const char *digest);
void tc_kmodel_free(struct tc_kconfig *k);
/* The text of k (NULL: no Kconfig), every field of it, into sb (TRACECHECK_KCONFIG_DUMP). */
void tc_kmodel_dump(const struct tc_kconfig *k, struct strbuf *sb);

#endif
