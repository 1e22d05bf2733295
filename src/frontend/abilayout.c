// SPDX-License-Identifier: MIT
/*
 * The size and in-struct alignment of a type on each ABI of enum tc_abi,
 * computed from the parsed type rather than by parsing again per target
 * (one parse per header; a second one would double the run for
 * numbers this walk gets from the same declarations).
 *
 * The rules are the psABIs' for the kernel's C: x86_64 and aarch64
 * (LP64: long and pointers 8 bytes, 8-byte scalars aligned 8), i386
 * (ILP32: long and pointers 4, long long/u64 and double aligned 4 inside
 * structs, long double 12 aligned 4), arm EABI (ILP32, long long and
 * double aligned 8, long double = double; the kernel builds with
 * -fno-short-enums on Linux EABI, so enums are their integer type).
 * Records are laid out member by member; a packed record or member gets
 * alignment 1.  What this walk does not model -- bitfields, an
 * aligned() attribute on a record or member, __int128 on a 32-bit ABI,
 * vectors -- makes the type unknown, and for the parse's own target
 * every result is compared with libclang's layout: a type whose layout
 * differs from libclang's is unknown as well, so a wrong answer for the
 * other ABIs would need a rule the walk gets wrong there only.
 */
#include <string.h>

#include "fe_internal.h"
#include "util.h"

struct abilay {
	long long size[TC_NR_ABIS], align[TC_NR_ABIS];
};

static int has_attr(CXCursor decl, enum CXCursorKind kind)
{
	struct tc_cursors cs = { 0 };
	int r = 0;

	tc_cx_children(decl, &cs);
	for (size_t i = 0; i < cs.nr && !r; i++)
		r = clang_getCursorKind(cs.v[i]) == kind;
	tc_cursors_release(&cs);
	return r;
}

static void set_all(struct abilay *l, long long size, long long align)
{
	for (int a = 0; a < TC_NR_ABIS; a++) {
		l->size[a] = size;
		l->align[a] = align;
	}
}

static long long align_up(long long v, long long a)
{
	return a > 0 ? (v + a - 1) / a * a : v;
}

static int type_layout(CXType t, int main_abi, struct abilay *l, int depth);

static int record_layout(CXType t, int main_abi, struct abilay *l, int depth)
{
	CXCursor d = clang_getTypeDeclaration(t);
	struct tc_cursors cs = { 0 };
	int is_union = clang_getCursorKind(d) == CXCursor_UnionDecl, rc = 0;
	int packed = has_attr(d, CXCursor_PackedAttr);
	long long off[TC_NR_ABIS] = { 0 }, ma[TC_NR_ABIS];

	if (has_attr(d, CXCursor_AlignedAttr) || clang_Type_getSizeOf(t) < 0)
		return -1;
	for (int a = 0; a < TC_NR_ABIS; a++)
		ma[a] = 1;
	tc_cx_children(d, &cs);
	for (size_t i = 0; i < cs.nr && !rc; i++) {
		CXCursor f = cs.v[i];
		struct abilay fl;
		if (clang_getCursorKind(f) != CXCursor_FieldDecl)
			continue;
		if (clang_Cursor_isBitField(f) || has_attr(f, CXCursor_AlignedAttr) ||
		    type_layout(clang_getCursorType(f), main_abi, &fl, depth + 1)) {
			rc = -1;
			break;
		}
		int fpacked = packed || has_attr(f, CXCursor_PackedAttr);
		for (int a = 0; a < TC_NR_ABIS; a++) {
			long long al = fpacked ? 1 : fl.align[a];
			long long at = is_union ? 0 : align_up(off[a], al);
			if (a == main_abi && clang_Cursor_getOffsetOfField(f) != at * 8)
				rc = -1;
			if (is_union)
				off[a] = fl.size[a] > off[a] ? fl.size[a] : off[a];
			else
				off[a] = at + fl.size[a];
			if (al > ma[a])
				ma[a] = al;
		}
	}
	tc_cursors_release(&cs);
	if (rc)
		return -1;
	for (int a = 0; a < TC_NR_ABIS; a++) {
		l->align[a] = ma[a];
		l->size[a] = align_up(off[a], ma[a]);
	}
	return 0;
}

