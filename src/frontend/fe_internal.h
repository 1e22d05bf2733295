/* SPDX-License-Identifier: MIT */
/* Shared by the front end's files; not part of the model's interface. */
#ifndef TC_FE_INTERNAL_H
#define TC_FE_INTERNAL_H

#include <clang-c/Index.h>

#include "frontend.h"
#include "model.h"

/* A macro expansion inside the header, from the preprocessing record. */
struct tc_mexp {
	char *name;
	unsigned off;
	CXCursor c;
};

struct tc_tu_text {
	CXFile file;
	const char *text;
	size_t len;
	char *own; /* text, when read from the disk */
};

struct tc_tu {
	CXTranslationUnit tu;
	CXFile header_file;
	struct tc_header *h;
	struct tc_mexp *mexp; /* in header order */
	size_t nr_mexp, alloc_mexp;
	/* the precompiled prelude it was read with, or NULL */
	const struct tc_pch_info *pch;
	/*
	 * The unit's own file, and where its lines come from: from line
	 * unit_line0 + 1 on, the text of unit_source (the .c that
	 * instantiates the header) from its first line; NULL: none.
	 */
	CXFile unit_file;
	char *unit_source;
	unsigned unit_line0;
	/* the names define_trace.h looked for to read a header again, as written */
	char **rereads;
	size_t nr_rereads, alloc_rereads;
	/* the files tc_cx_file_text() was asked for, and their texts */
	struct tc_tu_text *texts;
	size_t nr_texts, alloc_texts;
};

/*
 * Where a location is written in a file (a macro argument's token: in
 * the argument; a macro body's: at the invocation), the same with every
 * libclang; see cxutil.c.  The only way the front end asks.
 */
void tc_cx_file_pos(CXSourceLocation l, CXFile *f, unsigned *line, unsigned *col, unsigned *off);
/* The same location in the header's terms, mapped to its path. */
struct tc_loc tc_cx_file_loc(struct tc_tu *t, CXSourceLocation l);
/* The outermost expansion location (where a macro was invoked). */
struct tc_loc tc_cx_expansion_loc(struct tc_tu *t, CXSourceLocation l);
int tc_cx_in_header(struct tc_tu *t, CXSourceLocation l);
unsigned tc_cx_file_offset(CXSourceLocation l);
/*
 * clang_getFileContents() of a file of t's unit, asked of libclang once:
 * it looks for the file among the unit's source locations, the
 * precompiled prelude's too, at every call (cxutil.c).
 */
const char *tc_cx_file_text(struct tc_tu *t, CXFile f, size_t *size);
void tc_cx_file_texts_free(struct tc_tu *t);

/* The name of an expression's type, the same in every libclang (cxutil.c). */
char *tc_cx_expr_type_name(CXCursor e);
/* What a libclang diagnostic is about, whatever clang's wording (cxutil.c). */
enum tc_cxd_kind {
	TC_CXD_OTHER,
	TC_CXD_UNDECLARED_FUNCTION, /* a call of an undeclared function */
	TC_CXD_UNDECLARED,	    /* an undeclared identifier */
	TC_CXD_UNKNOWN_TYPE,	    /* an unknown type name */
	TC_CXD_FILE_NOT_FOUND,	    /* an #include not found */
	TC_CXD_INCLUDE_TOO_DEEP,    /* #include nested past the limit */
	TC_CXD_MACRO_UNTERMINATED,  /* a function-like macro invocation never closed */
	TC_CXD_MACRO_TOO_FEW,	    /* too few arguments to a function-like macro */
	TC_CXD_MACRO_TOO_MANY,	    /* too many arguments to a function-like macro */
	TC_CXD_REDEFINITION,	    /* a redefinition (name: of what) */
};
struct tc_cx_diag {
	enum tc_cxd_kind kind;
	char *name;	  /* the function, identifier, type or file; NULL for OTHER */
	char *clang_text; /* clang's own message, for -v only */
};
void tc_cx_diag_classify(CXDiagnostic d, struct tc_cx_diag *out);
char *tc_cx_diag_text(const struct tc_cx_diag *d);
void tc_cx_diag_release(struct tc_cx_diag *d);
/* Copy of a CXString, disposed. */
char *tc_cx_str(CXString s);
/* The same file (also two that are not on the disk, which libclang's IDs confuse)? */
int tc_cx_file_equal(CXFile a, CXFile b);
/* The value of the string initialiser of a `const char *const` variable, or NULL. */
char *tc_cx_eval_string(CXCursor var);
/* The value of a string-literal expression, or NULL. */
char *tc_cx_eval_string_expr(CXCursor e);
/* The integer value of a cursor (expression, or variable initialiser). */
int tc_cx_eval_int(CXCursor c, long long *out);

