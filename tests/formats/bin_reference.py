"""Stockfish's .bin (PackedSfenValue) written here in Python from the
format's description (Stockfish's tools: sfen_packer), independently of the
tool's C code: reads a .plain file and writes the 40 bytes of each entry, as
Stockfish's converter from plain to bin would.

    bin_reference.py IN.plain OUT.bin
    bin_reference.py --entry FEN MOVE SCORE PLY RESULT OUT.bin   (one entry)
"""
import struct
import sys

CODES = {"p": 0b0001, "n": 0b0011, "b": 0b0101, "r": 0b0111, "q": 0b1001}
# Each piece but the kings as its 5 bits: the 4-bit code, then 1 for black.
PIECE_BITS = {**{letter.upper(): (code, 5) for letter, code in CODES.items()},
              **{letter: (code | 1 << 4, 5) for letter, code in CODES.items()}}


class Bits:
    """Bit i of the stream is bit i of a little-endian number: the lowest bit
    first, from the lowest bit of each byte."""

    def __init__(self):
        self.value, self.at = 0, 0

    def put(self, value, count):
        self.value |= (int(value) & ((1 << count) - 1)) << self.at
        self.at += count

    def put_text(self, text):
        """Bits written as text, a character each, in stream order."""
        self.put(int(text[::-1] or "0", 2), len(text))

    def data(self):
        return self.value.to_bytes(32, "little")


def field_bits(value, count):
    """A field's count bits as text in stream order: its lowest bit first."""
    return format(value, "0%db" % count)[::-1]


# A placement's character as its bits in stream order (str.translate's
# table): a digit's empty squares, a piece's code and colour; a king, a
# slash: none.
PLACEMENT_BITS = str.maketrans({**{str(n): "0" * n for n in range(1, 9)}, "K": "", "k": "", "/": "",
                                **{c: field_bits(*bits) for c, bits in PIECE_BITS.items()}})
# A placement as its 64 squares, a8 to h8, a7 to h7, ... h1: "." where empty.
SQUARES = str.maketrans({**{str(n): "." * n for n in range(1, 9)}, "/": ""})


def square(name):
    return (ord(name[1]) - ord("1")) * 8 + ord(name[0]) - ord("a")


def flipped(index):
    """A square (a1 = 0) from its index in the placement's order (a8 = 0), and back."""
    return index ^ 56


def pack_position(fen):
    placement, side, castling, en_passant, rule50, fullmove = fen.split()
    squares = placement.translate(SQUARES)
    bits = Bits()
    bits.put(side == "b", 1)
    for king in "Kk":
        bits.put(flipped(squares.index(king)), 6)
    # The squares from a8 along each rank to h1, the placement's own order:
    # an empty square is a 0 bit, a piece its code then its colour (1 for
    # black); the kings are left out, their squares came first.
    bits.put_text(placement.translate(PLACEMENT_BITS))
    for right in "KQkq":
        bits.put(right in castling, 1)
    bits.put(en_passant != "-", 1)
    if en_passant != "-":
        bits.put(square(en_passant), 6)
    rule50, fullmove = int(rule50), max(int(fullmove), 1)
    bits.put(rule50, 6)
    bits.put(fullmove, 8)
    bits.put(fullmove >> 8, 8)
    bits.put(rule50 >> 6, 1)
    return bits.data(), squares


def pack_move(squares, uci):
    origin, target = square(uci[:2]), square(uci[2:4])
    piece = squares[flipped(origin)].lower()
    kind, promotion = 0, 0
    if len(uci) == 5:
        kind, promotion = 1, "nbrq".index(uci[4])
    elif piece == "k" and abs(target - origin) == 2:  # castling: the king takes its rook
        kind, target = 3, origin + 3 if target > origin else origin - 4
    elif piece == "p" and origin % 8 != target % 8 and squares[flipped(target)] == ".":
        kind = 2
    return target | origin << 6 | promotion << 12 | kind << 14


def entry(fen, move, score, ply, result):
    position, squares = pack_position(fen)
    return position + struct.pack("<hHHbB", score, pack_move(squares, move), ply, result, 0)


def entries(plain):
    fields = {}
    with open(plain) as text:
        for line in text:
            line = line.rstrip("\n")
            if line == "e":
                yield entry(fields["fen"], fields["move"], int(fields["score"]),
                            int(fields["ply"]), int(fields["result"]))
                fields = {}
            elif line:
                key, value = line.split(" ", 1)
                fields[key] = value


def main():
    if sys.argv[1] == "--entry":
        fen, move, score, ply, result, out = sys.argv[2:8]
        data = entry(fen, move, int(score), int(ply), int(result))
    else:
        data, out = b"".join(entries(sys.argv[1])), sys.argv[2]
    with open(out, "wb") as written:
        written.write(data)


if __name__ == "__main__":
    main()
