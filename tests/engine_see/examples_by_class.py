#!/usr/bin/env python3
"""The report's examples are the first difference of each class before any
other, then the first of the rest (programs/engine_check/example_choice.h).

Usage: examples_by_class.py ALL.json SHOWN.json N
ALL.json: a check's JSON report showing every difference (in the order the
check met them); SHOWN.json: the same check with --show N. A class: the
move's kind (read from its FEN), the explanations that explain it once
judged (explained_by, and the parts of a whole among them that agree, here)
and, when none does, what its exchange holds. Prints "ok" or what differs.
"""
import json
import sys


def piece_at(fen, square):
    rows = fen.split()[0].split("/")
    row = rows[8 - int(square[1])]
    file = ord(square[0]) - ord("a")
    for c in row:
        if c.isdigit():
            file -= int(c)
            if file < 0:
                return None
        else:
            if file == 0:
                return c
            file -= 1
    return None


def kind(example):
    fen, move = example["fen"], example["move"]
    if len(move) == 5:
        return "promotion"
    mover = piece_at(fen, move[:2])
    if mover in "Kk" and abs(ord(move[0]) - ord(move[2])) == 2:
        return "castling"
    if mover in "Pp" and move[0] != move[2] and piece_at(fen, move[2:4]) is None:
        return "en passant"
    return "normal"


def class_of(example):
    explained = (tuple(example["explained_by"]), tuple(example.get("here", ())))
    return (kind(example), explained, () if explained[0] else tuple(example["holds"]))


def main():
    every = json.load(open(sys.argv[1]))["differences"]
    shown = json.load(open(sys.argv[2]))["differences"]["examples"]
    room = int(sys.argv[3])
    if len(every["examples"]) != every["moves"]:
        print("the first report shows %d of %d differences" % (len(every["examples"]), every["moves"]))
        return
    seen, firsts, others = set(), [], []
    for place, example in enumerate(every["examples"]):
        cls = class_of(example)
        (others if cls in seen else firsts).append(place)
        seen.add(cls)
    chosen = sorted(firsts[:room] + others[: max(0, room - len(firsts))])
    expected = [every["examples"][i]["line"] for i in chosen]
    got = [e["line"] for e in shown]
    print("ok" if got == expected else "classes %d; expected %s; got %s" % (len(firsts), expected, got))


main()
