// SPDX-License-Identifier: MIT
/*
 * field-kind: a field element whose type the kernel's is_signed_type()
 * does not take.
 *
 * Stage 4 (include/trace/stages/stage4_event_fields.h, the same in 6.1,
 * 6.12 and 7.2) fills the field's .is_signed with is_signed_type(type),
 * ((type)(-1)) < (__force type)1 (include/linux/compiler.h), for
 * __field(), __field_ext(), __array(), __dynamic_array() and
 * __rel_dynamic_array() (the arrays: of the element type).
 * __field_struct() and __field_struct_ext() write 0 instead.
 *
 * - A struct, union or array type: (type)(-1) is no cast C allows, so
 *   the event does not build.  tracecheck's own stages do not call
 *   is_signed_type(), so without this rule the header would pass.
 * - A sparse __bitwise type (__le32, __be16, gfp_t, blk_opf_t, the enum
 *   req_op whose values are cast to blk_opf_t...): sparse cannot order a
 *   "collection of bits" with <, so `make C=1` warns.  __bitwise is
 *   nothing outside sparse: the compiled kernel is not affected, hence a
 *   warning, one level below the rule's error.
 */
#include <stdlib.h>

#include "rules.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A __field(), __field_ext(), __array(), __dynamic_array() or\n"
		"__rel_dynamic_array() whose type (the element type for the arrays) is a\n"
		"struct, a union or an array (an error: the event does not build), or a\n"
		"sparse __bitwise type such as __le32, __be16, gfp_t, blk_opf_t or enum\n"
		"req_op (a warning: sparse, make C=1, warns; the compiled kernel is not\n"
		"affected). A type is bitwise when its typedef chain goes through a\n"
		"typedef spelt with __bitwise, or an enum whose enumerators are cast to\n"
		"such a typedef.",
	.why =
		"These elements fill the field's signedness with is_signed_type(type),\n"
		"((type)(-1)) < (__force type)1. A struct, union or array is not a type\n"
		"-1 can be cast to, so the header fails to build. __bitwise expands to\n"
		"nothing for the compiler, but sparse does not order a bitwise value with\n"
		"<, so every C=1 build warns 'cast to restricted T' and 'restricted T\n"
		"degrades to integer' at the event (sparse 0.6.4; for enum req_op T is\n"
		"blk_opf_t). __field_struct() and __field_struct_ext() record the same\n"
		"field without is_signed_type() (its signedness is 0, as a bitwise type's\n"
		"unsigned base has anyway).",
	.kernel =
		"drivers/block/null_blk/trace.h, nullb_zone_op, and\n"
		"include/trace/events/nilfs2.h, nilfs2_mdt_submit_block: __field(enum\n"
		"req_op, ...) in 6.1, __field_struct(enum req_op, ...) in 6.12, each with\n"
		"a comment that is_signed_type() does not support bitwise types. 7.2 code\n"
		"it still warns on: net/mac802154/trace.h, __field(__le16, pan_id).",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__field_struct(enum req_op, op)\t/* not __field(): enum req_op is bitwise */\n"
		"\t__field_struct(uuid_t, uuid)\n"
		"\t__field(u16, pan_id)\t\t/* le16_to_cpu() in TP_fast_assign */\n"
		"),\n",
	.fix =
		"None.",
};

static const char *const aggregate_names[] = {
	[TC_AGG_STRUCT] = "a struct",
	[TC_AGG_UNION] = "a union",
	[TC_AGG_ARRAY] = "an array",
};

static int is_signed_kind(enum tc_field_kind k)
{
	return k == TC_F_FIELD || k == TC_F_FIELD_EXT || k == TC_F_ARRAY || k == TC_F_DYNAMIC_ARRAY ||
	       k == TC_F_REL_DYNAMIC_ARRAY;
}

static void check_field(struct tc_check *ck, const struct tc_field *f)
{
	const char *el = tc_field_kind_name(f->kind);
	int scalar = f->kind == TC_F_FIELD || f->kind == TC_F_FIELD_EXT;
	const char *of = scalar ? "" : " element";
	struct tc_diag *d;

	if (f->aggregate > TC_AGG_NONE && f->aggregate <= TC_AGG_ARRAY) {
		d = tc_report(ck, f->loc,
			      "%s() '%s' of '%s', %s: the kernel's is_signed_type(), which %s() "
			      "applies to its%s type, casts -1 to it, and the event does not build",
			      el, f->name, f->type, aggregate_names[f->aggregate], el, of);
		if (scalar && f->aggregate != TC_AGG_ARRAY)
			tc_diag_advise(d, f->loc, "%s_struct%s(%s, %s) records it without "
						  "is_signed_type()",
				       "__field", f->kind == TC_F_FIELD_EXT ? "_ext" : "", f->type,
				       f->name);
		else if (scalar)
			tc_diag_advise(d, f->loc, "an array field is __array(type, %s, len)",
				       f->name);
		else
			tc_diag_advise(d, f->loc, "an array of bytes (u8) holds the same data, or "
						  "__field_struct() a struct of the whole");
		return;
	}
	if (!f->bitwise)
		return;
	d = tc_report_lower(ck, f->loc,
			    "%s() '%s' of '%s', a sparse __bitwise type: the kernel's is_signed_type(), "
			    "which %s() applies to its%s type, orders it with '<': sparse (make C=1) "
			    "warns 'restricted %s degrades to integer'; the compiled kernel is not "
			    "affected",
			    el, f->name, f->type, el, of, f->bitwise);
	if (scalar)
		tc_diag_advise(d, f->loc,
			       "__field_struct%s(%s, %s) records it without is_signed_type(), as "
			       "null_blk and nilfs2 do for enum req_op",
			       f->kind == TC_F_FIELD_EXT ? "_ext" : "", f->type, f->name);
	else
		tc_diag_advise(d, f->loc,
			       "an array of the plain integer type (u16, u32 ...) records "
			       "the same bytes without the warning");
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_class **cs = tc_used_classes(h, &n);

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < cs[i]->nr_fields; k++)
			if (is_signed_kind(cs[i]->fields[k].kind))
				check_field(ck, &cs[i]->fields[k]);
	free(cs);
}

const struct tc_rule rule_field_kind = {
	.name = "field-kind",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a __field()/__array() of a struct, union or array (does not build) or of a sparse "
		   "__bitwise type (make C=1 warns): is_signed_type() does not take it",
	.doc = &doc,
	.check = check,
};
