"""Where a line of text may break, measured in terminal cells, for Japanese as well.

Rich wraps English at spaces, and cuts a run of Japanese, which has none, at whatever
character reaches the edge. ``line_starts`` breaks between words of narrow characters
and between any two wide characters, never before a closing mark or small kana and never
after an opening mark (the Japanese rule called kinsoku), never between a word of narrow
characters and the wide character right after it (a number and its counter: "3列"),
never inside a word of narrow characters that fits on a line, and not inside a short run
of kanji or katakana (most often one word: 料金, コンピューター) unless keeping it whole
would leave the line less than half full, and before such a word with the hiragana after
it (its endings and particles: 終了します, ゲームを) rather than inside them where the line
stays two thirds full. Where the caller names spans to keep whole (a command to copy:
``textmode.terminal``; a player's name), a line never breaks inside one: it goes whole to
the next line, and one wider than a line stays whole there, overflowing. The command
line's help, the market's key, the app's paragraphs (``tui.widgets.wrapped``: the status
line, the moves log, the lessons), its notices and the help's pages
(``tui.widgets.wrapped_markdown``) wrap with it.
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from itertools import pairwise

from rich.cells import cell_len
from rich.text import Text

PIECES = re.compile(
    r"\s+|[^\s\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]+|\S"
)
"""The pieces a line may break between: runs of blanks, words of narrow characters, and
each wide character."""

NO_LINE_START = frozenset("、。，．・：；？！）」』】〕ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ")  # noqa: RUF001
"""What a Japanese line may not begin with (closing marks, small kana): it goes down with
the character before it."""

NO_LINE_END = frozenset("（「『【〔")  # noqa: RUF001
"""What a Japanese line may not end with (opening marks): it goes down with the character
after it."""


Piece = tuple[int, str]
"""A piece of a line: where it starts in the text, and its characters."""


def is_wide(text: str) -> bool:
    """True when ``text`` has a character that takes two cells (wrapped by ``line_starts``)."""
    return cell_len(text) != len(text)


Span = tuple[int, int]
"""Where a run of ``text`` starts and ends (``text[start:end]``)."""


def line_starts(text: str, width: int, whole: Sequence[Span] = ()) -> list[int]:
    """Where each line after the first begins, ``text`` (one paragraph, no newline) wrapped
    in ``width`` cells (see the module). The blanks at a break belong to neither line. A
    word wider than a whole line is cut where the edge falls; where keeping a mark with
    its neighbour would overflow the next line, the mark stays where it falls. No line
    breaks inside a span of ``whole``: with the words it touches, it goes whole to the
    next line, and one wider than a line is never cut (it overflows its line)."""
    pieces: list[Piece] = []
    cut: set[int] = set()  # where a word wider than a line was cut into characters
    for (start, piece), held in _pieces(text, whole):
        if cell_len(piece) > width and not piece.isspace() and not held:
            pieces += [(start + index, char) for index, char in enumerate(piece)]
            cut.update(range(start, start + len(piece)))
        else:
            pieces.append((start, piece))
    word_spans = [found.span() for found in WORDS.finditer(text)]
    words, endings = _starts(word_spans), _starts(_with_endings(text, word_spans))
    starts: list[int] = []
    line: list[Piece] = []  # the pieces of the line under way
    used = cell_len(text[: len(text) - len(text.lstrip())])  # an indent the first line keeps
    for offset, piece in pieces:
        if piece.isspace():
            if line:
                line.append((offset, piece))
                used += cell_len(piece)
            continue
        size = cell_len(piece)
        if line and used + size > width:
            kept, carried = _carry(line, (offset, piece), cut, endings)
            if carried and not _kept_well(text, kept, carried[0], width, ENDINGS_LINE_FULL):
                kept, carried = _carry(line, (offset, piece), cut, words)
            if carried and not _kept_well(text, kept, carried[0], width):
                kept, carried = _carry(line, (offset, piece), cut, {})
            if _widowed(text, kept, (carried or [(offset, piece)])[0], width):
                kept, carried = kept[:-1], [kept[-1], *carried]
            if carried and cell_len(text[carried[0][0] : offset]) + size > width:
                carried = []  # the width comes first: the marks stay where they were
            line = carried
            starts.append(line[0][0] if line else offset)
            used = cell_len(text[line[0][0] : offset]) if line else 0
        line.append((offset, piece))
        used += size
    return starts


def _pieces(text: str, whole: Sequence[Span]) -> list[tuple[Piece, bool]]:
    """The pieces of ``text`` a line may break between (``PIECES``), those inside a span
    of ``whole`` joined into one, each with whether it holds such a span. A held piece
    keeps the opening mark before it and the closing marks after it (as ``_carry`` would,
    but also where the piece is wider than a line)."""
    pieces: list[tuple[Piece, bool]] = []
    for found in PIECES.finditer(text):
        start, end = found.span()
        held = any(left < end and start < right for left, right in whole)
        if pieces:
            (before, piece), held_before = pieces[-1]
            if (
                any(left < start < right for left, right in whole)  # no break here
                or (held_before and found.group()[0] in NO_LINE_START)
                or (held and piece[-1] in NO_LINE_END)
            ):
                pieces[-1] = ((before, piece + found.group()), True)
                continue
        pieces.append(((start, found.group()), held))
    return pieces


_WIDE = "\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"

WORDS = re.compile(
    rf"[\u4e00-\u9fff\u3005]{{1,4}}[^\s{_WIDE}]+(?=[{_WIDE}])"
    rf"|[\u4e00-\u9fff\u3005]{{2,4}}|[\u30a1-\u30fa\u30fc]{{2,8}}"
    rf"|(?<=[「『])[^{_WIDE}\n]+(?=[」』])|`[^`{_WIDE}\n]+`"
)
"""Runs of kanji (a compound such as 料金 or 手番) and of katakana (a word such as
コンピューター) short enough to be one word most often, with the narrow word right after
them when a wide character follows that (商人2 before の, the 行2 of 3行2列, a square's
name), and a command quoted in 「」 or backquotes (「marrakech host --resume 1a2b」): a
line breaks inside one only where keeping it whole would leave the line less than half
full or break kinsoku."""


WITH_ENDINGS = re.compile(
    r"[\u4e00-\u9fff\u3005\u30a1-\u30fa\u30fc]+[\u3041-\u3096]*|[\u3041-\u3096]+"
)
"""Runs of kanji or katakana with the hiragana after them (a word with its endings and
particles: 始めます, ゲームを), and runs of hiragana alone: a line of Japanese breaks
before one rather than inside it ("終了しま" / "す。") where the line stays
``ENDINGS_LINE_FULL``."""

ENDINGS_LINE_FULL = 2 / 3
"""How full a line must stay for a word with its endings (``WITH_ENDINGS``) to go whole to
the next line."""


def _with_endings(text: str, words: Sequence[Span]) -> list[Span]:
    """Where each word with its endings (``WITH_ENDINGS``) stands, joined with any short
    word of ``words`` it overlaps, so that keeping one keeps both."""
    joined: list[Span] = []
    for start, end in sorted([found.span() for found in WITH_ENDINGS.finditer(text)] + [*words]):
        if joined and start < joined[-1][1]:
            joined[-1] = (joined[-1][0], max(end, joined[-1][1]))
        else:
            joined.append((start, end))
    return joined


def _starts(spans: Sequence[Span]) -> dict[int, int]:
    """The start of the span each character of ``spans`` is in, by its offset (a short
    word's, ``WORDS``, or a word's with its endings)."""
    return {offset: start for start, end in spans for offset in range(start, end)}


def _carry(
    line: list[Piece], head: Piece, cut: set[int], words: dict[int, int]
) -> tuple[list[Piece], list[Piece]]:
    """The line as it may end before ``head``, and the pieces it carries down to begin
    the next line with ``head``: a closing mark or small kana goes down with the piece
    before it, an opening mark with the piece after it, a narrow word with the wide
    character it touches, a character of a short word (``words``) with the rest of it.
    The line keeps at least one piece."""
    line, carried = list(line), list[Piece]()
    while line[-1][1].isspace():
        line.pop()
    while len(line) > 1:
        first = (carried or [head])[0]
        last = line[-1]
        same_word = last[0] in words and words[last[0]] == words.get(first[0])
        if not (
            first[1][0] in NO_LINE_START
            or last[1][-1] in NO_LINE_END
            or (last[0] not in cut and _touching(last, first))
            or same_word
        ):
            break
        carried.insert(0, line.pop())
        while len(line) > 1 and line[-1][1].isspace():
            line.pop()
    return line, carried


def _kept_well(text: str, kept: list[Piece], head: Piece, width: int, full: float = 1 / 2) -> bool:
    """Whether a line broken before ``head`` to keep a word (with its endings or not) whole
    (``_carry``) is a good line: at least ``full`` (half full for a word alone), and
    breaking no rule of kinsoku where the carry stopped at the line's first piece."""
    return (
        cell_len(text[kept[0][0] : head[0]]) >= full * width
        and kept[-1][1][-1] not in NO_LINE_END
        and head[1][0] not in NO_LINE_START
    )


