// SPDX-License-Identifier: MIT
/*
 * Read the model back out of the parsed translation unit: the records
 * the META pass left as strings, the record layout of the STRUCT pass,
 * the element positions of the FLOC pass, and the functions of the
 * ASSIGN and PRINT passes (handed to assign.c and printk.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctypes.h"
#include "fe_internal.h"
#include "util.h"

struct pending {
	CXCursor c;
	char *name; /* the class or event name the cursor is for */
};

struct pendings {
	struct pending *v;
	size_t nr, alloc;
};

struct walk {
	struct tc_tu *t;
	struct pendings structs, flocs, assigns, prints, evfmts;
	CXCursor last_reread;
	int have_reread;
	/* TRACE_DEFINE_ENUM/SIZEOF values by counter */
	struct pendings enumvals;
};

static void pend(struct pendings *p, CXCursor c, const char *name)
{
	ALLOC_GROW(p->v, p->nr + 1, p->alloc);
	p->v[p->nr].c = c;
	p->v[p->nr].name = xstrdup(name);
	p->nr++;
}

static void pendings_release(struct pendings *p)
{
	for (size_t i = 0; i < p->nr; i++)
		free(p->v[i].name);
	free(p->v);
}

/* Split s at sep into at most max pieces (in place); returns the count. */
static size_t split(char *s, char sep, char **out, size_t max)
{
	size_t n = 0;

	if (!max)
		return 0;
	out[n++] = s;
	for (char *p = s; *p && n < max; p++) {
		if (*p == sep) {
			*p = '\0';
			out[n++] = p + 1;
		}
	}
	return n;
}

/* The signedness of a type as written, -1 if not known. */
static int type_text_signed(const char *type)
{
	const struct tc_ctype *ct = tc_ctype_find(type);

	if (ct)
		return ct->sgn;
	if (starts_with(type, "unsigned"))
		return 0;
	if (strchr(type, '*'))
		return 0;
	if (type[0] == 'u' || starts_with(type, "__u") || starts_with(type, "__le") ||
	    starts_with(type, "__be"))
		return 0;
	return -1;
}

static void read_fields(struct tc_class *c, char *text, int char_signed)
{
	char *rec = text;

	c->fields_known = 1;
	if (*rec != '\x1e')
		return;
	rec++;
	while (rec) {
		char *next = strchr(rec, '\x1e');
		char *part[5];

		if (next)
			*next++ = '\0';
		if (split(rec, '\x1f', part, 5) == 5) {
			ALLOC_GROW(c->fields, c->nr_fields + 1, c->alloc_fields);
			struct tc_field *f = &c->fields[c->nr_fields++];
			memset(f, 0, sizeof(*f));
			f->kind = tc_field_kind_from_name(part[0]);
			f->type = xstrdup(part[1]);
			f->name = xstrdup(part[2]);
			f->len_text = xstrdup(part[3]);
			f->extra = xstrdup(part[4]);
			f->offset = f->size = f->align = -1;
			f->array_len = -1;
			f->is_signed = -1;
			f->el_size = -1;
			if (tc_field_kind_is_dynamic(f->kind)) {
				/* is_signed_type(char): the build's (__string(): char) */
				f->is_signed = !strcmp(f->type, "char") ? char_signed
									: type_text_signed(f->type);
				if (f->kind == TC_F_BITMASK || f->kind == TC_F_CPUMASK ||
				    f->kind == TC_F_REL_BITMASK || f->kind == TC_F_REL_CPUMASK ||
				    f->kind == TC_F_SOCKADDR || f->kind == TC_F_REL_SOCKADDR)
					f->is_signed = 0;
			}
		}
		rec = next;
	}
}

/* REMOTE_EVENT() and HYP_EVENT(): a trace remote's event */
static int is_remote_macro(const char *macro)
{
	return !strcmp(macro, "REMOTE_EVENT") || !strcmp(macro, "HYP_EVENT");
}

