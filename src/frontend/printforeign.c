// SPDX-License-Identifier: MIT
/* The names a print argument uses that the kernel's output function does not have in scope. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fe_internal.h"
#include "fmtfile.h"
#include "strbuf.h"
#include "util.h"

/* Is name subscripted somewhere in expr ("names[REC->x]"), as an identifier of its own? */
static int subscripted(const char *expr, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = expr ? strstr(expr, name) : NULL; p; p = strstr(p + 1, name)) {
		if (p > expr && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		const char *q = p + n;
		if (isalnum((unsigned char)*q) || *q == '_')
			continue;
		while (isspace((unsigned char)*q))
			q++;
		if (*q == '[')
			return 1;
	}
	return 0;
}

static enum CXChildVisitResult find_foreign(CXCursor c, CXCursor parent, CXClientData data);

/* c and what is under it. */
void tc_print_foreign_walk_one(CXCursor c, CXCursor parent, struct foreign_walk *w)
{
	if (find_foreign(c, parent, w) == CXChildVisit_Recurse)
		clang_visitChildren(c, find_foreign, w);
}

static void add_fn_decl(struct fn_decls *d, CXCursor c)
{
	char *name = tc_cx_str(clang_getCursorSpelling(c));

	if (d->nr < ARRAY_SIZE(d->v) && !starts_with(name, "__tc_"))
		d->v[d->nr++] = c;
	free(name);
}

static enum CXChildVisitResult fn_body_decls(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclStmt)
		return CXChildVisit_Recurse;
	if (clang_getCursorKind(c) == CXCursor_VarDecl)
		add_fn_decl(data, c);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult fn_block_decls(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_UnexposedDecl) /* the BlockDecl */
		return CXChildVisit_Recurse;
	if (clang_getCursorKind(c) == CXCursor_ParmDecl)
		add_fn_decl(data, c);
	else if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		clang_visitChildren(c, fn_body_decls, data);
	return CXChildVisit_Continue;
}

enum CXChildVisitResult tc_print_find_block(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_BlockExpr) {
		clang_visitChildren(c, fn_block_decls, data);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static int is_fn_decl(const struct fn_decls *d, CXCursor c)
{
	for (size_t i = 0; i < d->nr; i++)
		if (clang_equalCursors(d->v[i], c))
			return 1;
	return 0;
}

/*
 * The macro an expression came from when the header did not spell it
 * where it is: libclang maps a token of a macro's body to where the
 * macro is used, so the macro used there is the one it came through.
 */
static void macro_at(struct tc_tu *t, unsigned off, struct tc_foreign_ref *r)
{
	for (size_t i = 0; i < t->nr_mexp; i++) {
		struct tc_mexp *m = &t->mexp[i];
		if (m->off != off)
			continue;
		r->macro = xstrdup(m->name);
		CXCursor def = clang_getCursorReferenced(m->c);
		if (!clang_Cursor_isNull(def))
			r->macro_def = tc_cx_file_loc(t, clang_getCursorLocation(def));
		return;
	}
}

static enum CXChildVisitResult find_foreign(CXCursor c, CXCursor parent, CXClientData data)
{
	struct foreign_walk *w = data;
	struct pctx *x = w->x;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	/* sizeof and _Alignof do not read their operand */
	if (k == CXCursor_UnaryExpr)
		return CXChildVisit_Continue;
	if (k == CXCursor_CallExpr) {
		/*
		 * The arguments one by one, so that a name passed as it is
		 * is known as such (cursors met on different paths do not
		 * compare equal).
		 */
		int n = clang_Cursor_getNumArguments(c);
		struct tc_cursors cs = { 0 };
		tc_cx_children(c, &cs);
		if (n < 0 || cs.nr < (size_t)n + 1) {
			tc_cursors_release(&cs);
			return CXChildVisit_Recurse;
		}
		tc_print_foreign_walk_one(cs.v[0], c, w);
		tc_cursors_release(&cs);
		for (int i = 0; i < n; i++) {
			CXCursor arg = clang_Cursor_getArgument(c, i);
			CXCursor bare = tc_cx_strip(arg);
			if (clang_getCursorKind(bare) == CXCursor_DeclRefExpr) {
				w->call_arg = 1;
				find_foreign(bare, c, w);
				w->call_arg = 0;
			} else {
				tc_print_foreign_walk_one(arg, c, w);
			}
		}
		return CXChildVisit_Continue;
	}
	if (k != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	CXCursor ref = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(ref))
		return CXChildVisit_Recurse;
	enum CXCursorKind rk = clang_getCursorKind(ref);
	if (rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl)
		return CXChildVisit_Recurse;
	char *name = tc_cx_str(clang_getCursorSpelling(ref));
	CXSourceLocation l = clang_getCursorLocation(c);
	enum tc_foreign_kind kind;
	int call_arg = w->call_arg;