static int builtin_layout(enum CXTypeKind k, struct abilay *l)
{
	switch (k) {
	case CXType_Bool:
	case CXType_Char_U:
	case CXType_UChar:
	case CXType_Char_S:
	case CXType_SChar:
		set_all(l, 1, 1);
		return 0;
	case CXType_Short:
	case CXType_UShort:
		set_all(l, 2, 2);
		return 0;
	case CXType_Int:
	case CXType_UInt:
	case CXType_Float:
		set_all(l, 4, 4);
		return 0;
	case CXType_Long:
	case CXType_ULong:
	case CXType_Pointer:
	case CXType_BlockPointer:
		set_all(l, 8, 8);
		l->size[TC_ABI_I386] = l->align[TC_ABI_I386] = 4;
		l->size[TC_ABI_ARM] = l->align[TC_ABI_ARM] = 4;
		return 0;
	case CXType_LongLong:
	case CXType_ULongLong:
	case CXType_Double:
		set_all(l, 8, 8);
		l->align[TC_ABI_I386] = 4;
		return 0;
	case CXType_LongDouble:
		set_all(l, 16, 16);
		l->size[TC_ABI_I386] = 12;
		l->align[TC_ABI_I386] = 4;
		l->size[TC_ABI_ARM] = l->align[TC_ABI_ARM] = 8;
		return 0;
	default:
		return -1;
	}
}

static int type_layout(CXType t, int main_abi, struct abilay *l, int depth)
{
	if (depth > 32)
		return -1;
	switch (t.kind) {
	case CXType_Elaborated:
		return type_layout(clang_Type_getNamedType(t), main_abi, l, depth + 1);
	case CXType_Typedef: {
		CXCursor d = clang_getTypeDeclaration(t);
		if (has_attr(d, CXCursor_AlignedAttr) || has_attr(d, CXCursor_PackedAttr))
			return -1;
		return type_layout(clang_getTypedefDeclUnderlyingType(d), main_abi, l, depth + 1);
	}
	case CXType_Record:
		if (record_layout(t, main_abi, l, depth))
			return -1;
		break;
	case CXType_Enum: {
		CXCursor d = clang_getTypeDeclaration(t);
		if (has_attr(d, CXCursor_PackedAttr) || has_attr(d, CXCursor_AlignedAttr))
			return -1;
		if (type_layout(clang_getEnumDeclIntegerType(d), main_abi, l, depth + 1))
			return -1;
		break;
	}
	case CXType_ConstantArray: {
		long long n = clang_getArraySize(t);
		if (n < 0 || type_layout(clang_getArrayElementType(t), main_abi, l, depth + 1))
			return -1;
		for (int a = 0; a < TC_NR_ABIS; a++)
			l->size[a] *= n;
		break;
	}
	case CXType_IncompleteArray:
		if (type_layout(clang_getArrayElementType(t), main_abi, l, depth + 1))
			return -1;
		for (int a = 0; a < TC_NR_ABIS; a++)
			l->size[a] = 0;
		return 0; /* a flexible array member: libclang has no size for it */
	default: {
		CXType c = clang_getCanonicalType(t);
		if (c.kind == CXType_Elaborated || c.kind == CXType_Typedef || c.kind == CXType_Record ||
		    c.kind == CXType_Enum || c.kind == CXType_ConstantArray)
			return c.kind == t.kind ? -1 : type_layout(c, main_abi, l, depth + 1);
		if (builtin_layout(c.kind, l))
			return -1;
	}
	}
	/* what libclang says for the parse's target must be what the walk says */
	if (main_abi >= 0 && (clang_Type_getSizeOf(t) != l->size[main_abi] ||
			      clang_Type_getAlignOf(t) != l->align[main_abi]))
		return -1;
	return 0;
}

int tc_abi_field_layout(CXType t, int main_abi, int packed, long long *size, long long *align)
{
	struct abilay l;

	if (main_abi < 0 || type_layout(t, main_abi, &l, 0))
		return -1;
	for (int a = 0; a < TC_NR_ABIS; a++) {
		size[a] = l.size[a];
		align[a] = packed ? 1 : l.align[a];
	}
	return 0;
}
