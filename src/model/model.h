/* SPDX-License-Identifier: MIT */
/*
 * The event model: what one trace header defines, independent of
 * libclang.  The front end (frontend.c, extract.c, assign.c, printk.c)
 * fills it; rules and outputs only read it.
 */
#ifndef TC_MODEL_H
#define TC_MODEL_H

#include <stddef.h>

struct tc_loc {
	const char *file; /* the header's path as given, or clang's name; NULL if unknown */
	unsigned line, col;
};

enum tc_field_kind {
	TC_F_FIELD,
	TC_F_FIELD_EXT,
	TC_F_FIELD_STRUCT,
	TC_F_FIELD_STRUCT_EXT,
	TC_F_FIELD_PACKED,
	TC_F_ARRAY,
	TC_F_DYNAMIC_ARRAY,
	TC_F_STRING,
	TC_F_STRING_LEN,
	TC_F_VSTRING,
	TC_F_BITMASK,
	TC_F_CPUMASK,
	TC_F_SOCKADDR,
	TC_F_REL_DYNAMIC_ARRAY,
	TC_F_REL_STRING,
	TC_F_REL_STRING_LEN,
	TC_F_REL_BITMASK,
	TC_F_REL_CPUMASK,
	TC_F_REL_SOCKADDR,
	TC_F_UNKNOWN,
};

/* The element macro's name ("__field", ...) for a kind, and back. */
const char *tc_field_kind_name(enum tc_field_kind k);
enum tc_field_kind tc_field_kind_from_name(const char *name);
/* __data_loc or __rel_loc element: a 4-byte descriptor in the record. */
int tc_field_kind_is_dynamic(enum tc_field_kind k);
int tc_field_kind_is_rel(enum tc_field_kind k);
int tc_field_kind_is_string(enum tc_field_kind k);

enum tc_write_kind {
	TC_W_ASSIGN,  /* __entry->f = ... (also compound assignment) */
	TC_W_ELEMENT, /* __entry->f[i] = ... */
	TC_W_MEMBER,  /* __entry->f.m = ... */
	TC_W_COPY,    /* memcpy/strscpy/... (__entry->f, ...) */
	TC_W_HELPER,  /* __assign_str(f) and the other __assign_* helpers */
	TC_W_CALL,    /* &__entry->f (or the array) passed to a function */
	TC_W_TEXT,    /* seen only in the token stream of TP_fast_assign */
};