	if (is_fn_decl(w->fn, ref)) {
		kind = rk == CXCursor_ParmDecl ? TC_FOREIGN_PARAM : TC_FOREIGN_LOCAL;
	} else {
		CXCursor sp = clang_getCursorSemanticParent(ref);
		if (rk != CXCursor_VarDecl || clang_Cursor_isNull(sp) ||
		    clang_getCursorKind(sp) != CXCursor_TranslationUnit || starts_with(name, "__tc_")) {
			free(name);
			return CXChildVisit_Recurse;
		}
		kind = TC_FOREIGN_GLOBAL;
	}
	struct tc_printk_arg *a = x->arg;
	struct tc_loc loc = tc_cx_file_loc(x->t, l);
	for (size_t i = 0; i < a->nr_foreign; i++) {
		struct tc_foreign_ref *o = &a->foreign[i];
		if (!strcmp(o->name, name) && o->loc.file == loc.file && o->loc.line == loc.line &&
		    o->loc.col == loc.col) {
			o->call_arg &= call_arg;
			free(name);
			return CXChildVisit_Recurse;
		}
	}
	ALLOC_GROW(a->foreign, a->nr_foreign + 1, a->alloc_foreign);
	struct tc_foreign_ref *r = &a->foreign[a->nr_foreign++];
	memset(r, 0, sizeof(*r));
	r->name = name;
	r->kind = kind;
	CXType ty = clang_getCursorType(ref), ct = clang_getCanonicalType(ty);
	r->type = tc_cx_str(clang_getTypeSpelling(ty));
	r->is_const = clang_isConstQualifiedType(ct) ||
		      (ct.kind == CXType_ConstantArray || ct.kind == CXType_IncompleteArray
		       ? clang_isConstQualifiedType(clang_getArrayElementType(ct))
		       : 0);
	r->call_arg = call_arg;
	r->loc = loc;
	unsigned off = tc_cx_file_offset(l);
	if (tc_cx_in_header(x->t, l))
		macro_at(x->t, off, r);
	r->in_macro = r->macro || !tc_cx_in_header(x->t, l) ||
		      (x->p->raw_range && (off < x->p->raw_range[2 * a->raw_index] ||
					   off > x->p->raw_range[2 * a->raw_index + 1]));
	if (kind == TC_FOREIGN_GLOBAL)
		r->decl_loc = tc_cx_file_loc(x->t, clang_getCursorLocation(ref));
	r->indexed = subscripted(a->expanded, name);
	return CXChildVisit_Recurse;
}

/* The TP_PROTO() of the class or event a printk belongs to. */
static const char *proto_of(struct tc_header *h, const struct tc_printk *p)
{
	for (size_t i = 0; i < h->nr_classes; i++)
		if (&h->classes[i]->print == p)
			return h->classes[i]->proto;
	for (size_t i = 0; i < h->nr_events; i++)
		if (&h->events[i]->own_print == p && h->events[i]->cls)
			return h->events[i]->cls->proto;
	return NULL;
}

/* Is name one of the parameters of proto ("u8 opcode, const char *name, void (*fn)(int)")? */
static int proto_has(const char *proto, const char *name)
{
	char **parts;
	size_t n = tc_split_args(proto, &parts);
	int hit = 0;

	for (size_t i = 0; i < n; i++) {
		const char *s = parts[i], *fp = strstr(s, "(*");
		const char *last = NULL;
		size_t len = 0;
		if (fp) {
			s = fp + 2;
			while (*s == ' ')
				s++;
			last = s;
			while (isalnum((unsigned char)s[len]) || s[len] == '_')
				len++;
		} else {
			for (const char *q = s; *q;) {
				if (isalpha((unsigned char)*q) || *q == '_') {
					const char *b = q;
					while (isalnum((unsigned char)*q) || *q == '_')
						q++;
					last = b;
					len = (size_t)(q - b);
				} else if (*q == '[') {
					break; /* char name[16] */
				} else {
					q++;
				}
			}
		}
		hit |= last && len == strlen(name) && !strncmp(last, name, len);
		free(parts[i]);
	}
	free(parts);
	return hit;
}

/*
 * A TP_PROTO() parameter named in a print argument is not in scope in
 * the output function: clang reports it as undeclared where the
 * argument (or the macro used in it) is.  The kernel does not build
 * that; other undeclared names may only be context tracecheck lacks.
 */
void tc_print_find_proto_names(struct tc_tu *t, struct tc_printk *p)
{
	const char *proto = proto_of(t->h, p);
	unsigned n = clang_getNumDiagnostics(t->tu);

	if (!proto || !p->raw_range)
		return;
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(t->tu, i);
		CXSourceLocation l = clang_getDiagnosticLocation(d);
		struct tc_cx_diag cd = { 0 };
		const char *name;

		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error || !tc_cx_in_header(t, l))
			goto next;
		tc_cx_diag_classify(d, &cd);
		name = cd.name;
		if (cd.kind != TC_CXD_UNDECLARED)
			goto next;
		unsigned off = tc_cx_file_offset(l);
		for (size_t ri = 0; ri < p->nr_raw_args; ri++) {
			if (off < p->raw_range[2 * ri] || off > p->raw_range[2 * ri + 1])
				continue;
			for (size_t k = 0; k < p->nr_args; k++) {
				struct tc_printk_arg *a = &p->args[k];
				if (a->raw_index != ri)
					continue;
				struct tc_loc loc = tc_cx_file_loc(t, l);
				int dup = 0;
				for (size_t j = 0; j < a->nr_foreign; j++)
					dup |= !strcmp(a->foreign[j].name, name) &&
					       a->foreign[j].loc.line == loc.line &&
					       a->foreign[j].loc.col == loc.col;
				if (dup)
					break;
				ALLOC_GROW(a->foreign, a->nr_foreign + 1, a->alloc_foreign);
				struct tc_foreign_ref *r = &a->foreign[a->nr_foreign++];
				memset(r, 0, sizeof(*r));
				r->name = xstrdup(name);
				r->kind = proto_has(proto, name) ? TC_FOREIGN_PROTO
								 : TC_FOREIGN_UNDECLARED;
				r->indexed = subscripted(a->expanded, name);
				r->loc = loc;
				macro_at(t, off, r);
				r->in_macro = r->macro != NULL;
				break;
			}
			break;
		}
next:
		tc_cx_diag_release(&cd);
		clang_disposeDiagnostic(d);
	}
}