/*
 * Record what the unit tu (its main file tu_name, parsed with argv)
 * read and looked up, as dependencies of the result being computed
 * (deps.h; fedeps.c); the files of its precompiled prelude pch are the
 * PCH's (recorded with it).
 */
void tc_fe_record_deps(CXTranslationUnit tu, const char *tu_name, const char *const *argv,
		       size_t argc, const struct tc_pch_info *pch);
/*
 * What tracecheck's define_trace.h looked for with a computed
 * __has_include(), known once the unit is read (t->rereads): recorded
 * for the units tc_fe_record_deps() saw since the last call.
 */
void tc_fe_record_rereads(const struct tc_tu *t, const char *const *argv, size_t argc);

/*
 * The kernel prelude precompiled (pch.c): the PCH of prelude (one of
 * the two) for units whose common flags are argv, its dependencies
 * recorded (NULL: none, parse without).  The files it holds are read from it, not again from the
 * disk: what the front end learns from every file of a unit (the
 * dependencies, the skipped regions' #defines) it learns of those when
 * the PCH is made, and keeps (alts: "NAME OPTION" lines).  After a parse
 * with it, tc_pch_failed() says whether clang refused it; tc_pch_forget()
 * drops it then.
 */
struct tc_pch_info {
	char *path;
	char **files; /* sorted, as the dependencies name them */
	size_t nr_files;
	char *alts;
};
extern const char tc_pch_prelude[], tc_pch_prelude_big[];
struct tc_pch_info *tc_pch_get(CXIndex idx, const char *prelude, const char *const *argv,
			       size_t n);
void tc_pch_info_free(struct tc_pch_info *pch);
/* Is file (a name libclang gives) one of the PCH's? */
int tc_pch_has_file(const struct tc_pch_info *pch, CXFile file);
int tc_pch_failed(CXTranslationUnit tu);
void tc_pch_forget(const char *prelude, const char *const *argv, size_t n);
/*
 * The prelude of a header's own: tc_pch_prelude and the #include lines
 * the header starts with (a quoted one by its path, where the header
 * in hdir read with argv finds it), for a header checked again and
 * again as it is edited: the
 * edit changes the header, rarely what it includes.  NULL when they
 * cannot be read first: a #define of the header's own before them (but
 * TRACE_SYSTEM and its kin, and its guard), an #include under a
 * condition, a trace header included.
 */
char *tc_pch_header_prelude(const char *text, const char *hdir, const char *const *argv,
			    size_t n);
/* Has header been read with the flags argv before (in this cache)?  It has now. */
int tc_pch_seen_again(const char *header, const char *const *argv, size_t n);
/* The #defines of the unit's skipped regions, as tc_pch_info's alts (cfgtable.c). */
char *tc_cfg_alts(CXTranslationUnit tu);

/* Children of a cursor, in order. */
struct tc_cursors {
	CXCursor *v;
	size_t nr, alloc;
};
void tc_cx_children(CXCursor c, struct tc_cursors *out);
void tc_cursors_release(struct tc_cursors *cs);
/* Skip parentheses and implicit conversions. */
CXCursor tc_cx_strip(CXCursor c);
/* A canonical enum type's canonical integer type; other types as they are. */
CXType tc_cx_unenum(CXType c);
/*
 * The one signedness test of a type kind: a signed integer (plain char
 * where it is signed, signed char, short, int, long, long long,
 * __int128).  Callers add what they mean beyond it (floats, wchar_t).
 */
int tc_cx_signed_int(enum CXTypeKind k);
/*
 * Whether an enum type is signed as gcc lays it out (cxutil.c has the
 * rules): 1 when an enumerator is negative, 0 when none is, -1 unknown.
 */
int tc_cx_enum_signed(CXType c);
/* tc_cx_signed_int() of a type, an enum's sign as gcc has it. */
int tc_cx_type_signed_int(CXType t);

