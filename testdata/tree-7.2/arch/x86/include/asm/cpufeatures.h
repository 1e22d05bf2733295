/* SPDX-License-Identifier: MIT */
/* stand-in: the words and feature bits cpufeaturemasks.h is made from */
#define NCAPINTS	2
#define X86_FEATURE_FPU	( 0*32+ 0) /* stand-in */
#define X86_FEATURE_TC	( 1*32+ 3) /* stand-in */