struct tc_write {
	enum tc_write_kind kind;
	char *how;	 /* function or helper name, or NULL */
	int conditional; /* inside if/switch/?:/&&/|| without a covering branch */
	int in_loop;
	long index;	/* constant element index, -1 if none or not constant */
	int nargs;	/* for helpers: number of arguments given */
	struct tc_loc loc;
	unsigned seq;	/* order of the write among the class's reads and writes */
	/*
	 * TC_W_COPY: the byte count the call writes at most, as the compiler
	 * evaluates it (strcpy: the source literal's size with its NUL), -1
	 * when not constant; size_bounded: a non-constant count that is
	 * bounded by the field (sizeof of it, min(len, sizeof(...)), the
	 * kernel's own sized strscpy()) or taken as bounded (it uses a local
	 * or a field the code may have clamped before); src_literal: the strcpy() source is
	 * a string literal; at_element: the destination is &f[i] or f + i.
	 */
	long long size;
	int size_bounded;
	int src_literal;
	int at_element;
	/*
	 * TC_W_ASSIGN with '=': the assigned value, before its conversion
	 * to the field's type.  src_known: it was typed; src_size: sizeof
	 * its type; src_signed; src_bool: a comparison, !, &&, || or a
	 * _Bool value (or ?: of those), whose value is 0 or 1; src_const:
	 * an integer constant, src_value; src_type: its type as written
	 * (the outermost typedef), malloced.
	 */
	int src_known;
	long long src_size;
	int src_signed;
	int src_bool;
	int src_const;
	long long src_value;
	char *src_type;
	/*
	 * TC_W_ASSIGN with '=': what the value can be (field-truncated).
	 * src_range: src_lo..src_hi bound it -- its type's range narrowed by
	 * masks, shifts, %, the arms of ?:, an enum's enumerators, a
	 * bit-field's width, an errno from PTR_ERR() --; 0 when only its type
	 * bounds it or the range is wider than a long long.  src_cast: an
	 * explicit cast; src_checked: a range check bounds it (min(), clamp()
	 * and the like, ?: on a comparison), or may: an operator in a macro's
	 * body, which libclang 14 cannot show, combines it with a constant (a
	 * mask or a shift in FIELD_GET()); src_int: the value's type is an
	 * integer, an enum or a bool (not a pointer, nor an expression libclang
	 * could not type and fell back on a part of).
	 */
	int src_range;
	long long src_lo, src_hi;
	int src_lo_open, src_hi_open; /* that bound is only its type's (not proved) */
	int src_cast;
	int src_checked;
	int src_int;
	/*
	 * TC_W_HELPER of a string (__assign_str(f, src) and the other
	 * forms with a source): what the source is (enum tc_str_src) and
	 * its type as spelt, malloced (NULL: not typed).
	 */
	int str_src;
	char *str_src_type;
	/* and with a length (__assign_str_len()): as tc_field's str_src_size ... */
	long long str_src_size, str_len;
	int str_len_sizeof_ptr;
	/*
	 * TC_W_COPY (and TC_W_HELPER __assign_sockaddr(), __assign_rel_sockaddr(),
	 * the kernel's memcpy()): its size argument as written, blanks taken out
	 * (strcpy(): "strlen(SRC)+1"), NULL when it has none; the
	 * condition of the innermost if or ?: around it, the same way
	 * ("!(C)" in its else), NULL when there is none or the innermost
	 * branch is a switch's, &&'s or ||'s; cond_depth: how many branches
	 * are around it (also for every other TC_W_HELPER).
	 */
	char *size_text;
	char *cond_text;
	int cond_depth;
	/*
	 * TC_W_HELPER of __assign_str() and __assign_rel_str() with a
	 * source: the source as the call spells it (the preprocessor's #src,
	 * so the call's own argument also when the call is in the body of a
	 * macro the event uses), and the same with its macros expanded,
	 * malloced; NULL when the call has none.
	 */
	char *str_src_text, *str_src_xtext;
	/*
	 * A write into an array whose size is known (tc_field.bytes_size)
	 * that covers only part of it: bytes [part_from, part_to) -- a copy
	 * of a constant size, a store through a narrower pointer, an element
	 * (elem_bytes: the size of the element its subscript names, 0 when
	 * not known).
	 */
	int part;
	long long part_from, part_to;
	long long elem_bytes;
};

/* A read of a field (an rvalue use of __entry->f) inside TP_fast_assign. */
struct tc_read {
	struct tc_loc loc;
	unsigned seq;	 /* order among the class's reads and writes */
	int conditional; /* inside if/switch/?:/&&/|| */
	int in_loop;
	int rmw;	 /* read by a compound assignment (f |= x) or ++/-- */
};

/* How completely TP_fast_assign writes a field. */
enum tc_written {
	TC_WRITTEN_NEVER,
	TC_WRITTEN_CONDITIONAL,
	TC_WRITTEN_PARTIAL,
	TC_WRITTEN_ALWAYS,
};

struct tc_field {
	char *name;
	enum tc_field_kind kind;
	char *type;	/* element type as the kernel spells it in the format file */
	char *len_text; /* array length / dynamic length / nr_bits as stringified */
	char *extra;	/* __string source, __vstring fmt, _ext filter type */
	struct tc_loc loc;

	/* Layout in the record (trace_event_raw_<class>); -1 when unknown. */
	long long offset, size, align;
	long long array_len; /* __array: element count; -1 otherwise */
	int is_signed;	     /* -1 unknown */
	int layout_known;

	struct tc_write *writes;
	size_t nr_writes, alloc_writes;
	enum tc_written written;
	char *written_why; /* for CONDITIONAL/PARTIAL: what is missing */
	/*
	 * An __array() or a __dynamic_array() of constant length: its size in
	 * bytes (0: not known), how many of them every path of the assign code
	 * writes, those it does not (e.g. "4-15", malloced; NULL: none), and
	 * whether only element stores write them.
	 */
	long long bytes_size, bytes_written;
	char *bytes_gap;
	int bytes_by_element;
	struct tc_read *reads; /* in the order the assign code reads them */
	size_t nr_reads, alloc_reads;
	/* __array, __dynamic_array, __rel_dynamic_array: sizeof an element; -1 unknown */
	long long el_size;

