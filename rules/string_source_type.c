// SPDX-License-Identifier: MIT
/*
 * string-source-type: a string helper's source that is not a string.
 *
 * 6.1's stage 5 measures __string(item, src) with
 * strlen((src) ? (const char *)(src) : "(null)") and stage 6 copies it
 * with strcpy(__get_str(dst), (const char *)(src)): the casts accept any
 * pointer, so &dev->name (char (*)[16]) works by luck (the same address)
 * and a pointer to anything else copies the bytes up to the first NUL.
 * 6.12 and 7.2 hand the source to __string_src(const char *str) and
 * store it in the const char *item_ptr_ that the one-argument
 * __assign_str() copies from (__string_len() too): every other pointer
 * type is an incompatible-pointer-types error there (the kernel builds
 * with -Werror=incompatible-pointer-types).  Pointers to unsigned char are
 * fine (-Wno-pointer-sign), and so are void pointers and char arrays.
 * The later stages, from 6.10 on (the one-argument __assign_str()), are
 * taken for every kernel whose version is not known.
 *
 * While __assign_str() takes a source (up to 6.9) it strcpy()s it into
 * any dynamic field, a char __dynamic_array() too: those sources are
 * checked the same way.
 *
 * A length given with the source (__string_len() from 6.9, whose
 * __assign_str() copies that many bytes from it; __assign_str_len() up
 * to 6.8, a memcpy()) that is sizeof of a pointer, or a constant past
 * the source's char array, copies the wrong bytes in every kernel.
 */
#include <stdlib.h>
#include <string.h>

#include "kfacts.h"
#include "rules.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A __string(), __string_len(), __rel_string() or __rel_string_len()\n"
		"source, or a 2-argument __assign_str() or __assign_rel_str() one (into a\n"
		"__string() or a __dynamic_array()), that is not a string: a pointer to a\n"
		"char array (&dev->name), a pointer to something else than char, or no\n"
		"pointer at all. Pointers to char, unsigned char or void and char arrays\n"
		"are strings. With a length\n"
		"(__string_len(), __assign_str_len()): a length that is sizeof of a\n"
		"pointer, or a constant larger than the source's char array.",
	.why =
		"From 6.10 the stages hand the __string() source to a const char *\n"
		"parameter and keep it in a const char * for __assign_str() to copy\n"
		"from: any other pointer is an incompatible-pointer-types error, which\n"
		"the kernel builds with as -Werror. Before, the stages cast the source to\n"
		"const char *: a pointer to a char array works by chance (the same\n"
		"address) and breaks the build on upgrade, and any other pointer has\n"
		"strlen() and strcpy() read bytes that are no string, past the object\n"
		"when it holds no NUL. A __string_len() or __assign_str_len() source is\n"
		"checked from 6.10 only: before, __string_len() ignored it and\n"
		"__assign_str_len() memcpy()s from any pointer. The length is how many\n"
		"bytes are copied from the source (by __assign_str() from 6.9, by\n"
		"__assign_str_len() before): sizeof of a pointer copies 8 bytes of any\n"
		"string, and more than the source array holds reads past it.",
	.kernel =
		"Modelled on \"net: hns3: tracing: fix hclgevf trace event strings\"\n"
		"(2024): drivers/net/ethernet/hisilicon/hns3/hns3vf/hclgevf_trace.h's\n"
		"hclge_vf_mbx_get and hclge_vf_mbx_send had __string(devname,\n"
		"&hdev->nic.kinfo.netdev->name), a char (*)[16], which 6.10's typed\n"
		"sources turned into a build error. That text checked in place of the\n"
		"real header gives the warning on 6.1 and the error on 6.12. Fixed in\n"
		"6.0: include/trace/events/fib6.h fib6_table_lookup filled\n"
		"__dynamic_array(char, name, IFNAMSIZ) with __assign_str(name,\n"
		"res->nh->fib_nh_dev), the struct net_device * itself (it copied the\n"
		"name only because name is struct net_device's first member);\n"
		"\"tracing/ipv4/ipv6: Use static array for name field in\n"
		"fib*_lookup_table event\" (Steven Rostedt, 2022) copies ->name. No\n"
		"6.12 or 7.2 header has such a source (the rule finds none in either\n"
		"tree): 6.12's include/trace/stages/stage5_get_offsets.h,\n"
		"__string_src(const char *str), makes it a build error there. The rule\n"
		"catches it in a patch against 6.1 before the upgrade does, and names the\n"
		"type in a tree where the error is buried in the stages' macros.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__string(name, dev->name)\t/* char name[16] decays to char *; not &dev->name */\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__assign_str(name);\n"
		"),\n",
	.fix =
		"None.",
};

static int is_bad(int what)
{
	return what == TC_SS_PTR_TO_ARRAY || what == TC_SS_OTHER_PTR || what == TC_SS_NOT_PTR;
}

static const char *what_text(int what)
{
	switch (what) {
	case TC_SS_PTR_TO_ARRAY:
		return "a pointer to a char array, not to its first char";
	case TC_SS_OTHER_PTR:
		return "a pointer to something else than char";
	default:
		return "not a pointer";
	}
}

/* The release from which the stages type a string's source const char *. */
static const struct tc_kfact *typed_sources(void)
{
	return tc_kf_semantics("string sources typed const char *");
}

