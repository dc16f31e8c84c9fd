"""A game that stops at a move that cannot be played, named as `seebatch eval
--games` names it (programs/cli/game_faults.c, whose words these are): the
bad ply as the records number it, its text and why, the plies scored and not;
raw PGN told from UCI moves, with the conversion named."""
import re

STATUS_MOVE = 4  # seebatch_status: a move malformed, or not legal where it is played

_PGN_ADVICE = ("convert the PGN first: pgn-extract -Wuci --quiet G.pgn | seebatch eval --games "
               "(Debian package pgn-extract, installed as /usr/games/pgn-extract)")
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_SHOWN_WORD_MAX = 32
_SAN = re.compile(r"(?:O-O(?:-O)?|0-0(?:-0)?|[KQRBN][a-h]?[1-8]?x?[a-h][1-8]"
                  r"|[a-h](?:x[a-h])?[1-8](?:=?[QRBN])?)[+#!?]*\Z")


def _pgn_word_kind(word):
    """What a word of PGN movetext is, or None."""
    if re.match(r"[0-9]+\.", word):
        return "a move number"
    if word[:1] in ("{", "}", ";"):
        return "a comment"
    if re.match(r"\$[0-9]", word):
        return "a NAG"
    if word[:1] in ("(", ")"):
        return "a variation"
    return "a move in SAN" if _SAN.match(word) else None


def _words(text):
    return [word for word in re.split(r"[ \t]+", text) if word]


def continues_pgn_movetext(line):
    """Whether a line goes on a game of raw PGN already refused: its first
    word is PGN movetext or a game's result."""
    words = _words(line)
    return bool(words) and (_pgn_word_kind(words[0]) is not None or words[0] in _RESULTS)


def _shown(word):
    shown = "".join(c if " " <= c < "\x7f" else "?" for c in word[:_SHOWN_WORD_MAX])
    return shown + ("..." if len(word) > _SHOWN_WORD_MAX else "")


def _plies(first, last, after):
    return f"ply {first}{after}" if first == last else f"plies {first} to {last}{after}"


def name_game_stop(ply, moves, played, why):
    """(message, is_pgn) of a game stopped at its ply `ply` (the records'
    number of the bad move), after `played` plies of the text `moves`, whose
    seebatch_game_play message is why."""
    words = _words(moves)
    bad = words[played] if played < len(words) else ""
    after = len(words) - played - (1 if words and words[-1] in _RESULTS else 0)
    after = max(after, 1)
    kind = _pgn_word_kind(bad) if bad else None
    if kind:
        message = (f"ply {ply} ({_shown(bad)}) is PGN movetext ({kind}), not a UCI move: "
                   f"{_PGN_ADVICE}")
    else:
        counted = f"move {played + 1} "
        message = f"ply {ply} " + (why[len(counted):] if why.startswith(counted) else why)
    if played > 0 or not kind:
        message += "; "
    if played > 0:
        message += _plies(ply - played, ply - 1, " scored" if kind else " scored, ")
    if not kind:
        message += _plies(ply, ply + after - 1, " not" if played > 0 else " not scored")
    return message, kind is not None
