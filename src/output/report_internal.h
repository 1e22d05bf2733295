/* SPDX-License-Identifier: MIT */
/* The JSON pieces report.c's files share: report.c writes and reads them, sarif.c too. */
#ifndef TC_REPORT_INTERNAL_H
#define TC_REPORT_INTERNAL_H

#include "json.h"
#include "report.h"
#include "strbuf.h"

/* How a report quotes a string: as JSON (tc_json_quote()), or as another format wants it. */

typedef void (*quote_fn)(struct strbuf *sb, const char *s);

/* report.c: "clean", "findings", "failed" or "not_checked" */
const char *tc_rpt_status_name(int status);
/* "key": */
void tc_rpt_add_key(struct strbuf *sb, const char *key);
/* "key":"val" (val NULL: "") */
void tc_rpt_add_str(struct strbuf *sb, const char *key, const char *val);
char *tc_rpt_dup_or_null(const char *s);
/* A JSON number as an unsigned line or column: 0 below, the largest above. */
unsigned tc_rpt_uint_of(const struct tc_json *v);
/* A fix from its description, text and the object with its region's lines and columns. */
struct tc_rfix *tc_rpt_make_fix(const char *d, const char *t, const struct tc_json *region);
void tc_rpt_add_region(struct strbuf *sb, const struct tc_rfix *x);
/* A file's events, status (named st), error and why it was not checked, from o. */
void tc_rpt_file_props(struct tc_rfile *f, const struct tc_json *o, const char *st);
/* ,"omitted":N,"limit":M when findings were left out */
void tc_rpt_add_omitted(struct strbuf *sb, size_t omitted, long limit);
/* ,"error":...,"not_checked":{...} as far as f has them */
void tc_rpt_add_why(struct strbuf *sb, const struct tc_rfile *f, quote_fn q);
/* ,"about":{...}: the subject key (tc_subject_key()) as an object */
void tc_rpt_add_about(struct strbuf *sb, const char *key, quote_fn q);
/* A new file at the end of r's, for the caller to fill. */
struct tc_rfile *tc_rpt_new_file(struct tc_report *r);

/* sarif.c: the files of a SARIF run that tracecheck wrote; -1 if it is not one */
int tc_rpt_load_sarif(struct tc_report *r, const struct tc_json *doc);

#endif
