// What the Reckless adapters (plugin.rs, lines.rs) ask of Reckless: a
// position set up by its own FEN reader (Board::new), and a UCI move found
// among its own legal moves as its UCI loop finds one (uci.rs,
// make_uci_move: the move list's move whose Display is the text), so that
// the Move is Reckless's. Nothing of Reckless is in this repository:
// build.sh compiles this with the modules of the user's tree.
use crate::board::Board;
use crate::types::Move;

/// Reckless's lookup tables that its move legality reads (the squares
/// between two squares); the attack tables are built into the binary.
pub fn init() {
    crate::lookup::init();
}

/// The position `fen` as Reckless's Board, or None when its reader refuses it.
pub fn board(fen: &str) -> Option<Board> {
    Board::new(fen).ok()
}

/// The legal move written `uci` in `board`, or None. Reckless generates
/// pseudo-legal moves and its search asks Board::is_legal of each. Its
/// Display (a String each) judges only the moves from the text's first
/// square: writing every move's text cost a check most of its time.
pub fn legal_move(board: &Board, uci: &str) -> Option<Move> {
    let text = uci.as_bytes();
    let (file, rank) = (text.first()?.wrapping_sub(b'a'), text.get(1)?.wrapping_sub(b'1'));
    let moves = board.generate_all_moves();
    let mut moves = moves.iter().map(|entry| entry.mv);
    let found = moves.find(|mv| mv.from().file() == file && mv.from().rank() == rank && mv.to_string() == uci);
    found.filter(|mv| board.is_legal(*mv))
}

/// A Move as seebatch carries it (a u32): Reckless's own 16 bits. A Move is
/// `struct Move(u16)`; transmute checks that the sizes agree.
pub fn move_bits(mv: Move) -> u32 {
    u32::from(unsafe { std::mem::transmute::<Move, u16>(mv) })
}

/// The Move that move_bits gave `bits`.
pub fn move_of(bits: u32) -> Move {
    unsafe { std::mem::transmute::<u16, Move>(bits as u16) }
}
