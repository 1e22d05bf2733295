/* SPDX-License-Identifier: MIT */
/* The state of one --fix computation, shared by fix.c and fixtext.c. */
#ifndef TC_FIX_INTERNAL_H
#define TC_FIX_INTERNAL_H

#include "ctok.h"
#include "fix.h"

struct tc_edit {
	size_t start, end; /* replace text[start, end) */
	char *text;
	int block;  /* claims [start, end], ends included */
	int append; /* a line tc_fix_append() added at the end of a block */
	size_t seq;
};

/* A field name a repair introduces in a class. */
struct tc_fix_name {
	const struct tc_class *c;
	char *name;
};

struct tc_fix {
	const struct tc_header *h;
	const char *text;
	size_t len;
	const struct tc_fix_options *o;
	size_t *lines; /* offset of each line's start */
	size_t nr_lines;
	struct tc_edit *done; /* edits of the findings repaired so far */
	size_t nr_done, alloc_done;
	struct tc_edit *cur; /* the edits of the finding at hand */
	size_t nr_cur, alloc_cur;
	struct tc_fix_name *names; /* new names, committed and the current finding's */
	size_t nr_names, alloc_names, nr_names_done;
	struct strbuf why;
	size_t seq;
	struct tc_toks toks; /* of text, made by tc_fix_toks() */
	int have_toks;
	/*
	 * A file with CRLF line ends: text is it without the '\r's (fix.c),
	 * cr_at the offsets in text of the '\n's that followed one, in order
	 */
	size_t *cr_at;
	size_t nr_cr, alloc_cr;
};

/* The offset in fx->text of offset off of the file (the front end's). */
size_t tc_fix_from_file(const struct tc_fix *fx, size_t off);

#endif
