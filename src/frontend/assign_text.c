// SPDX-License-Identifier: MIT
/*
 * The raw TP_fast_assign() text, scanned token by token: libclang drops
 * statements it cannot make sense of, so a field that the text clearly
 * writes is never reported as unwritten.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "assign.h"
#include "ctok.h"
#include "util.h"

static int tok_is_assign(const struct tc_ctok *t)
{
	return tc_ctok_is(t, "=") ||
	       (t->n == 2 && t->p[1] == '=' && strchr("+-*/%&|^", t->p[0]));
}

/* The record pointer: __entry or the kernel's 'entry' as written, REC expanded. */
static int is_entry_tok(const struct tc_ctok *t)
{
	return tc_ctok_is(t, "__entry") || tc_ctok_is(t, "entry") || tc_ctok_is(t, "REC");
}

void tc_analyze_assign_text(struct tc_class *c)
{
	struct tc_ctok *v;
	size_t n;

	if (!c->assign_text)
		return;
	n = tc_ctokenize(c->assign_text, &v);
	for (size_t i = 0; i < n; i++) {
		/* __entry handed whole to something: "( __entry ," / ", __entry )" */
		if (is_entry_tok(&v[i]) && i > 0 && i + 1 < n &&
		    (tc_ctok_is(&v[i - 1], "(") || tc_ctok_is(&v[i - 1], ",")) &&
		    (tc_ctok_is(&v[i + 1], ",") || tc_ctok_is(&v[i + 1], ")")))
			c->assign_whole = 1;
		int fi = -1;
		size_t j = i;
		if (is_entry_tok(&v[i]) && i + 2 < n && tc_ctok_is(&v[i + 1], "->")) {
			for (size_t k = 0; k < c->nr_fields; k++)
				if (tc_ctok_is(&v[i + 2], c->fields[k].name))
					fi = (int)k;
			j = i + 3;
			if (fi >= 0) {
				int by_addr = i > 0 && tc_ctok_is(&v[i - 1], "&");
				int arg = i > 1 && tc_ctok_is(&v[i - 1], "(") &&
					  (isalpha((unsigned char)v[i - 2].p[0]) || v[i - 2].p[0] == '_');
				/* skip [..] and .m / ->m */
				while (j < n) {
					if (tc_ctok_is(&v[j], "[")) {
						int depth = 0;
						for (; j < n; j++) {
							if (tc_ctok_is(&v[j], "["))
								depth++;
							else if (tc_ctok_is(&v[j], "]") && --depth == 0)
								break;
						}
						j++;
					} else if ((tc_ctok_is(&v[j], ".") || tc_ctok_is(&v[j], "->")) &&
						   j + 1 < n) {
						j += 2;
					} else {
						break;
					}
				}
				/* "= (T *)__entry->arr" or "= __entry->arr": written through a pointer */
				int aliased = j == i + 3 && c->fields[fi].kind == TC_F_ARRAY &&
					      i > 0 && (tc_ctok_is(&v[i - 1], "=") || tc_ctok_is(&v[i - 1], ")"));
				if (!(by_addr || arg || aliased || (j < n && tok_is_assign(&v[j]))))
					fi = -1;
			}
		} else if (i + 2 < n && tc_ctok_is(&v[i + 1], "(") &&
			   (starts_with(v[i].p, "__assign_") || starts_with(v[i].p, "__get_"))) {
			for (size_t k = 0; k < c->nr_fields; k++)
				if (tc_ctok_is(&v[i + 2], c->fields[k].name))
					fi = (int)k;
		}
		if (fi >= 0) {
			struct tc_field *f = &c->fields[fi];
			int have = 0;
			for (size_t k = 0; k < f->nr_writes; k++)
				have |= f->writes[k].kind == TC_W_TEXT;
			if (!have)
				tc_field_add_write(f, TC_W_TEXT)->loc = f->loc;
		}
	}
	free(v);

	tc_as_summarise(c);
	/* A field the AST never saw written but the text does: trust the text. */
	for (size_t i = 0; i < c->nr_fields; i++) {
		struct tc_field *f = &c->fields[i];
		if (f->written != TC_WRITTEN_NEVER)
			continue;
		for (size_t j = 0; j < f->nr_writes; j++)
			if (f->writes[j].kind == TC_W_TEXT)
				f->written = TC_WRITTEN_ALWAYS;
	}
}