static void handle_meta(struct walk *w, CXCursor c, const char *name)
{
	struct tc_tu *t = w->t;
	struct tc_header *h = t->h;
	CXSourceLocation cl = clang_getCursorLocation(c);

	if (starts_with(name, "__tc_reread_")) {
		w->last_reread = c;
		w->have_reread = 1;
		/* what each define_trace.h looked for: the cache's dependency (fedeps.c) */
		char *v = tc_cx_eval_string(c), *part[3];
		if (v && split(v, '\x1f', part, 3) == 3) {
			ALLOC_GROW(t->rereads, t->nr_rereads + 1, t->alloc_rereads);
			t->rereads[t->nr_rereads++] = xstrdup(part[2]);
		}
		free(v);
		return;
	}
	if (starts_with(name, "__tc_enumval_")) {
		pend(&w->enumvals, c, name + strlen("__tc_enumval_"));
		return;
	}

	/*
	 * Everything else must come from the header itself -- except
	 * TRACE_DEFINE_ENUM/SIZEOF, which also count from the headers it
	 * includes inside its multi-read part (include/trace/misc/nfs.h):
	 * the kernel applies them to every event of the same system.
	 */
	struct tc_loc loc = tc_cx_expansion_loc(t, cl);
	if (loc.file != h->path && !starts_with(name, "__tc_enum_"))
		return;

	char *s = tc_cx_eval_string(c);
	char *part[5];

	if (starts_with(name, "__tc_class_")) {
		struct tc_class *k = tc_header_class(h, name + strlen("__tc_class_"), 1);
		k->loc = loc;
		if (!s || split(s, '\x1f', part, 5) != 5) {
			free(k->macro);
			k->macro = xstrdup("?");
		} else {
			free(k->macro);
			k->macro = xstrdup(part[0]);
			k->remote = is_remote_macro(part[0]);
			k->system = xstrdup(part[2]);
			k->proto = xstrdup(part[3]);
			k->args = xstrdup(part[4]);
			if (!h->system)
				h->system = xstrdup(part[2]);
		}
	} else if (starts_with(name, "__tc_fields_")) {
		struct tc_class *k = tc_header_class(h, name + strlen("__tc_fields_"), 1);
		if (s && !k->fields_known)
			read_fields(k, s, h->char_signed);
	} else if (starts_with(name, "__tc_atext_")) {
		struct tc_class *k = tc_header_class(h, name + strlen("__tc_atext_"), 1);
		if (s && !k->assign_text)
			k->assign_text = xstrdup(s);
	} else if (starts_with(name, "__tc_fmt_")) {
		struct tc_class *k = tc_header_class(h, name + strlen("__tc_fmt_"), 1);
		if (s && !k->print.present) {
			tc_split_print_fmt(&k->print, s);
			k->print.loc = loc;
		}
	} else if (starts_with(name, "__tc_event_") || starts_with(name, "__tc_none_")) {
		if (s && split(s, '\x1f', part, 3) == 3) {
			struct tc_event *e = tc_header_event(h, part[2], 1);
			if (!e->macro) {
				e->macro = xstrdup(part[0]);
				e->class_name = xstrdup(part[1]);
				e->loc = loc;
				e->instantiated = starts_with(name, "__tc_event_");
				e->remote = is_remote_macro(part[0]);
			}
		}
	} else if (starts_with(name, "__tc_kfmt_")) {
		/* a remote's print fmt as define_remote_events.h spells it */
		struct tc_class *k = tc_header_class(h, name + strlen("__tc_kfmt_"), 1);
		if (s) {
			free(k->print.print_fmt);
			k->print.print_fmt = xstrdup(s);
		}
	} else if (starts_with(name, "__tc_evfmt_")) {
		pend(&w->evfmts, c, name + strlen("__tc_evfmt_"));
	} else if (starts_with(name, "__tc_enum_")) {
		if (s && split(s, '\x1f', part, 2) == 2) {
			ALLOC_GROW(h->enums, h->nr_enums + 1, h->alloc_enums);
			struct tc_enum_def *d = &h->enums[h->nr_enums++];
			memset(d, 0, sizeof(*d));
			d->is_sizeof = !strcmp(part[0], "SIZEOF");
			d->text = xstrdup(part[1]);
			d->loc = loc;
			/* remember the counter to find the value */
			d->value = strtoll(name + strlen("__tc_enum_"), NULL, 10);
		}
	}
	free(s);
}

