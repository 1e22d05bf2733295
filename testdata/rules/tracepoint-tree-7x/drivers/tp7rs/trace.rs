// SPDX-License-Identifier: MIT
//! The Rust entry points of tp7's tracepoints.

use kernel::ffi::c_int;
use kernel::tracepoint::declare_trace;

declare_trace! {
    /// # Safety
    ///
    /// Always safe to call.
    unsafe fn tp7_rust(v: c_int);
    /// Called from samples/rust/tp7_user.rs.
    #[allow(dead_code)]
    pub(crate) unsafe fn tp7_rust_pub(v: c_int);
    unsafe fn tp7_rust_private(v: c_int);
    unsafe fn tp7_rust_declared(v: c_int);
    unsafe fn tp7_rust_nested(v: c_int);
    unsafe fn tp7_rust_quote(v: c_int);
}

extern "C" {
    fn rust_do_trace_tp7_rust_extern(v: c_int);
}

mod inner {
    pub(crate) fn fire(v: i32) {
        // SAFETY: Always safe to call.
        unsafe { super::tp7_rust(v as c_int) }
    }
}

pub(crate) fn not_fired() {
    // tp7_rust_declared(1);
    let _a = "tp7_rust_declared(2)";
    let _b = r#"tp7_rust_declared(3) "still" a raw string"#;
    let _c = b"tp7_rust_declared(4)";
    /* outer /* inner */ unsafe { tp7_rust_nested(5) } */
}

pub(crate) fn quoted<'a>(s: &'a str) -> char {
    let q = '"';
    // SAFETY: Always safe to call.
    unsafe { tp7_rust_quote(s.len() as c_int) };
    let _s = "after";
    q
}

pub(crate) fn direct(v: c_int) {
    // SAFETY: Always safe to call.
    unsafe { kernel::bindings::rust_do_trace_tp7_rust_direct(v) }
}
