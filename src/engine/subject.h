/* SPDX-License-Identifier: MIT */
/*
 * What findings are about (struct tc_subject, diag.h), derived by the
 * engine after the rules ran, from each finding's position in the model
 * and in the header's text.  See subject.c.
 */
#ifndef TC_SUBJECT_H
#define TC_SUBJECT_H

#include "context.h"
#include "diag.h"
#include "model.h"

/* Fill in the subject of every finding of d that has none, from ctx's header and text. */
void tc_subjects_derive(struct tc_diags *d, struct tc_context *ctx);

#endif