static int type_signed(CXType ty)
{
	CXType c = clang_getCanonicalType(ty);

	switch (c.kind) {
	case CXType_ConstantArray:
	case CXType_IncompleteArray:
		return type_signed(clang_getArrayElementType(c));
	case CXType_Float: /* a field's sign: a float is signed */
	case CXType_Double:
	case CXType_LongDouble:
		return 1;
	case CXType_Enum:
		return tc_cx_enum_signed(c); /* gcc's, not clang's: see cxutil.c */
	case CXType_Invalid:
		return -1;
	default:
		return tc_cx_signed_int(c.kind);
	}
}

static void read_layout(struct tc_tu *t, struct tc_class *k, CXCursor sd)
{
	struct tc_cursors cs = { 0 };
	CXType st = clang_getCursorType(sd);
	char *why = NULL;

	size_t members = 0;

	tc_cx_children(sd, &cs);
	for (size_t i = 0; i < cs.nr; i++) {
		CXCursor fc = cs.v[i];
		if (clang_getCursorKind(fc) != CXCursor_FieldDecl)
			continue;
		members++;
		char *fname = tc_cx_str(clang_getCursorSpelling(fc));
		long long bits = clang_Cursor_getOffsetOfField(fc);
		if (!strcmp(fname, "__data")) {
			k->data_offset = bits >= 0 ? bits / 8 : -1;
			free(fname);
			continue;
		}
		if (!strcmp(fname, "ent")) {
			free(fname);
			continue;
		}
		const char *item = fname;
		int dyn = 0;
		if (starts_with(item, "__data_loc_"))
			item += strlen("__data_loc_"), dyn = 1;
		else if (starts_with(item, "__rel_loc_"))
			item += strlen("__rel_loc_"), dyn = 1;
		/*
		 * amdgpu_vm_grab_id has both __string(ring) and
		 * __field(u32, ring): members __data_loc_ring and ring.
		 */
		struct tc_field *f = NULL;
		for (size_t j = 0; j < k->nr_fields && !f; j++)
			if (!strcmp(k->fields[j].name, item) &&
			    !!tc_field_kind_is_dynamic(k->fields[j].kind) == dyn)
				f = &k->fields[j];
		if (!f) {
			free(fname);
			continue;
		}
		CXType ty = clang_getCursorType(fc);
		int invalid = clang_isInvalidDeclaration(fc);
		f->offset = bits >= 0 ? bits / 8 : -1;
		f->size = clang_Type_getSizeOf(ty);
		f->align = clang_Type_getAlignOf(ty);
		if (f->kind == TC_F_FIELD_PACKED)
			f->align = 1;
		f->abi_known = !invalid && !tc_abi_field_layout(ty, t->h->abi, f->kind == TC_F_FIELD_PACKED,
								  f->abi_size, f->abi_align);
		tc_read_field_type(t, f, fc);
		if (!tc_field_kind_is_dynamic(f->kind)) {
			f->is_signed = type_signed(ty);
			if (f->kind == TC_F_FIELD_STRUCT || f->kind == TC_F_FIELD_STRUCT_EXT)
				f->is_signed = 0;
			if (f->kind == TC_F_ARRAY) {
				CXType c = clang_getCanonicalType(ty);
				if (c.kind == CXType_ConstantArray) {
					f->array_len = clang_getArraySize(c);
					f->el_size = clang_Type_getSizeOf(clang_getArrayElementType(c));
				}
			}
		}
		f->layout_known = !invalid && f->offset >= 0 && f->size >= 0 && f->align > 0;
		if (invalid) {
			f->is_signed = -1;
			f->size = f->align = f->offset = -1;
		}
		/* The reason is the field whose type is broken, not its victims. */
		if ((invalid || (f->size < 0 && f->offset >= 0)) && !why)
			why = xasprintf("the type of field '%s' (%s) is not known", f->name, f->type);
		free(fname);
	}
	tc_cursors_release(&cs);
	for (size_t i = 0; i < k->nr_fields && !why; i++)
		if (!k->fields[i].layout_known)
			why = xasprintf("the layout of field '%s' (%s) is not known", k->fields[i].name,
					k->fields[i].type);
	if (!k->fields_known && !why)
		why = xstrdup("its TP_STRUCT__entry() could not be read");
	/* ent, the fields, __data: anything else means the struct did not parse */
	if (!why && (members != k->nr_fields + 2 || k->data_offset < (k->remote ? 2 : 8)))
		why = xstrdup("its TP_STRUCT__entry() could not be parsed (an undefined macro?)");
	k->size = clang_Type_getSizeOf(st);
	k->align = clang_Type_getAlignOf(st);
	if (k->size < 0 && !why)
		why = xstrdup("the record's size is not known");
	k->layout_known = why == NULL;
	free(k->layout_why);
	k->layout_why = why;
	(void)t;
}

