/* SPDX-License-Identifier: MIT */
/*
 * A format file (tracefs events/SYSTEM/EVENT/format), read the way
 * user space reads it: the event's name, its fields with their offsets,
 * sizes and signedness, and the print fmt split into the format string
 * and its arguments.  What tracecheck emits and what --check-format
 * reads from a running system go through the same reader.
 */
#ifndef TC_FMTFILE_H
#define TC_FMTFILE_H

#include <stddef.h>

enum tc_ff_dyn {
	TC_FF_STATIC,
	TC_FF_DATA_LOC, /* u32: offset | length << 16, from the record's start */
	TC_FF_REL_LOC,	/* the same, from the end of the descriptor */
};

struct tc_ff_field {
	char *type;	/* as the file spells it: "u32", "char", "__data_loc char[]" */
	char *name;
	long offset, size;
	int is_signed;
	long array_len; /* NAME[N]: N; -1 if not an array */
	enum tc_ff_dyn dyn;
	int common; /* common_type and friends */
	int line;   /* in the file */
};

struct tc_fmtfile {
	char *name;
	long id;
	struct tc_ff_field *fields;
	size_t nr_fields, alloc_fields;
	char *print_fmt; /* the text after "print fmt: " */
	char *fmt;	 /* the format string, undecoded, quotes removed */
	char **args;	 /* the arguments, as text */
	size_t nr_args;
	int print_line;
	long record_size; /* the end of the last field */
};

/* 0 on success; else -1 with *why (static) saying what is wrong. */
int tc_fmtfile_parse(const char *text, struct tc_fmtfile *ff, const char **why);
void tc_fmtfile_release(struct tc_fmtfile *ff);
const struct tc_ff_field *tc_fmtfile_field(const struct tc_fmtfile *ff, const char *name);

/*
 * Split an argument list at the commas the preprocessor splits at;
 * *out and its strings are malloced, the count is returned.
 */
size_t tc_split_args(const char *s, char ***out);

#endif
