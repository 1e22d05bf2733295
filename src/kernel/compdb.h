/* SPDX-License-Identifier: MIT */
/*
 * compile_commands.json (the kernel's scripts/clang-tools/
 * gen_compile_commands.py writes one): a header is checked with the
 * flags of the .c file that instantiates it, as in kbuild mode.
 */
#ifndef TC_COMPDB_H
#define TC_COMPDB_H

#include <stddef.h>

struct tc_compdb_entry {
	char *directory, *file, *command;
	char **arguments; /* when the entry has "arguments" instead of "command" */
	size_t nr_arguments;
};

struct tc_compdb {
	struct tc_compdb_entry *v;
	size_t nr, alloc;
};

/* 0, or -1 after printing why. */
int tc_compdb_load(const char *path, struct tc_compdb *db);
void tc_compdb_release(struct tc_compdb *db);

/* The entry of the .c file that instantiates header (absolute), or NULL. */
const struct tc_compdb_entry *tc_compdb_instantiator(const struct tc_compdb *db,
						      const char *header);

/*
 * The entry's command as tracecheck's kbuild mode takes it: the
 * compiler's flags (relative paths made absolute against its
 * directory, no -c/-o), then the .c file.  argv[0] is progname.
 */
size_t tc_compdb_argv(const struct tc_compdb_entry *e, const char *progname, char ***argv);

#endif
