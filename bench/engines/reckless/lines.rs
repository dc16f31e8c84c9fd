// Reckless's own SEE (Board::see) behind seebatch's line protocol
// (docs/your-see.md): `seebatch check --see-command see_lines`. Reads
// "FEN;move;threshold" lines and writes 1 or 0 for each, flushed; Reckless
// has no exact SEE, so value questions ("FEN;move") are refused. build.sh
// compiles it as the root of a binary crate whose other modules are the
// user's tree's own.
#![allow(dead_code)] // the engine's modules without its search: much of them unused

mod board;
mod lookup;
mod parameters;
mod reckless_calls;
mod types;

use std::io::{BufRead, Write};

use board::Board;

/// A line's question: the FEN, the UCI move and the threshold.
fn question(line: &str) -> Option<(&str, &str, i32)> {
    let mut fields = line.trim_end_matches('\r').split(';');
    let fen = fields.next()?;
    let uci = fields.next().filter(|uci| !uci.is_empty())?;
    let threshold = fields.next()?.parse().ok()?;
    if fields.next().is_some() {
        return None;
    }
    Some((fen, uci, threshold))
}

/// Answers standard input's lines; an error names the line and why.
fn answer_lines() -> Result<(), String> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut position: Option<(String, Board)> = None;
    for (number, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|error| format!("reading standard input: {}", error))?;
        let at = number + 1;
        let (fen, uci, threshold) = question(&line)
            .ok_or_else(|| format!("line {}: not FEN;move;threshold (Reckless has no exact SEE)", at))?;
        if position.as_ref().map_or(true, |(held, _)| held != fen) {
            let board = reckless_calls::board(fen).ok_or_else(|| format!("line {}: Reckless refuses the FEN {}", at, fen))?;
            position = Some((fen.to_string(), board));
        }
        let board = &position.as_ref().expect("set up above").1;
        let mv = reckless_calls::legal_move(board, uci)
            .ok_or_else(|| format!("line {}: {} is not a legal move of {}", at, uci, fen))?;
        writeln!(out, "{}", u8::from(board.see(mv, threshold)))
            .and_then(|()| out.flush())
            .map_err(|error| format!("writing standard output: {}", error))?;
    }
    Ok(())
}

fn main() {
    reckless_calls::init();
    if let Err(error) = answer_lines() {
        eprintln!("Reckless: {}", error);
        std::process::exit(1);
    }
}
