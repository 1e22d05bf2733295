// SPDX-License-Identifier: MIT
/*
 * The SVG of an event's ring-buffer record for the HTML report: the
 * record's bytes as a bar, ROW bytes a row, the 8 common bytes
 * (struct trace_entry) first as one segment, each field a segment with its name and a
 * tooltip (<title>: type, offset, size), padding between fields and at
 * the end hatched.  One bar per layout (the target's, then the other
 * ABIs a layout-abi finding is about).  The colours and the hatch
 * pattern come from the page's stylesheet (htmlreport.c: classes cm,
 * f0, f1, hole, pad, and the pattern "tc-hatch").
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

#define ROW 32	     /* bytes a row */
#define BW 20	     /* pixels a byte */
#define LM 34	     /* left margin, for the offsets */
#define RH 24	     /* row height */
#define GAP 4	     /* between rows */
#define HEAD 18	     /* a layout's caption */
#define CHAR_W 6.2   /* a character of the labels, roughly */

struct seg {
	long long start, len;
	const char *cls;
	const char *label; /* drawn in the segment, if it fits */
	struct strbuf title;
};

static void draw_label(struct strbuf *sb, const char *label, long long x, long long y,
		       long long w)
{
	size_t fit = w > 6 ? (size_t)((double)(w - 4) / CHAR_W) : 0;
	size_t n = strlen(label);

	if (!fit)
		return;
	strbuf_addf(sb, "<text x=\"%lld\" y=\"%lld\">", x + w / 2, y + RH / 2 + 4);
	if (n <= fit) {
		tc_html_escape(sb, label);
	} else if (fit >= 2) {
		char *t = strndup(label, fit - 1);
		tc_html_escape(sb, t);
		strbuf_addstr(sb, "\xe2\x80\xa6");
		free(t);
	}
	strbuf_addstr(sb, "</text>");
}

/* One segment, split at the rows' ends; its label in its widest piece. */
static void draw_seg(struct strbuf *sb, const struct seg *s, long long top)
{
	long long best = s->start, best_len = 0;

	strbuf_addf(sb, "<g class=\"%s\"><title>", s->cls);
	tc_html_escape(sb, strbuf_str(&s->title));
	strbuf_addstr(sb, "</title>");
	for (long long b = s->start; b < s->start + s->len;) {
		long long in_row = ROW - b % ROW, n = s->start + s->len - b;
		if (n > in_row)
			n = in_row;
		strbuf_addf(sb, "<rect x=\"%lld\" y=\"%lld\" width=\"%lld\" height=\"%d\"/>",
			    LM + b % ROW * BW, top + b / ROW * (RH + GAP), n * BW, RH);
		if (n > best_len) {
			best = b;
			best_len = n;
		}
		b += n;
	}
	if (s->label)
		draw_label(sb, s->label, LM + best % ROW * BW, top + best / ROW * (RH + GAP),
			   best_len * BW);
	strbuf_addstr(sb, "</g>");
}

static void hole(struct seg *s, long long start, long long len, int tail)
{
	memset(s, 0, sizeof(*s));
	s->start = start;
	s->len = len;
	s->cls = tail ? "pad" : "hole";
	strbuf_addf(&s->title, "%s: %lld byte%s at offset %lld", tail ? "padding at the end" : "hole",
		    len, len == 1 ? "" : "s", start);
}

static const struct {
	const char *name, *type;
	int off, len;
} common[] = {
	{ "common_type", "unsigned short", 0, 2 },
	{ "common_flags", "unsigned char", 2, 1 },
	{ "common_preempt_count", "unsigned char", 3, 1 },
	{ "common_pid", "int", 4, 4 },
};

/* One layout's bar at y = top; its height. */
static long long draw_layout(struct strbuf *sb, const struct tc_rrecord *rec,
			     const struct tc_rlayout *l, long long top)
{
	long long end = 8, rows = (l->size + ROW - 1) / ROW;
	struct seg s;

	strbuf_addf(sb, "<text class=\"cap\" x=\"0\" y=\"%lld\">", top + 13);
	tc_html_escape(sb, l->abi);
	strbuf_addf(sb, ": %lld bytes</text>", l->size);
	top += HEAD;
	for (long long r = 0; r < rows; r++)
		strbuf_addf(sb, "<text class=\"off\" x=\"%d\" y=\"%lld\">%lld</text>", LM - 4,
			    top + r * (RH + GAP) + RH / 2 + 4, r * ROW);
	/* the common fields: one segment, each in its title */
	memset(&s, 0, sizeof(s));
	s.len = 8;
	s.cls = "cm";
	s.label = "common";
	for (size_t i = 0; i < ARRAY_SIZE(common); i++)
		strbuf_addf(&s.title, "%s%s: %s, offset %d, size %d", i ? "\n" : "", common[i].name,
			    common[i].type, common[i].off, common[i].len);
	draw_seg(sb, &s, top);
	strbuf_release(&s.title);
	for (size_t i = 0; i < rec->nr_fields; i++) {
		long long off = l->offset[i], len = l->len[i];
		if (off > end) {
			hole(&s, end, off - end, 0);
			draw_seg(sb, &s, top);
			strbuf_release(&s.title);
		}
		if (len <= 0)
			continue;
		memset(&s, 0, sizeof(s));
		s.start = off;
		s.len = len;
		s.cls = i % 2 ? "f1" : "f0";
		s.label = rec->field_names[i];
		strbuf_addf(&s.title, "%s: %s, offset %lld, size %lld", rec->field_names[i],
			    rec->field_types[i], off, len);
		draw_seg(sb, &s, top);
		strbuf_release(&s.title);
		if (off + len > end)
			end = off + len;
	}
	if (l->size > end) {
		hole(&s, end, l->size - end, 1);
		draw_seg(sb, &s, top);
		strbuf_release(&s.title);
	}
	return HEAD + rows * (RH + GAP);
}

void tc_record_svg(struct strbuf *out, const struct tc_rrecord *rec)
{
	struct strbuf body = STRBUF_INIT;
	long long h = 0, max = 0;

	for (size_t k = 0; k < rec->nr_layouts; k++) {
		h += draw_layout(&body, rec, &rec->layouts[k], h);
		if (rec->layouts[k].size > max)
			max = rec->layouts[k].size;
	}
	long long w = LM + (max < ROW ? max : ROW) * BW + 1;
	strbuf_addf(out,
		    "<svg class=\"rec\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
		    "width=\"%lld\" height=\"%lld\" viewBox=\"0 0 %lld %lld\"><title>record of ",
		    w, h, w, h);
	tc_html_escape(out, rec->name);
	strbuf_addstr(out, "</title>");
	strbuf_add(out, body.buf, body.len);
	strbuf_addstr(out, "</svg>");
	strbuf_release(&body);
}
