/* SPDX-License-Identifier: MIT */
#ifndef TC_UTIL_H
#define TC_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * qsort() and bsearch() of n elements of base (its own type) that take
 * n == 0 with base NULL (an empty list never allocated), which the C
 * library's may not (undefined behaviour; UBSan says so).
 */
#define QSORT(base, n, cmp) tc_qsort((base), (n), sizeof(*(base)), (cmp))
#define BSEARCH(key, base, n, cmp) tc_bsearch((key), (base), (n), sizeof(*(base)), (cmp))
static inline void tc_qsort(void *base, size_t n, size_t size,
			    int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

static inline void *tc_bsearch(const void *key, const void *base, size_t n, size_t size,
			       int (*cmp)(const void *, const void *))
{
	return n ? bsearch(key, base, n, size, cmp) : NULL;
}

/* Program name for messages ("tracecheck"). */
extern const char *tc_progname;

/* Print "tracecheck: fatal: ..." and exit 2. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* Print "tracecheck: error: ..." and return -1. */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print "tracecheck: warning: ...". */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print "tracecheck: note: ...". */
void advise(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print a line on standard error as it is (-v's account, --fix's). */
void inform(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * A message about a place in a file, in gcc's shape, so that editors go
 * there: "FILE:LINE:COL: error: ..." (line 0: "FILE: error: ...", col 0:
 * "FILE:LINE: error: ...").  error_at() returns -1.
 */
int error_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void warning_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void advise_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* The same at a place already spelt "FILE:LINE[:COL]". */
int error_place(const char *place, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void warning_place(const char *place, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void advise_place(const char *place, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The messages of the functions above, by level. */
enum tc_msg_level {
	TC_MSG_PLAIN, /* inform() */
	TC_MSG_NOTE, /* advise() */
	TC_MSG_WARNING,
	TC_MSG_ERROR,
	TC_MSG_FATAL,
};

/*
 * Where the messages go: standard error, or (sink set) the sink, with
 * the text alone (no "tracecheck: error: ", no newline).  A worker keeps
 * its messages in its result this way.  After a fatal message die()
 * exits with 2 if the sink returns.  NULL: standard error again.
 */
typedef void (*tc_msg_sink)(enum tc_msg_level level, const char *text, void *ctx);
void tc_set_msg_sink(tc_msg_sink sink, void *ctx);
/* The sink set now (NULL: standard error), to set it back after another. */
tc_msg_sink tc_get_msg_sink(void **ctx);
/*
 * A message as standard error shows it: "tracecheck: error: TEXT\n",
 * "TEXT\n" for a plain one, "FILE:LINE:COL: error: TEXT\n" for one of the
 * *_at() functions (whose text, for a sink, is TC_MSG_AT, the place,
 * TC_MSG_AT, the message).
 */
void tc_msg_print(enum tc_msg_level level, const char *text);
#define TC_MSG_AT '\x1e'
/* The text of a message without its level: "FILE:LINE:COL: TEXT" for a placed one; malloced. */
char *tc_msg_text(const char *text);
/* The name of a level ("error"), and the level of a name (-1: none). */
const char *tc_msg_level_name(enum tc_msg_level level);
int tc_msg_level_parse(const char *name);

/* A monotonic clock, in seconds. */
double tc_now(void);

void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same with a va_list (dies when out of memory). */
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* Grow *arr (of *alloc elements of size elsize) to hold at least n. */
void *grow_array(void *arr, size_t *alloc, size_t n, size_t elsize);
#define ALLOC_GROW(arr, nr, alloc)                                             \
	((arr) = grow_array((arr), &(alloc), (nr), sizeof(*(arr))))
/*
 * The same without zeroing what is added: for buffers that are written
 * before they are read (a strbuf's, a file's), where the memset() would
 * touch every new page (a tenth of a fresh edit's check, page faults
 * included).
 */
void *grow_array_raw(void *arr, size_t *alloc, size_t n, size_t elsize);
#define ALLOC_GROW_RAW(arr, nr, alloc)                                         \
	((arr) = grow_array_raw((arr), &(alloc), (nr), sizeof(*(arr))))

int starts_with(const char *s, const char *prefix);
/*
 * The first 'quoted' text of a message: its length (0 when there is
 * none, or it is empty), *at where it starts, after the quote.
 */
size_t tc_first_quoted(const char *s, const char **at);
int ends_with(const char *s, const char *suffix);
/*
 * The n bytes of C text at s without white space and without the
 * parentheses around all of it ("( a + b )" -> "a+b"); malloced.  For
 * comparing expressions as written.
 */
char *tc_squeezed(const char *s, size_t n);

/*
 * The top-level conditional "C ? T : E" of the expression s (a ?: nested
 * in T or E is part of it): its three parts, malloced, as written; 0 if
 * s is no such conditional.
 */
int tc_split_ternary(const char *s, char **c, char **t, char **e);

/* Absolute, normalised form of a path (no symlink resolution); malloced. */
/* FNV-1a of a NUL-terminated string: the in-memory tables keyed by path. */
size_t tc_str_hash(const char *s);
struct timespec;
/* A time as nanoseconds (the clock of file times). */
long long tc_timespec_ns(const struct timespec *ts);
char *absolute_path(const char *path);
/* Directory part of a path; malloced ("." for none). */
char *dir_name(const char *path);
int is_dir(const char *path);
/*
 * A directory itself, not a symbolic link to one (lstat()): what a walk
 * below the directory the user named descends into.  Links are not
 * followed below the top: `make O=out` leaves out/source -> .., and two
 * links to "." would never end.
 */
int is_real_dir(const char *path);
/* path relative to dir if path is below it ("dir/x/y" -> "x/y"), else NULL. */
const char *path_below(const char *path, const char *dir);
/*
 * The same, allocated, comparing the paths with symbolic links resolved
 * when they do not compare as written (a tree named through a link, a
 * file through its real path, or the other way round); NULL if not below.
 */
char *path_below_resolved(const char *path, const char *dir);
/*
 * How a message names the file path: relative to the current directory
 * when it is below it, as written or with the links of its directories
 * resolved (a tree named through a symbolic link: its includes are read
 * through the link, the current directory is the real one), else
 * absolute.  Malloced.
 */
char *tc_shown_path(const char *path);

/*
 * A preprocessor directive at the start of a line: for "#  include <x>"
 * and name "include", what follows the name; NULL when the line is not
 * that directive (name is matched as a prefix: "if" also finds #ifdef).
 */
const char *tc_directive(const char *bol, const char *name);
/*
 * The #define of macro name in text, on line (from 1), or on the first
 * line that defines it when line is 0: its logical line from the name on
 * (parameters and body, continuations joined), malloced; NULL if none.
 * *at (if at): the line it is on.
 */
char *tc_define_text(const char *text, const char *name, unsigned line, unsigned *at);
int is_file(const char *path);

/*
 * Did a process that died of signal sig die of what it ran into
 * (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS), rather
 * than being killed from outside (SIGKILL of kill -9 or the OOM killer,
 * SIGTERM, SIGINT, SIGHUP ...), which says nothing of its input?
 */
int tc_signal_is_crash(int sig);

/* mkdir -p; 0 or -1 with errno. */
int mkdir_p(const char *path, int mode);
/* Sort strings in strcmp() order. */
void sort_strings(char **v, size_t n);
/*
 * The entries of dir, less the hidden ones, in strcmp() order; *names
 * malloced (free with free_strings()).  0 for a directory that cannot
 * be read.
 */
size_t list_dir(const char *dir, char ***names);
void free_strings(char **v, size_t n);

/* Read a whole file; NUL-terminated; *len without the NUL. NULL + errno. */
char *read_file(const char *path, size_t *len);
/*
 * The file a loaded library with symbol sym comes from, as
 * "PATH SIZE MTIME INODE" (malloced): another release installed over
 * it is another string.  "?" when it cannot be found.
 */
char *library_identity(const void *sym);
/* "PATH SIZE MTIME INODE" of a file (malloced), or "PATH -" when there is none. */
char *file_identity(const char *path);

#endif
