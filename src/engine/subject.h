/* SPDX-License-Identifier: MIT */
/*
 * What findings are about (struct tc_subject, diag.h), derived by the
 * engine after the rules ran, from each finding's position in the model
 * and in the header's text.  See subject.c.
 */
#ifndef TC_SUBJECT_H
#define TC_SUBJECT_H

#include "diag.h"
#include "model.h"

/* Fill in the subject of every finding of d that has none; text is h's (or NULL). */
void tc_subjects_derive(struct tc_diags *d, const struct tc_header *h, const char *text);

#endif