/*
 * cfgpass.c: the passes of a header in other configurations, for the
 * events this one leaves out under #if of options (tc_header's
 * cfg_passes).  The plan is made from the unit t of the header's text
 * (parsed with args; in the kernel tree kroot of architecture karch, or
 * NULL), while it is there; NULL: nothing to do.  Running
 * it parses the header again in each configuration it names
 * (tc_fe_parse_variant()), with the rebuild-th other build of its
 * instantiating .c as h was (rebuild.h; 0: its own), the passes into h;
 * it frees the plan.
 */
struct tc_cfgpass_plan;
struct tc_frontend;
struct tc_cfgpass_plan *tc_cfgpass_plan(struct tc_tu *t, const char *text,
					const char *const *args, size_t nargs, const char *kroot,
					const char *karch);
void tc_cfgpass_plan_free(struct tc_cfgpass_plan *p);
void tc_cfgpass_run(struct tc_frontend *fe, struct tc_header *h, struct tc_cfgpass_plan *p,
		    size_t rebuild);
/*
 * frontend.c: the header at path parsed as tc_frontend_parse() does,
 * but in another configuration: its autoconf.h is the file autoconf,
 * found first through -Iincdir (where the flags -include the tree's
 * generated/autoconf.h, autoconf instead); force: -include autoconf
 * after every other flag (a bare header, which has none); with the
 * rebuild-th other build of its instantiating .c (rebuild.h; 0: its own).
 * No passes of its own, no --save-tu.
 */
struct tc_fe_variant {
	const char *incdir;
	const char *autoconf;
	int force;
	size_t rebuild;
};
struct tc_header *tc_fe_parse_variant(struct tc_frontend *fe, const char *path,
				      const struct tc_fe_variant *v);

/* frontend.c, fetree.c, fediag.c, feunit.c: the front end, and the flags of a unit */
struct tc_frontend {
	struct tc_fe_options o;
	char *own_tree, *own_build; /* a build directory's trees (tc_frontend_new()) */
	CXIndex index;
	CXIndex index_pch; /* for units read with a PCH: its declarations are not visited */
	struct tc_ktree **trees; /* prepared kernel trees, reused across headers */
	size_t nr_trees, alloc_trees;
	/* tc_frontend_context_key()'s last answer, and the tree it is for */
	char *ctx_key, *ctx_key_root;
};

struct argv {
	char **v;
	size_t nr, alloc;
};
void tc_fe_argv_push(struct argv *a, const char *s);
void tc_fe_argv_release(struct argv *a);

struct tc_ktree;
struct tc_instantiator;
/* fetree.c: the kernel tree at root, prepared once; NULL if it cannot be used */
struct tc_ktree *tc_fe_get_tree(struct tc_frontend *fe, const char *root);
/* Is plain char unsigned in the build (-funsigned-char)? */
int tc_fe_unsigned_char(const struct tc_frontend *fe, const struct tc_ktree *tree, int version);
/* The kernel tree a header (absolute path) is checked in, or NULL. */
char *tc_fe_tree_root_of(const struct tc_frontend *fe, const char *abs_path);

/* fediag.c: libclang's errors into the header (h->clang_messages, compile_errors, undeclared) */
void tc_fe_collect_clang_diags(struct tc_tu *t);
/* Input the analysis cannot stand on: 1 after a one-line error naming where, else 0. */
int tc_fe_broken_input(struct tc_tu *t, const char *path);
/* Does the unit say that the header needs more context than it gave?  Why in *why. */
int tc_fe_lacks_context(CXTranslationUnit tu, const char *abs_path, const char *shown,
			const char *hdir, const char *text, size_t len, char **why);

/* feunit.c: --save-tu: the unit and its arguments into dir */
void tc_fe_save_tu(const char *dir, const struct argv *args, const char *tu_name,
		   const char *tu_text, const char *gen);
/* The synthetic unit: basics, the instantiator's text, then the header instantiated. */
char *tc_fe_unit_text(const char *basics, const char *prelude, const char *header, int remote);
/* A unit parsed, against a precompiled prelude when there is one; its dependencies recorded. */
enum CXErrorCode tc_fe_parse_with_prelude(struct tc_frontend *fe, const char *tu_name,
					  const char *tu_text, struct tc_tu *t, struct argv *args,
					  size_t common, const struct tc_instantiator *inst,
					  const char *cprelude, const char *htext, const char *hdir);