static void read_flocs(struct tc_tu *t, struct tc_class *k, CXCursor sd)
{
	struct tc_cursors cs = { 0 };

	tc_cx_children(sd, &cs);
	for (size_t i = 0; i < cs.nr; i++) {
		if (clang_getCursorKind(cs.v[i]) != CXCursor_FieldDecl)
			continue;
		char *fname = tc_cx_str(clang_getCursorSpelling(cs.v[i]));
		struct tc_field *f = tc_class_field(k, fname);
		if (f && !f->loc.file)
			f->loc = tc_cx_file_loc(t, clang_getCursorLocation(cs.v[i]));
		/* is_signed_type() of a dynamic array's element type */
		if (f && (f->kind == TC_F_DYNAMIC_ARRAY || f->kind == TC_F_REL_DYNAMIC_ARRAY))
			tc_read_field_type(t, f, cs.v[i]);
		if (f && (f->kind == TC_F_DYNAMIC_ARRAY || f->kind == TC_F_REL_DYNAMIC_ARRAY) &&
		    !clang_isInvalidDeclaration(cs.v[i])) {
			int sg = type_signed(clang_getCursorType(cs.v[i]));
			if (sg >= 0)
				f->is_signed = sg;
			CXType at = clang_getCanonicalType(clang_getCursorType(cs.v[i]));
			long long es = clang_Type_getSizeOf(clang_getArrayElementType(at));
			if (es > 0)
				f->el_size = es;
			f->elem_abi_known =
				at.kind == CXType_ConstantArray &&
				!tc_abi_field_layout(clang_getArrayElementType(clang_getCursorType(cs.v[i])),
						     t->h->abi, 0, f->elem_abi_size, f->elem_abi_align);
		}
		free(fname);
	}
	tc_cursors_release(&cs);
}

static enum CXChildVisitResult top(CXCursor c, CXCursor parent, CXClientData data)
{
	struct walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_MacroExpansion) {
		CXSourceLocation l = clang_getCursorLocation(c);
		struct tc_tu *t = w->t;
		if (tc_cx_in_header(t, l)) {
			ALLOC_GROW(t->mexp, t->nr_mexp + 1, t->alloc_mexp);
			t->mexp[t->nr_mexp].name = tc_cx_str(clang_getCursorSpelling(c));
			t->mexp[t->nr_mexp].off = tc_cx_file_offset(l);
			t->mexp[t->nr_mexp].c = c;
			t->nr_mexp++;
		}
		return CXChildVisit_Continue;
	}
	if (k != CXCursor_VarDecl && k != CXCursor_StructDecl && k != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	CXString cs = clang_getCursorSpelling(c);
	const char *name = clang_getCString(cs);

	if (!name || (!starts_with(name, "__tc_") && !starts_with(name, "trace_event_raw_"))) {
		clang_disposeString(cs);
		return CXChildVisit_Continue;
	}
	/* the assign and print code: blocks, whose bodies are never skipped */
	int code = starts_with(name, "__tc_assign_") || starts_with(name, "__tc_print_");
	if (k == CXCursor_VarDecl && !code) {
		handle_meta(w, c, name);
	} else if (clang_isCursorDefinition(c)) {
		struct tc_loc loc = tc_cx_expansion_loc(w->t, clang_getCursorLocation(c));
		if (loc.file == w->t->h->path) {
			if (k == CXCursor_StructDecl && starts_with(name, "trace_event_raw_"))
				pend(&w->structs, c, name + strlen("trace_event_raw_"));
			else if (k == CXCursor_StructDecl && starts_with(name, "__tc_floc_"))
				pend(&w->flocs, c, name + strlen("__tc_floc_"));
			else if (k == CXCursor_VarDecl && starts_with(name, "__tc_assign_"))
				pend(&w->assigns, c, name + strlen("__tc_assign_"));
			else if (k == CXCursor_VarDecl && starts_with(name, "__tc_print_"))
				pend(&w->prints, c, name + strlen("__tc_print_"));
		}
	}
	clang_disposeString(cs);
	return CXChildVisit_Continue;
}