	/*
	 * The field's size and in-struct alignment on each ABI of enum
	 * tc_abi, computed from its type (abi_known: for every ABI; the
	 * computation reproduced libclang's layout for the parse's target).
	 */
	long long abi_size[4], abi_align[4];
	int abi_known;
	/* __dynamic_array/__rel_dynamic_array: the same for the element type */
	long long elem_abi_size[4], elem_abi_align[4];
	int elem_abi_known;
	/*
	 * The type __field(), __field_ext(), __array() and the dynamic
	 * arrays pass to the kernel's is_signed_type() (the element type
	 * for the arrays): aggregate, what it is when not a scalar (enum
	 * tc_aggregate); bitwise, the name of the sparse __bitwise typedef
	 * its typedef chain goes through (for an enum whose enumerators are
	 * cast to one, that typedef: sparse gives the enum its type),
	 * malloced, or NULL.
	 */
	int aggregate;
	char *bitwise;
	/*
	 * __string(), __string_len() and the __rel_ forms: what the source
	 * given to the kernel's stages is (enum tc_str_src) and its type as
	 * spelt, malloced (NULL: not typed).
	 */
	int str_src;
	char *str_src_type;
	/*
	 * __string_len() and __rel_string_len(): the size of the source when
	 * it is a char array (0: not an array), the length when it is a
	 * constant (0: not one), and whether the length is sizeof of a
	 * pointer (the pointer's size, not the string's).
	 */
	long long str_src_size, str_len;
	int str_len_sizeof_ptr;
	/*
	 * __string(), __string_len() and the __rel_ forms: the source with
	 * its macros expanded, malloced, or NULL (extra has it as spelt).
	 */
	char *str_src_xtext;
};

/* What a field's type is when it is not a scalar (tc_field.aggregate). */
enum tc_aggregate {
	TC_AGG_NONE,
	TC_AGG_STRUCT,
	TC_AGG_UNION,
	TC_AGG_ARRAY,
};

/* What a string source is (tc_field.str_src, tc_write.str_src). */
enum tc_str_src {
	TC_SS_UNKNOWN,
	TC_SS_STRING,	    /* a pointer to char or void, or a char array (it decays) */
	TC_SS_PTR_TO_ARRAY, /* a pointer to an array of char: &dev->name */
	TC_SS_OTHER_PTR,    /* a pointer to something else than char */
	TC_SS_NOT_PTR,	    /* an integer, a struct ... */
};

/* The ABIs whose record layouts are computed (tc_field.abi_size). */
enum tc_abi {
	TC_ABI_X86_64,
	TC_ABI_I386,
	TC_ABI_AARCH64,
	TC_ABI_ARM,
	TC_NR_ABIS,
};

/* "x86_64", "i386", "aarch64", "arm". */
const char *tc_abi_name(enum tc_abi a);
/* The ABI of a name or target triple ("i686-linux-gnu", "arm64"), -1 if none. */
int tc_abi_of(const char *name_or_triple);
/* 8-byte longs and pointers. */
int tc_abi_is_64bit(enum tc_abi a);
/* Is plain char signed in the ABI's C (x86: yes; arm, aarch64: no)?  -1 (unknown): no. */
int tc_abi_char_signed(int a);

struct tc_macro_use {
	char *name;
	struct tc_loc loc;
	struct tc_loc def_loc; /* where the macro is defined, file NULL if built in */
	int standard;	       /* a TRACE_EVENT helper user space knows */
};

struct tc_call {
	char *callee;	/* function name ("" when called through an expression) */
	struct tc_loc loc;
	int declared;	/* 0: implicitly declared (no prototype visible) */
	int from_macro; /* the call is not written in the argument itself */
};

/*
 * An enumerator the print argument refers to, as the compiler resolved
 * it (the print fmt keeps its name: only TRACE_DEFINE_ENUM makes the
 * kernel rewrite it into a number).
 */
struct tc_enum_ref {
	char *name;	    /* the enumerator */
	long long value;
	char *enum_name;    /* its enum's tag ("" when anonymous) */
	struct tc_loc decl_loc; /* where the enumerator is declared */
	struct tc_loc enum_loc; /* where its enum is declared */
	int in_table;	    /* a value in a __print_symbolic()/__print_flags() table */
	int outside_table;  /* used elsewhere: comparisons, arithmetic ... */
};

