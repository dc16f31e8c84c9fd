#!/usr/bin/env python3
"""The classes of a full check's differences that a suite's check catches.

Usage: suite_classes.py FULL.json SUITE.json
Both are `seebatch check --format json --show 1000000` reports of the same
SEE under the same rules: FULL of the real positions, SUITE of a suite drawn
from them. A class is what the report groups differences by (its examples,
the first of each class first): the move's kind and the explanations that
explain it, or, when none does, what its exchange holds; held here finer,
each split by what its exchange holds (x-ray, pinned recapturer, ...). A
suite's difference is put in the class the full check gave the same move
(the suite's own check, with fewer differences, may take other
explanations). Prints "caught C of N classes (c of n as the report counts
them)" and each class missed; exit 0 when none is missed and every
difference of the suite is one of the full check.
"""
import json
import sys


def kind(fen, move):
    """normal, promotion, en passant or castling, as the check counts."""
    if len(move) == 5:
        return "promotion"
    rows = fen.split()[0].split("/")
    board = {}
    for rank, row in zip("87654321", rows):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                board["abcdefgh"[file] + rank] = c
                file += 1
    piece = board.get(move[:2], "?").lower()
    target = board.get(move[2:4])
    if piece == "p" and move[0] != move[2] and target is None:
        return "en passant"
    mover_white = board.get(move[:2], "?").isupper()
    own_rook = target is not None and target.lower() == "r" and target.isupper() == mover_white
    far = abs(ord(move[0]) - ord(move[2])) == 2
    if piece == "k" and (far or own_rook):
        return "castling"
    return "normal"


def place(example):
    """The move's position (the FEN's first four fields) and the move."""
    return " ".join(example["fen"].split()[:4]), example["move"]


def report_class(example):
    """The class as the report counts it (example_choice.h)."""
    explained = example.get("explained_by", []) + example.get("here", [])
    why = ("explained by", tuple(explained)) if explained else ("nothing", tuple(example["holds"]))
    return (kind(example["fen"], example["move"]),) + why


def class_of(example):
    """The report's class, split by what the exchange holds."""
    return report_class(example) + (tuple(example["holds"]),)


def examples(path):
    with open(path) as f:
        report = json.load(f)
    differences = report["differences"]
    shown = differences["examples"]
    if len(shown) != differences["moves"]:
        sys.exit(f"{path}: {len(shown)} examples of {differences['moves']} differences "
                 "(asked with --show 1000000?)")
    if differences["classified"] != differences["moves"]:
        sys.exit(f"{path}: {differences['classified']} of {differences['moves']} classed")
    return shown


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    full = {place(e): class_of(e) for e in examples(sys.argv[1])}
    suite = examples(sys.argv[2])
    strangers = [place(e) for e in suite if place(e) not in full]
    caught = {full[place(e)] for e in suite if place(e) in full}
    classes = sorted(set(full.values()))
    coarse, coarse_caught = {c[:3] for c in classes}, {c[:3] for c in caught}
    print(f"caught {sum(c in caught for c in classes)} of {len(classes)} classes "
          f"({len(coarse & coarse_caught)} of {len(coarse)} as the report counts them; "
          f"{len(suite)} differences in the suite, {len(full)} in the full check)")
    for c in classes:
        if c not in caught:
            print("missed:", " / ".join([c[0], c[1], ", ".join(c[2]), "holds " + ", ".join(c[3])]))
    for fen, move in strangers:
        print(f"not a difference of the full check: {fen};{move}")
    return 0 if all(c in caught for c in classes) and not strangers else 1


if __name__ == "__main__":
    sys.exit(main())