static void read_reread(struct walk *w)
{
	struct tc_header *h = w->t->h;
	char *s, *part[3];

	if (!w->have_reread)
		return;
	s = tc_cx_eval_string(w->last_reread);
	if (s && split(s, '\x1f', part, 3) == 3) {
		h->reread_how = xstrdup(part[0]);
		h->reread_path = xstrdup(part[2]);
		if (!h->system)
			h->system = xstrdup(part[1]);
	}
	free(s);
}

/* Does the initialiser of a __tc_enumval_ variable refer to the enumerator name? */
struct enumerator_find {
	const char *name;
	int found;
};

static enum CXChildVisitResult find_enumerator(CXCursor c, CXCursor parent, CXClientData data)
{
	struct enumerator_find *f = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(c);
		if (!clang_Cursor_isNull(ref) &&
		    clang_getCursorKind(ref) == CXCursor_EnumConstantDecl) {
			char *n = tc_cx_str(clang_getCursorSpelling(ref));
			f->found |= !strcmp(n, f->name);
			free(n);
		}
	}
	return f->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * The file that define_trace.h's re-include of the header found: the
 * inclusion from a define_trace.h that the header itself includes at
 * the top level of the unit (a trace header the header includes before
 * has its own), other than tracecheck's own stage headers.
 */
struct reread_find {
	struct tc_tu *t;
	CXFile found;
};

static int is_stage_file(const char *name)
{
	return ends_with(name, "/trace/tc_stages.h") || ends_with(name, "/trace/tc_undef.h") ||
	       ends_with(name, "/tracecheck/base.h") || ends_with(name, "/tracecheck/foreach.h") ||
	       ends_with(name, "/tracecheck/kversion.h") || ends_with(name, "/trace/tc_remote.h");
}

static void reread_visit(CXFile f, CXSourceLocation *stack, unsigned n, CXClientData data)
{
	struct reread_find *r = data;
	CXFile by, by2;
	char *name, *byname;

	if (r->found || n < 2)
		return;
	tc_cx_file_pos(stack[0], &by, NULL, NULL, NULL);
	tc_cx_file_pos(stack[1], &by2, NULL, NULL, NULL);
	if (!by || !by2 || !r->t->header_file || !tc_cx_file_equal(by2, r->t->header_file))
		return;
	byname = tc_cx_str(clang_getFileName(by));
	name = tc_cx_str(clang_getFileName(f));
	if (ends_with(byname, "/trace/define_trace.h") && !is_stage_file(name))
		r->found = f;
	free(name);
	free(byname);
}

static void read_reread_file(struct tc_tu *t)
{
	struct reread_find r = { .t = t };

	if (!t->h->reread_how || strcmp(t->h->reread_how, "kernel"))
		return;
	clang_getInclusions(t->tu, reread_visit, &r);
	if (!r.found)
		return;
	t->h->reread_file = tc_cx_str(clang_getFileName(r.found));
	t->h->reread_is_self = t->header_file && tc_cx_file_equal(r.found, t->header_file);
}