/*
 * A name in a print argument that is not the record's: a parameter or
 * local of the kernel's output function (iter, flags, trace_event, s,
 * p, field, ret; a DEFINE_EVENT_PRINT's event and entry) or a variable
 * at file scope, as the compiler resolved it in the PRINT pass.  The
 * output function's own names are counted only where the header (or a
 * macro it uses) spells them, not where the stage's helpers do.
 */
enum tc_foreign_kind {
	TC_FOREIGN_PARAM,  /* a parameter of the output function */
	TC_FOREIGN_LOCAL,  /* a local of the output function */
	TC_FOREIGN_GLOBAL, /* a variable at file scope */
	TC_FOREIGN_PROTO,  /* a TP_PROTO parameter: not in scope there */
	/*
	 * a name the header's context does not declare (not a call): a
	 * kernel variable, or a macro of an include the context lacks
	 */
	TC_FOREIGN_UNDECLARED,
};

struct tc_foreign_ref {
	char *name;
	enum tc_foreign_kind kind;
	char *type;	     /* its declared type as the compiler spells it */
	int is_const;	     /* GLOBAL: const-qualified (a table, a constant) */
	int call_arg;	     /* passed as it is to a function (p to a *_seq() printer) */
	struct tc_loc loc;   /* where the name is spelled */
	int in_macro;	     /* spelled in a macro's definition, not in the argument */
	char *macro;	     /* that macro, when known */
	struct tc_loc macro_def; /* where it is defined */
	struct tc_loc decl_loc;	 /* GLOBAL: where the variable is declared */
	int indexed;		 /* subscripted in the argument: name[...], a table */
};

/* One entry of a __print_symbolic()/__print_flags() table. */
struct tc_helper_sym {
	long long value; /* as the kernel's unsigned long holds it */
	int value_known;
	char *name;	 /* NULL when not a constant string */
	int name_null;	 /* the name is a null pointer (NULL, 0) */
};

/*
 * A TRACE_EVENT helper the print argument calls, as the PRINT pass
 * sees it: the __get_*() getters, __print_array(), __print_dynamic_array(),
 * __print_hex(), __print_hex_str(), __print_hex_dump(), __print_symbolic()
 * and __print_flags().
 */
struct tc_helper_use {
	char *helper;	  /* "__get_str", "__print_array", ... */
	unsigned ordinal; /* earlier uses of the same helper in this argument */
	char *field;	  /* the field read: the getter's argument, or the buffer's field */
	int field_rel;	  /* named through its __rel_loc_ descriptor */
	int buf_dynamic;  /* the buffer is a getter's (__get_dynamic_array(field) ...) */
	long long count;  /* __print_array count, __print_hex* length; -1 not constant */
	long long el_size; /* __print_array element size; -1 not constant or none */
	char *len_field;  /* the count is __get_dynamic_array_len(len_field) itself */
	struct tc_helper_sym *syms; /* the table, without the kernel's terminator */
	size_t nr_syms, alloc_syms;
	int syms_known;	  /* the table was read */
	/*
	 * The kernel reads the table to its ARRAY_SIZE() and appends no
	 * { -1, NULL } terminator (the stages of 7.0 and later): a NULL
	 * name is an entry like any other, which trace_seq_puts() takes.
	 * 0: up to the first NULL name.
	 */
	int table_sized;
	/*
	 * __get_bitmask()/__get_cpumask(): the kernel prints the bitmap into
	 * iter->tmp_seq after trace_seq_init() (7.0 and later, for the
	 * bitmask-list option), over what other helpers printed there.
	 */
	int restarts_tmp_seq;
	int whole_arg;	  /* a getter that is the whole print argument (casts aside) */
	/* __print_symbolic()/__print_flags(): the integer type of the value printed */
	int value_size;	  /* bytes, -1 unknown or not an integer */
	int value_signed;
	char *value_type; /* its spelling */
};

/* What kind of type a print argument has. */
enum tc_arg_class {
	TC_AT_UNKNOWN,
	TC_AT_INT,   /* integer, enum, _Bool */
	TC_AT_FLOAT,
	TC_AT_PTR,
	TC_AT_ARRAY,
	TC_AT_OTHER, /* struct, union, ... */
};