WIDOW_CELLS = 4
"""The most the end of a sentence of Japanese may hold at the start of a line before the
last character of the line above goes down to it too ("す。" alone is a widow; "ます。"
is not)."""

SENTENCE_END = re.compile("[。！？]")  # noqa: RUF001
"""What ends a sentence of Japanese."""


def _widowed(text: str, kept: list[Piece], head: Piece, width: int) -> bool:
    """Whether a line broken before ``head`` leaves the end of a sentence of Japanese a
    widow on the next line (at most ``WIDOW_CELLS``, "ん。", the paragraph's end or
    another sentence after it), which the line's last character, a wide one, should go
    down to, where the line stays half full and kinsoku allows it."""
    rest = text[head[0] :]
    end = SENTENCE_END.search(rest)
    tail = rest[: end.end()] if end else rest.rstrip()
    if cell_len(tail) > WIDOW_CELLS or not is_wide(tail) or len(kept) < 2:
        return False
    after = next((found for found in PIECES.finditer(rest, len(tail)) if found[0].strip()), None)
    if after is not None and cell_len(rest[: after.end()]) <= width:
        return False  # the next sentence goes on beside it: no widow
    before, last = kept[-2:]
    return (
        cell_len(last[1]) == 2
        and not _touching(before, last)  # "2に" stays whole
        and _kept_well(text, kept[:-1], last, width)
    )


