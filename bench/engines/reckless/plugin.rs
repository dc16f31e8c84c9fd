// Reckless's own SEE (Board::see) as a seebatch plug-in
// (include/seebatch_plugin.h): `seebatch check --see-plugin see_plugin.so`,
// `seebatch time --see-plugin see_plugin.so`. build.sh compiles it as the
// root of a cdylib crate whose other modules are the user's tree's own
// (board, lookup, parameters, types), with the tree's own Cargo profile and
// target flags.
//
// A position is Reckless's Board, set up by its FEN reader; a move is
// Reckless's Move, found among its legal moves as its UCI loop finds one;
// seebatch_plugin_see_ge is Board::see itself, a threshold test. Reckless
// has no exact SEE, so there is no seebatch_plugin_see_value: seebatch
// finds its values by bisection on see_ge. A panic aborts (the tree's
// profile): seebatch names the question that crashed.
#![allow(dead_code)] // the engine's modules without its search: much of them unused

mod board;
mod lookup;
mod parameters;
mod reckless_calls;
mod types;

use std::ffi::CStr;
use std::os::raw::{c_char, c_int, c_void};

use board::Board;

/// include/seebatch_plugin.h's SEEBATCH_PLUGIN_ABI, the ABI this file follows.
const SEEBATCH_PLUGIN_ABI: c_int = 1;

/// `text` into the caller's buffer of `size` bytes, cut to fit, NUL-terminated.
unsafe fn write_message(text: &str, message: *mut c_char, size: usize) {
    if message.is_null() || size == 0 {
        return;
    }
    let length = text.len().min(size - 1);
    std::ptr::copy_nonoverlapping(text.as_ptr(), message.cast::<u8>(), length);
    *message.add(length) = 0;
}

#[no_mangle]
pub extern "C" fn seebatch_plugin_abi() -> c_int {
    SEEBATCH_PLUGIN_ABI
}

/// # Safety
/// seebatch's call: `options` a C string, `message` a buffer of `message_size` bytes.
#[no_mangle]
pub unsafe extern "C" fn seebatch_plugin_open(
    options: *const c_char,
    message: *mut c_char,
    message_size: usize,
) -> c_int {
    let words = CStr::from_ptr(options).to_string_lossy();
    if !words.is_empty() {
        let text = format!("Reckless's plug-in takes no words (\"{}\")", words);
        write_message(&text, message, message_size);
        return 1;
    }
    reckless_calls::init();
    0
}

/// # Safety
/// seebatch's call: `fen` a C string.
#[no_mangle]
pub unsafe extern "C" fn seebatch_plugin_position(fen: *const c_char) -> *mut c_void {
    let board = CStr::from_ptr(fen).to_str().ok().and_then(reckless_calls::board);
    match board {
        Some(board) => Box::into_raw(Box::new(board)).cast::<c_void>(),
        None => std::ptr::null_mut(),
    }
}

/// # Safety
/// seebatch's call: `position` from seebatch_plugin_position, `uci` a C string.
#[no_mangle]
pub unsafe extern "C" fn seebatch_plugin_move(
    position: *mut c_void,
    uci: *const c_char,
    move_found: *mut u32,
) -> c_int {
    let board = &*position.cast::<Board>();
    let found = CStr::from_ptr(uci).to_str().ok().and_then(|uci| reckless_calls::legal_move(board, uci));
    match found {
        Some(mv) => {
            *move_found = reckless_calls::move_bits(mv);
            0
        }
        None => 1,
    }
}

/// # Safety
/// seebatch's call: `position` from seebatch_plugin_position, `move_bits` from seebatch_plugin_move.
#[no_mangle]
pub unsafe extern "C" fn seebatch_plugin_see_ge(position: *mut c_void, move_bits: u32, threshold: i32) -> c_int {
    let board = &*position.cast::<Board>();
    c_int::from(board.see(reckless_calls::move_of(move_bits), threshold))
}

/// # Safety
/// seebatch's call: `position` from seebatch_plugin_position, freed once.
#[no_mangle]
pub unsafe extern "C" fn seebatch_plugin_position_free(position: *mut c_void) {
    if !position.is_null() {
        drop(Box::from_raw(position.cast::<Board>()));
    }
}

#[no_mangle]
pub extern "C" fn seebatch_plugin_close() {}