struct tc_printk_arg {
	char *raw;	/* the TP_printk() argument this one comes from, as written */
	size_t raw_index; /* which one (a macro can expand to several arguments) */
	char *expanded; /* as the format file records it */
	struct tc_loc loc;
	int loc_exact; /* loc is the argument's own position */
	struct tc_macro_use *macros;
	size_t nr_macros, alloc_macros;
	struct tc_call *calls;
	size_t nr_calls, alloc_calls;
	struct tc_enum_ref *enum_refs; /* once per name, in order of first use */
	size_t nr_enum_refs, alloc_enum_refs;
	struct tc_foreign_ref *foreign; /* in order of use, once per spelling */
	size_t nr_foreign, alloc_foreign;
	struct tc_helper_use *helpers; /* in the order the PRINT pass calls them */
	size_t nr_helpers, alloc_helpers;
	/*
	 * The argument's C type as the PRINT pass's compiler typed it, before
	 * the default argument promotions (type_class 0: not known, e.g. an
	 * argument that calls an undeclared function or has errors).
	 */
	enum tc_arg_class type_class;
	char *type;	      /* as spelt ("u64", "char [16]") */
	char *type_canon;     /* canonical ("unsigned long long") */
	long long type_size;  /* sizeof, -1 unknown */
	int type_signed;      /* integers: signed (enums per their type) */
	int type_word;	      /* long, unsigned long or a pointer: 4 bytes on 32-bit */
	char *pointee;	      /* pointer or array: the element type (canonical) */
	long long pointee_size; /* pointer: sizeof(*p); array: the array's size; -1 unknown */
	int pointee_char;     /* the element is char, signed char or unsigned char */
	int is_const;	      /* an integer constant expression ... */
	long long const_value; /* ... of this value */
	/*
	 * A __print_symbolic()/__print_flags() argument whose table this
	 * configuration shrank (a macro of it has another definition under
	 * an #if of this CONFIG_ option, which is off): malloced, or NULL.
	 */
	char *table_cfg;
};

struct tc_printk {
	int present;
	char *fmt;	 /* the format string's value */
	char *fmt_raw;	 /* the format as written */
	char *print_fmt; /* the format file's "print fmt:" text */
	struct tc_loc loc; /* its TP_printk() (HE_PRINTK(), RE_PRINTK()), else its event's */
	int at_printk;	   /* placed: loc is the TP_printk() itself (a wrapper's: the event) */
	struct tc_printk_arg *args; /* as the print fmt has them, after expansion */
	size_t nr_args, alloc_args;
	char **raw_args; /* as written */
	size_t nr_raw_args;
	int args_analyzed; /* the print function was found and walked */
	int args_located;  /* argument positions found in the header */
	unsigned *raw_range; /* front end: [start, end] offset of each raw argument */
	struct tc_loc *raw_locs; /* where each raw argument starts */
	long long word_size; /* sizeof(long) and of a pointer on the target; 0 unknown */
};

struct tc_class {
	char *name;
	char *macro; /* TRACE_EVENT, DECLARE_EVENT_CLASS, ... */
	char *system;
	char *proto, *args;
	struct tc_loc loc;
	struct tc_field *fields;
	size_t nr_fields, alloc_fields;
	int fields_known; /* the TP_STRUCT__entry could be read */

	long long size;	       /* sizeof(struct trace_event_raw_<c>), -1 unknown */
	long long align;       /* its alignment */
	long long data_offset; /* offsetof(__data) */
	int layout_known;
	char *layout_why; /* why not */

	char *assign_text;
	int assign_analyzed; /* the assign function was found and walked */
	int assign_whole;    /* __entry itself is handed to a function */
	struct tc_printk print;
	size_t nr_events; /* DEFINE_EVENTs (and TRACE_EVENT) using it */
	/*
	 * A trace remote's event (REMOTE_EVENT(), HYP_EVENT(), 7.x): its own
	 * class, no tracepoint; its record starts with a 2-byte header (the
	 * common_type) and its format file (kernel/trace/trace_remote.c)
	 * gives each field the offset of the sizes before it.
	 */
	int remote;
};