/* Kernel kv casts string sources instead (0, not known: the newest kernel's stages). */
static int casts_sources(int kv)
{
	const struct tc_kfact *r = typed_sources();

	return kv && r && !tc_kf_in(r, kv);
}

/*
 * One source: helper is the element or helper it is given to, len its
 * _len form.  The kernel is kv (0: not known, taken as the newest).
 */
static void check_source(struct tc_check *ck, struct tc_loc loc, const char *helper, int len,
			 int what, const char *type, int kv, const struct tc_field *f)
{
	int old = casts_sources(kv);
	char since[24];
	struct tc_diag *d;

	if (!is_bad(what) || !type || (old && len) || !typed_sources())
		return;
	tc_kv_str(typed_sources()->since, since, sizeof(since));
	if (!old) {
		d = tc_report(ck, loc,
			      "the source of %s() '%s' is '%s', %s: from %s the kernel hands it to "
			      "a const char * (__string_src(), item_ptr_) and the event does not build "
			      "(-Werror=incompatible-pointer-types)",
			      helper, f->name, type, what_text(what), since);
	} else if (what == TC_SS_PTR_TO_ARRAY) {
		d = tc_report_lower(ck, loc,
				    "the source of %s() '%s' is '%s', %s: the kernel casts it to "
				    "const char *, the same address, so it works before %s; from then "
				    "the event does not build (-Werror=incompatible-pointer-types)",
				    helper, f->name, type, what_text(what), since);
	} else {
		d = tc_report(ck, loc,
			      "the source of %s() '%s' is '%s', %s: the kernel casts it to const "
			      "char * and strlen()/strcpy() read its bytes up to the first NUL, which "
			      "is no string; from %s the event does not build",
			      helper, f->name, type, what_text(what), since);
	}
	if (what == TC_SS_PTR_TO_ARRAY)
		tc_diag_advise(d, loc,
			       "drop the '&': the array itself decays to a pointer to its first char");
}

/*
 * The length given with a source: sizeof of a pointer (the pointer's
 * size, whatever the string's), or a constant past the source array.
 */
static void check_length(struct tc_check *ck, struct tc_loc loc, const char *helper,
			 const struct tc_field *f, long long size, long long len, int sizeof_ptr)
{
	if (sizeof_ptr)
		tc_report(ck, loc,
			  "the length given to %s() '%s' is sizeof of a pointer, %lld bytes whatever "
			  "the string's length: a shorter string is read past its end, a longer one "
			  "cut",
			  helper, f->name, len);
	else if (size && len > size)
		tc_report(ck, loc,
			  "%s() '%s' copies %lld bytes from its source, a %lld-byte array: the copy "
			  "reads past its end",
			  helper, f->name, len, size);
}

/*
 * The sources given to 2-argument __assign_str() and the like: the
 * stages of kernel kv cast them (a kernel whose __assign_str() takes no
 * source does not build one: assign-str-mismatch).
 */
static void check_helper_sources(struct tc_check *ck, const struct tc_field *f, int kv)
{
	if (!casts_sources(kv))
		return;
	for (size_t i = 0; i < f->nr_writes; i++) {
		const struct tc_write *w = &f->writes[i];
		if (w->kind != TC_W_HELPER || !w->how)
			continue;
		check_source(ck, w->loc, w->how, !!strstr(w->how, "_len"), w->str_src,
			     w->str_src_type, kv, f);
		/* __assign_str_len(dst, src, len) memcpy()s len bytes from src (up to 6.8) */
		if (strstr(w->how, "_len"))
			check_length(ck, w->loc, w->how, f, w->str_src_size, w->str_len,
				     w->str_len_sizeof_ptr);
	}
}

static void check_field(struct tc_check *ck, const struct tc_field *f, int kv)
{
	int len = f->kind == TC_F_STRING_LEN || f->kind == TC_F_REL_STRING_LEN;

	/* __assign_str() strcpy()s into any dynamic field while it takes a source (6.1) */
	if (f->kind == TC_F_DYNAMIC_ARRAY || f->kind == TC_F_REL_DYNAMIC_ARRAY) {
		check_helper_sources(ck, f, kv);
		return;
	}
	if (!tc_field_kind_is_string(f->kind) || f->kind == TC_F_VSTRING)
		return;
	check_source(ck, f->loc, tc_field_kind_name(f->kind), len, f->str_src, f->str_src_type, kv,
		     f);
	/* while __assign_str_len() fills it, __string_len() reserves the length, ignores the source */
	const struct tc_kfact *row = tc_kf_row(tc_field_kind_name(f->kind), kv);
	if (len && row && row->fills && !strstr(row->fills, "_len"))
		check_length(ck, f->loc, tc_field_kind_name(f->kind), f, f->str_src_size, f->str_len,
			     f->str_len_sizeof_ptr);
	/* the same source given to __assign_str() as well is the one finding above */
	if (!is_bad(f->str_src))
		check_helper_sources(ck, f, kv);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_class **cs = tc_used_classes(h, &n);

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < cs[i]->nr_fields; k++)
			check_field(ck, &cs[i]->fields[k], ck->ctx->kernel_version);
	free(cs);
}

const struct tc_rule rule_string_source_type = {
	.name = "string-source-type",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a __string()/__assign_str() source that is not a string (&dev->name, a pointer to "
		   "another type: no build in newer kernels, a wrong copy in older), or a length that "
		   "does not fit it",
	.doc = &doc,
	.check = check,
};