/* extract.c: walk the translation unit and build the model. */
void tc_extract(struct tc_tu *t);
/* cfgoff.c: the CONFIG_ option the #if (or #elif) at line of text names; malloced, NULL if none. */
char *tc_config_option(const char *text, unsigned line);
/* cfgoff.c: the header's regions left out under an #if of a CONFIG_ option (h->cfg_off). */
void tc_collect_cfg_off(struct tc_tu *t, const char *text);
/*
 * cfgtable.c: mark the print arguments whose tables this configuration
 * shrank (tc_printk_arg.table_cfg).
 */
void tc_mark_cfg_tables(struct tc_tu *t);
/*
 * abilayout.c: a field type's size and in-struct alignment on each
 * tc_abi (packed: alignment 1); -1 when not known.  main_abi is the
 * parse's target, whose layout the computation must reproduce.
 */
int tc_abi_field_layout(CXType t, int main_abi, int packed, long long *size, long long *align);
/* assign.c: the TP_fast_assign analysis of one class. */
void tc_analyze_assign(struct tc_tu *t, struct tc_class *c, CXCursor fn);
void tc_analyze_assign_text(struct tc_class *c);
/* printk.c: calls, enumerators and types of the TP_printk arguments. */
void tc_analyze_print(struct tc_tu *t, struct tc_printk *p, CXCursor fn);
/* printloc.c: the print fmt, and where each argument is in the header */
void tc_split_print_fmt(struct tc_printk *p, const char *meta);
void tc_locate_print_args(struct tc_tu *t);
/* The macros used between offsets start and end of the header into a. */
void tc_print_attach_macros(struct tc_tu *t, struct tc_printk_arg *a, unsigned start,
			    unsigned end);

/* printk.c, printforeign.c, printhelpers.c: the PRINT pass's output function read */
struct pctx {
	struct tc_tu *t;
	struct tc_printk *p;
	struct tc_printk_arg *arg;
	CXCursor printf_call;
	int found;
	long raw; /* raw argument found for an expression, -1 if none */
	CXCursor root; /* the argument's expression, parentheses and casts stripped */
	int restart_pending; /* a 7.0 __tc_h_bitmask() whose getter comes next */
};

/*
 * Names of the record's output function in a print argument, and
 * variables at file scope (struct tc_foreign_ref).
 */
struct foreign_walk {
	struct pctx *x;
	const struct fn_decls *fn;
	int call_arg; /* the DeclRefExpr at hand is passed as it is to a call */
};

/*
 * The output function's own parameters and locals (the block's
 * parameters and the declarations of its body, not the aliases).
 */
struct fn_decls {
	CXCursor v[16];
	size_t nr;
};

/* printforeign.c: names a print argument uses that are not in scope in the output function */
void tc_print_foreign_walk_one(CXCursor c, CXCursor parent, struct foreign_walk *w);
enum CXChildVisitResult tc_print_find_block(CXCursor c, CXCursor parent, CXClientData data);
void tc_print_find_proto_names(struct tc_tu *t, struct tc_printk *p);
/* printhelpers.c: the print helpers an argument uses */
void tc_print_number_helpers(struct tc_printk_arg *a);
enum CXChildVisitResult tc_print_find_helpers(CXCursor c, CXCursor parent, CXClientData data);
/*
 * fieldtype.c: the kind of type a field hands to is_signed_type()
 * (tc_field.aggregate, .bitwise), from its member in a record the stages
 * build; what a string helper's source is (enum tc_str_src), its type's
 * name in *type (malloced, NULL when not typed).
 */
void tc_read_field_type(struct tc_tu *t, struct tc_field *f, CXCursor member);
int tc_string_source(CXCursor src, char **type);
/*
 * A source and its length (__string_len(), __assign_str_len()): the
 * source's size when it is a char array, the length's value when
 * constant (0: neither), whether the length is sizeof of a pointer.
 */
void tc_string_length(struct tc_tu *t, CXCursor src, CXCursor len, long long *src_size,
		      long long *len_value, int *len_sizeof_ptr);

#endif