struct tc_event {
	char *name;
	char *macro;
	char *class_name;
	struct tc_class *cls; /* NULL if the class is not defined here */
	struct tc_loc loc;
	struct tc_printk own_print; /* DEFINE_EVENT_PRINT */
	int instantiated; /* 0 for the _NOP forms and DECLARE_TRACE */
	int remote;	  /* a trace remote's event: no tracepoint (tc_class.remote) */
};

struct tc_enum_def {
	char *text;
	int is_sizeof;
	long long value;
	int value_known;
	int is_enumerator; /* ENUM of an enumerator: not a macro, number or expression */
	struct tc_loc loc;
};

struct tc_header {
	char *path; /* as given */
	char *abs_path;
	char *tree_path; /* relative to its kernel tree's top, or NULL outside a tree */
	char *tree_root; /* that top, as the tree was named (links are not resolved) */
	char *text;	 /* the text the front end parsed (read_file(): the overlay's), or NULL */
	size_t text_len;
	char *system; /* TRACE_SYSTEM as stringified */
	char *reread_how; /* "kernel", "self", "missing" or NULL (never instantiated) */
	char *reread_path;
	/*
	 * "kernel": the file define_trace.h's re-include found (clang's
	 * name for it), and whether it is this header (1), another file (0)
	 * or unknown (-1).
	 */
	char *reread_file;
	int reread_is_self;
	struct tc_class **classes;
	size_t nr_classes, alloc_classes;
	struct tc_event **events;
	size_t nr_events, alloc_events;
	struct tc_enum_def *enums;
	size_t nr_enums, alloc_enums;
	int bare;		 /* no kernel tree */
	/*
	 * the kernel it is built against (kfacts.h's TC_KV()): --kernel-version,
	 * else the version of the tree (its build directory's version.h, its
	 * Makefile) or of kbuild's command line; 0 if unknown
	 */
	int kernel_version;
	int remote;		 /* a trace remote's event header (REMOTE_EVENT(), HYP_EVENT()) */
	int array_len_as_text;	 /* the tree's format files spell array lengths as written */
	/*
	 * plain char is signed in this build: no -funsigned-char (before
	 * 6.2: kfacts.h) and an ABI whose char is signed (x86)
	 */
	int char_signed;
	char *instantiator;	 /* the .c whose context the header was checked in (tree-relative) */
	char *built_by;		 /* another build of it (rebuild.h): its Makefile's directory */
	int minimal_context;	 /* its flags only: the header needed none of its includes */
	char *context_why;	 /* else the error that said it needs them */
	/*
	 * Why nothing of the header was read, or NULL: it nests too deeply
	 * for libclang -- brackets deeper than ctok.h's TC_MAX_NESTING in
	 * its text (libclang stops at 256, after a preprocessing that takes
	 * minutes), or a parse that ran out of its stack (stackguard.h).
	 */
	char *too_deep;
	size_t nr_clang_errors;	 /* errors libclang reported (context only) */
	char **clang_messages;	 /* for --verbose */
	size_t nr_clang_messages, alloc_clang_messages;
	/*
	 * Lines of the header this configuration leaves out under an #if
	 * that names a CONFIG_ option (the first such option in option):
	 * what is there is neither checked nor seen by the rules.
	 */
	struct tc_cfg_off {
		unsigned first, last;
		char *option;
		/* the bodies of the macros it uses, expanded three deep, or NULL */
		char *expansion;
	} *cfg_off;
	size_t nr_cfg_off, alloc_cfg_off;
	/*
	 * The header read again in other configurations (frontend/cfgpass.c),
	 * for the events this one leaves out under an #if, #ifdef or
	 * IS_ENABLED() of options: each pass with some of those options on
	 * (or, for an #elif or #else, off).  config says how it differs from
	 * this configuration ("CONFIG_A=y CONFIG_B=n"); h is the model of
	 * that parse (owned; it has no passes of its own).
	 */
	struct tc_cfg_pass {
		char *config;
		struct tc_header *h;
		/*
		 * the events it was for, each with the options its own
		 * #if wants (some of config's)
		 */
		char **events, **event_configs;
		size_t nr_events;
		/* what its options need besides, as Kconfig says ("CONFIG_A=y"), or NULL */
		char *implied;
	} *cfg_passes;
	size_t nr_cfg_passes;
	/*
	 * The lines of event macros (and of the #include of
	 * <trace/define_trace.h>) the passes were for and did not read, each
	 * with why ("needs more than 4 configurations", "with CONFIG_A=y the
	 * header does not compile: ..."): they stay not checked.
	 */
	struct tc_cfg_left {
		unsigned line;
		char *why;
		int options; /* options decide whether it is in (else: macros that are no option) */
	} *cfg_left;
	size_t nr_cfg_left;
	/*
	 * Errors the compiler found in the header itself that the kernel's
	 * build has as well (compile-error): a function defined inside the
	 * multi-read section, which <trace/define_trace.h>'s re-reads define
	 * again.  Once per place, in the order found.
	 */
	struct tc_compile_error {
		struct tc_loc loc;
		char *msg;  /* the compiler's */
		char *name; /* the function */
	} *compile_errors;
	size_t nr_compile_errors, alloc_compile_errors;
	char **undeclared;	 /* identifiers libclang found undeclared */
	size_t nr_undeclared, alloc_undeclared;
	char **interned;
	size_t nr_interned, alloc_interned;
	int abi;		/* enum tc_abi of the parse's target, -1 when none of them */
	unsigned layout_abis;	/* the ABIs layout-abi compares (1 << tc_abi), 0: the target's only */
	unsigned userspace;	/* the libtraceevent releases judged (a tc_uset), 0: the default */
	/*
	 * kbuild's -I directories of the parse, absolute, in order: the
	 * tree's (LINUXINCLUDE), then those of the instantiator's Makefile
	 * (ccflags-y, CFLAGS_x.o); not tracecheck's own.  The scratch
	 * directory of an unconfigured tree's generated headers is named
	 * as the tree's.
	 */
	char **include_dirs;
	size_t nr_include_dirs;
	/*
	 * Patch mode, the side after the patch: the same header as the tree
	 * was before it (the rules' ctx->before), else NULL.  Not owned:
	 * whoever parsed it frees it.
	 */
	const struct tc_header *before;
};