def _touching(before: tuple[int, str], after: tuple[int, str]) -> bool:
    """Whether a word of narrow characters is followed by a wide character, with no blank
    between (a number and its counter or particle: "3を", "3列"): a line does not break
    between them."""
    (start, left), (offset, right) = before, after
    return start + len(left) == offset and not is_wide(left) and is_wide(right)


def narrowest(text: str) -> int:
    """The fewest cells a line of ``text`` needs for ``line_starts`` to break it only where
    it likes to: its widest word of narrow characters, short kanji or katakana word (with
    the number glued to it), or wide character."""
    pieces = [found.group() for found in PIECES.finditer(text)]
    words = [found.group() for found in WORDS.finditer(text)]
    return max((cell_len(piece) for piece in pieces + words if not piece.isspace()), default=0)


def spans_of(text: str, words: Sequence[str]) -> list[Span]:
    """Where each of ``words`` (players' names, say) stands in ``text``, to keep whole."""
    return [found.span() for word in words if word for found in re.finditer(re.escape(word), text)]


def wrapped_lines(text: str, width: int, whole: Sequence[Span] = ()) -> list[str]:
    """``text`` (one paragraph) in lines of at most ``width`` cells, as ``line_starts``
    breaks it (never inside a span of ``whole``), each without the blanks at its ends."""
    bounds = [0, *line_starts(text, width, whole), len(text)]
    return [text[start:end].strip() for start, end in pairwise(bounds)]


def wrap_text(text: Text, width: int, keep: Sequence[str] = ()) -> Text:
    """Styled ``text`` with a line break wherever ``line_starts`` breaks a paragraph with
    wide characters in ``width`` cells, never inside one of the words of ``keep`` that
    fits on a line (a paragraph without wide characters is left to Rich)."""
    paragraphs = []
    for paragraph in text.split("\n", allow_blank=True):
        if not is_wide(paragraph.plain):
            paragraphs.append(paragraph)
            continue
        plain = paragraph.plain
        # A word wider than a line is broken all the same: kept whole, it would be cut off.
        whole = [
            (start, end)
            for start, end in spans_of(plain, keep)
            if cell_len(plain[start:end]) <= width
        ]
        lines = paragraph.divide(line_starts(paragraph.plain, width, whole))
        for line in lines:
            line.rstrip()
        paragraphs.append(Text("\n").join(lines))
    return Text("\n").join(paragraphs)


def phrases(template: str, **values: object) -> list[str]:
    """``template.format(**values)`` in pieces (joined, the whole): each value, with the
    template's words before the first and after the last, and between two values the
    template's words that join them (", ", " · "), where a line may break instead
    (``phrase_breaks``). The values are at the even places, the joins at the odd ones."""
    formatter = string.Formatter()
    pieces, words = list[str](), ""
    for literal, field, spec, conversion in formatter.parse(template):
        words += literal  # ("{{" parts a template's words: they run on to the next value)
        if field is None:
            continue
        value = formatter.convert_field(formatter.get_field(field, (), values)[0], conversion)
        said = formatter.format_field(value, spec or "")
        pieces.extend((words, said) if pieces else (words + said,))
        words = ""
    if not pieces:
        return [words]
    pieces[-1] += words  # the words after the last value go with it
    return pieces


def phrase_breaks(text: Text, joins: Sequence[tuple[int, int]], width: int) -> Text:
    """Styled ``text``, made of phrases and the ``joins`` between them (where each one
    begins and ends: " · "), with a line break in place of each join where the phrase
    after it does not fit on the rest of the line: a phrase that fits on a line is never
    cut ("over: Ayla won" reads whole). One wider than a line is left for the wrapping
    after to break, and the next phrase follows on its last line where it fits there."""
    pieces = text.divide([edge for join in joins for edge in join])
    broken = pieces[0].copy()
    for join, phrase in zip(pieces[1::2], pieces[2::2], strict=True):
        line = wrapped_lines(broken.plain.rpartition("\n")[2], width)[-1]  # the line so far
        first = phrase.plain.partition("\n")[0]  # the phrase's, up to what follows it
        if line.strip() and cell_len(line + join.plain + first) > width:
            broken.append("\n")
        else:
            broken.append(join)
        broken.append(phrase)
    return broken
