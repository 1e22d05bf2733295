// SPDX-License-Identifier: MIT
/*
 * field-unassigned: a field of the record that TP_fast_assign() never
 * writes.
 *
 * The ring buffer is not cleared between events: a field that the assign
 * code does not write carries whatever an earlier event left there, and
 * that reaches every reader -- the kernel's own output, perf, trace-cmd,
 * BPF.  A field written only under a condition, or an array written only
 * in part, has the same problem on the other paths: an array written in
 * part is reported one level lower (warning by default), a field written
 * under a condition as a note, since the condition may always hold in
 * practice and the output often leaves the stale value out.
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "kfacts.h"
#include "strbuf.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A field, string or dynamic array of the record that TP_fast_assign()\n"
		"never writes, directly or through a helper (__assign_str(), memcpy(),\n"
		"strscpy(), a function given the field's address or __entry itself).\n"
		"Arrays written only in part are reported one level lower, fields\n"
		"written only under a condition as notes. An array is written in part\n"
		"when the bytes every path writes - by element, by a copy of a constant\n"
		"size (memcpy(), memset(), strncpy(), ether_addr_copy()) or a store\n"
		"through a narrower pointer - are fewer than it has; the finding names\n"
		"the gap.",
	.why =
		"The record is a slot of the ring buffer, reserved and not cleared: a\n"
		"field nobody writes holds whatever an earlier event left there. Every\n"
		"reader - the kernel's trace file, perf, trace-cmd, BPF - takes those\n"
		"bytes for the event's value, and they can carry kernel data to whoever\n"
		"reads the trace.\n"
		"\n"
		"A field written only under a condition is a note, not a warning: both\n"
		"that blind samples of 7.3 drew (docs/RESULTS.md) were true but minor,\n"
		"fields whose stale value the event's output flags or leaves out\n"
		"(rdev_suspend prints them after \"(Not configured!)\" when there is no\n"
		"wowlan; the line of a 16B FM packet in hfi1 shows dest_qpn and src_qpn,\n"
		"not the stale qpn), and the condition often always holds. The arrays\n"
		"written in part (warnings) and the never-written fields (errors) are\n"
		"the ones to fix.",
	.kernel =
		"No fix to cite. 6.12 code it fires on: arch/x86/kvm/trace.h,\n"
		"kvm_hv_synic_send_eoi, declares sint and ret and never writes them; its\n"
		"format file lists both, so every raw reader shows stale bytes.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__field(int, vcpu_id)\n"
		"\t__field(int, vector)\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__entry->vcpu_id = vcpu_id;\n"
		"\t__entry->vector = vector;\n"
		"),\n",
	.fix =
		"None: whether the field should be written, and from what, or removed\n"
		"is the author's decision.",
};

/*
 * The call that fills string field f in the kernel of ctx, written as
 * that kernel's form takes it (kfacts.h): __assign_str(name) from 6.10,
 * __assign_str(name, src) before, __assign_str_len(name, src, len) for a
 * __string_len() up to 6.8.  0 if the table knows no helper for it.
 */
static int filler(struct strbuf *sb, const struct tc_field *f, const struct tc_context *ctx)
{
	const char *fill[4];
	char param[32];

	strbuf_reset(sb);
	if (!tc_kf_fillers(tc_field_kind_name(f->kind), ctx->kernel_version, fill, 4))
		return 0;
	const struct tc_kfact *r = tc_kf_row(fill[0], ctx->kernel_version);
	int n = r ? tc_kf_nargs(r) : 1;
	strbuf_addf(sb, "%s(%s", fill[0], f->name);
	for (int i = 1; i < n; i++) {
		/* what the declaration says, else the name of the parameter */
		const char *arg = i == 1 && f->extra && *f->extra ? f->extra
				  : i == 2 && f->len_text && *f->len_text
					  ? f->len_text
					  : tc_kf_param(r, i, param, sizeof(param));
		strbuf_addf(sb, ", %s", arg);
	}
	strbuf_addch(sb, ')');
	return 1;
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	struct strbuf call = STRBUF_INIT;
	size_t n;
	const struct tc_class **cs = tc_used_classes(h, &n);

	for (size_t i = 0; i < n; i++) {
		const struct tc_class *c = cs[i];
		if (!c->assign_analyzed && !c->assign_text)
			continue;
		/*
		 * A REMOTE_EVENT() has no assign code: the remote writes its
		 * record (kernel/trace/remote_test.c, the hypervisor); a
		 * HYP_EVENT()'s HE_ASSIGN() is checked like TP_fast_assign().
		 */
		if (c->remote && c->macro && !strcmp(c->macro, "REMOTE_EVENT"))
			continue;
		for (size_t j = 0; j < c->nr_fields; j++) {
			const struct tc_field *f = &c->fields[j];
			struct tc_diag *d;

			switch (f->written) {
			case TC_WRITTEN_NEVER:
				d = tc_report(ck, f->loc,
					      "field '%s' of event%s '%s' is never written by "
					      "TP_fast_assign(); readers see stale ring-buffer bytes",
					      f->name, c->nr_events > 1 ? " class" : "", c->name);
				if (tc_field_kind_is_string(f->kind) && filler(&call, f, ck->ctx))
					tc_diag_note(d, f->loc, "a %s() field is filled by %s",
						     tc_field_kind_name(f->kind), call.buf);
				break;
			case TC_WRITTEN_CONDITIONAL:
				d = tc_report_note(ck, f->loc,
						   "field '%s' of event%s '%s' is written only under a "
						   "condition; on the other paths readers see stale "
						   "ring-buffer bytes",
						   f->name, c->nr_events > 1 ? " class" : "", c->name);
				for (size_t k = 0; k < f->nr_writes; k++) {
					if (f->writes[k].kind == TC_W_TEXT)
						continue;
					tc_diag_note(d, f->writes[k].loc, "conditional write here");
					break;
				}
				break;
			case TC_WRITTEN_PARTIAL:
				d = tc_report_lower(ck, f->loc,
						    "array field '%s' of event%s '%s' is written only in "
						    "part (%s); the rest shows stale ring-buffer bytes",
						    f->name, c->nr_events > 1 ? " class" : "", c->name,
						    f->written_why ? f->written_why : "some elements");
				/* where a copy or a store writes less than the array */
				for (size_t k = 0; k < f->nr_writes; k++) {
					const struct tc_write *w = &f->writes[k];
					if (!w->part || (w->kind == TC_W_COPY && !w->how))
						continue;
					if (w->kind == TC_W_COPY)
						tc_diag_note_as(d, TC_NOTE_LOCUS, w->loc,
								"%s() writes %lld bytes here", w->how,
								w->part_to - w->part_from);
					else
						tc_diag_note_as(d, TC_NOTE_LOCUS, w->loc,
								"this store writes %lld bytes",
								w->part_to - w->part_from);
					break;
				}
				break;
			default:
				break;
			}
		}
	}
	strbuf_release(&call);
	free(cs);
}

const struct tc_rule rule_field_unassigned = {
	.name = "field-unassigned",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a record field that TP_fast_assign() never writes",
	.doc = &doc,
	.check = check,
};