void tc_extract(struct tc_tu *t)
{
	struct tc_header *h = t->h;
	struct walk w = { .t = t };

	clang_visitChildren(clang_getTranslationUnitCursor(t->tu), top, &w);
	read_reread(&w);
	read_reread_file(t);

	for (size_t i = 0; i < h->nr_enums; i++) {
		struct tc_enum_def *d = &h->enums[i];
		char key[32];
		snprintf(key, sizeof(key), "%lld", d->value);
		d->value = 0;
		for (size_t j = 0; j < w.enumvals.nr; j++) {
			if (!strcmp(w.enumvals.v[j].name, key)) {
				d->value_known = tc_cx_eval_int(w.enumvals.v[j].c, &d->value);
				if (!d->is_sizeof) {
					struct enumerator_find f = { d->text, 0 };
					clang_visitChildren(w.enumvals.v[j].c, find_enumerator, &f);
					d->is_enumerator = f.found;
				}
				break;
			}
		}
	}
	for (size_t i = 0; i < w.structs.nr; i++) {
		struct tc_class *k = tc_header_class(h, w.structs.v[i].name, 0);
		if (k && k->size < 0)
			read_layout(t, k, w.structs.v[i].c);
	}
	for (size_t i = 0; i < h->nr_classes; i++) {
		struct tc_class *k = h->classes[i];
		int seen = 0;
		for (size_t j = 0; j < w.structs.nr; j++)
			seen |= !strcmp(w.structs.v[j].name, k->name);
		if (!seen && !k->layout_why)
			k->layout_why = xstrdup("its record could not be built");
	}
	for (size_t i = 0; i < w.flocs.nr; i++) {
		struct tc_class *k = tc_header_class(h, w.flocs.v[i].name, 0);
		if (k)
			read_flocs(t, k, w.flocs.v[i].c);
	}
	for (size_t i = 0; i < h->nr_events; i++) {
		struct tc_event *e = h->events[i];
		e->cls = e->class_name && *e->class_name ? tc_header_class(h, e->class_name, 0)
							 : NULL;
		if (e->cls && e->instantiated)
			e->cls->nr_events++;
	}
	for (size_t i = 0; i < w.evfmts.nr; i++) {
		struct tc_event *e = tc_header_event(h, w.evfmts.v[i].name, 0);
		char *s = tc_cx_eval_string(w.evfmts.v[i].c);
		if (e && s && !e->own_print.present) {
			tc_split_print_fmt(&e->own_print, s);
			e->own_print.loc = e->loc;
		}
		free(s);
	}
	/* Fields without a position of their own point at their class. */
	for (size_t i = 0; i < h->nr_classes; i++)
		for (size_t j = 0; j < h->classes[i]->nr_fields; j++)
			if (!h->classes[i]->fields[j].loc.file)
				h->classes[i]->fields[j].loc = h->classes[i]->loc;

	tc_locate_print_args(t);

	for (size_t i = 0; i < w.assigns.nr; i++) {
		struct tc_class *k = tc_header_class(h, w.assigns.v[i].name, 0);
		if (k && !k->assign_analyzed)
			tc_analyze_assign(t, k, w.assigns.v[i].c);
	}
	for (size_t i = 0; i < h->nr_classes; i++)
		tc_analyze_assign_text(h->classes[i]);
	for (size_t i = 0; i < w.prints.nr; i++) {
		const char *n = w.prints.v[i].name;
		struct tc_class *k = tc_header_class(h, n, 0);
		struct tc_event *e = tc_header_event(h, n, 0);
		struct tc_printk *p = NULL;
		if (e && e->own_print.present)
			p = &e->own_print;
		else if (k)
			p = &k->print;
		if (p && !p->args_analyzed)
			tc_analyze_print(t, p, w.prints.v[i].c);
	}

	for (size_t i = 0; i < t->nr_mexp; i++)
		free(t->mexp[i].name);
	free(t->mexp);
	t->mexp = NULL;
	t->nr_mexp = 0;
	pendings_release(&w.structs);
	pendings_release(&w.flocs);
	pendings_release(&w.assigns);
	pendings_release(&w.prints);
	pendings_release(&w.evfmts);
	pendings_release(&w.enumvals);
}