struct tc_header *tc_header_new(const char *path);
void tc_header_free(struct tc_header *h);
struct tc_class *tc_header_class(struct tc_header *h, const char *name, int create);
struct tc_event *tc_header_event(struct tc_header *h, const char *name, int create);
struct tc_field *tc_class_field(struct tc_class *c, const char *name);
/* The printk an event prints with: its own (DEFINE_EVENT_PRINT) or its class's. */
const struct tc_printk *tc_event_print(const struct tc_event *e);
/* The first instantiated event of h that prints with pk, NULL if none does. */
const struct tc_event *tc_printk_event(const struct tc_header *h, const struct tc_printk *pk);

struct tc_write *tc_field_add_write(struct tc_field *f, enum tc_write_kind kind);
struct tc_read *tc_field_add_read(struct tc_field *f);
struct tc_printk_arg *tc_printk_add_arg(struct tc_printk *p);
void tc_printk_release(struct tc_printk *p);

/* The CONFIG_ option under which line of the header is left out, or NULL. */
const char *tc_header_cfg_off(const struct tc_header *h, unsigned line);
/*
 * The pass (h->cfg_passes) that defines the event name, when h itself
 * does not: NULL if h does, or none does.  *found: whether one does.
 * An event h has only as a _NOP form is the pass's that instantiates it.
 */
/*
 * The model a finding of configuration config (diag.h) is about: h's
 * pass of it (or of an event's part of it), else h.
 */
const struct tc_header *tc_header_of_config(const struct tc_header *h, const char *config);
const struct tc_cfg_pass *tc_header_event_pass(const struct tc_header *h, const char *name,
					       int *found);
/*
 * The option of the first left-out region whose code spells the
 * identifier name (comments and literals aside), or whose macros expand
 * to it (tc_cfg_off.expansion), or NULL: a use this configuration does
 * not see.
 */
const char *tc_header_name_cfg_off(const struct tc_header *h, const char *name);

/* The header's kernel tree (tree_root); malloced, NULL outside a tree. */
char *tc_header_tree_root(const struct tc_header *h);

/*
 * The class's TP_fast_assign() code as written (assign_text before its
 * macro-expanded copy); malloced, NULL when there is none.
 */
char *tc_class_assign_raw(const struct tc_class *c);

/* A location's file interned in the header (same pointer for the same name). */
const char *tc_header_intern(struct tc_header *h, const char *file);

#endif
