"""Seeded families of model replies around a value given up (docs/structured-output.md
"JSON extraction"), each with the answer a careful reader takes, written by hand from
how the reply was built (never from the extractor's output): the value put in as the
answer, or ``NONE`` (no answer: the reply is ``invalid`` and a correction turn asks
again). ``tests/schema/test_json_extraction_families.py`` runs each with a fixed seed;
reviewers reuse them (``make(name, seed, n)``) to compare two trees.

The one reading of "given up": a value that fails at a string with a line break after
it was given up there when the next line is the reply's, not that string's; the reply
then starts again past it: no value before it (a draft) is the answer, a value after it
is, unless that value is an item of a structure cut at the text's end."""

from __future__ import annotations

import json
import random
from typing import Any, Callable, Dict, List, NamedTuple, Tuple

__all__ = ["FAMILIES", "NONE", "Family", "make"]

NONE = object()  # no answer

# values given up at a string: without a raw line break in it, and with one
GIVEN_UP = ['{"b": 2, "c"', '{"x": 1, "note": "ok"', '["a", "b"', '{"x": 1,\n  "y"']
RAW = ['{"x": 1, "note": "line1\nline2"', '{"a": "x = 1\ny = 2"', '{"a": "Steps:\n1. go"', '{"answer": "x\ny"']
LEADS = ["Final: ", "The answer is ", "**Final:** ", "Use "]
ANNOUNCED = ["Answer:\n", "Final:\n", "Sorry.\nAnswer:\n", "**Final:**\n"]
WORDS = ['"done"', '"ok"', '"k"', '"checked"', '"as requested"', '"Hope this helps!"']
INCH_PAIRED = ['the \\"12\\" pipe\\" leaks', 'He said \\"a 15\\" screen\\" ok', 'my \\"27\\" monitor\\" broke',
               '15\\" screen', "5'11\\\" tall", 'the \\"v2\\" build']
UNPAIRED = ['Use \\"v2\\" not \\"yes', 'Rated \\"A1\\" by \\"Moody', 'the \\"top 10\\" and \\"best',
            'He said \\"15\\" and \\"x', 'call \\"f1\\", then \\"go', 'print(\\"hi']
REFS = ["[1]: https://example.com/a", '[1]: <https://example.com/a> "A"', "[a]: ./doc.md", "   [2]: https://x.org/b 'T'",
        "[1]:\nhttps://x.org", "> [1]: https://x.org", "> > [2]: www.x.org", "[1]: https://x.org - Smith 2020",
        "[1]: https://x.org\n[2]: https://y.org"]


def _value(r: random.Random) -> Any:
    return r.choice([[r.randint(0, 9) for _ in range(r.randint(1, 3))], {"x": r.randint(0, 9)}, ["a", "b"],
                     [[1], [2]], {"x": 3, "note": "ok"}])


def _plain(r: random.Random) -> Any:
    """A value holding no string (a quote in a value read in a string's run ends that run:
    docs, known gap)."""
    return r.choice([[r.randint(0, 9) for _ in range(r.randint(1, 3))], [[1], [2]], [True, None]])


def _maybe_given_up(r: random.Random) -> str:
    return r.choice(["", "", r.choice(GIVEN_UP + RAW) + "\n"])


def _list_first(r: random.Random) -> Tuple[str, Any]:
    """(a) a list item announcing its value after a raw-line-break string."""
    v = _value(r)
    item = r.choice(["- ", "* ", "+ ", "1. ", "2) "]) + r.choice(["Final: ", "The answer is ", "**Answer:** "])
    return r.choice(RAW) + "\n" + item + json.dumps(v), v


def _string_lines(r: random.Random) -> Tuple[str, Any]:
    """Lines that may be the string's, cut there: a list item opening a value or with no
    announcement, a value, a code line after code lines (f)."""
    v = json.dumps(_plain(r))
    return r.choice([
        '{"answer": "a = 1\ns = "\n' + r.choice(["- ", "2. ", "x = ", "result = "]) + v,
        '{"a": "line one\nline two"\n  - item ' + v + "\n  - more",
        '{"code": "n = 2\nm = 3"\nk = ' + v,
        r.choice(RAW) + "\n" + v + r.choice(["", "\n- more"]),
    ]), NONE


def _announced(r: random.Random) -> Tuple[str, Any]:
    """(b, d) a value the line before announces, a quoted word after its ``,``."""
    v = _value(r)
    return _maybe_given_up(r) + r.choice(ANNOUNCED) + json.dumps(v) + r.choice([", ", ",\n"]) + r.choice(WORDS), v


def _structure(r: random.Random) -> Tuple[str, Any]:
    """A structure going on after the value past the one given up, cut or whole."""
    v = json.dumps(_plain(r))
    tail = r.choice([', "k": 1}', ', "k', ', "a", "b"]', ': [6'])  # (``[5], [6]``: the last value, as any)
    lead = r.choice(["", r.choice(ANNOUNCED)]) if tail != ', "k' else ""
    return r.choice(GIVEN_UP + RAW) + "\n" + lead + v + tail, NONE


def _inch(r: random.Random) -> Tuple[str, Any]:
    """(c) inch marks and paired escaped quotes in the string given up."""
    v = _value(r)
    shape = r.choice(['{"x": 1, "note": "%s"', '["a", "%s"', '{"answer": "%s"'])
    return shape % r.choice(INCH_PAIRED) + "\n" + r.choice(["Final: ", "then "]) + json.dumps(v), v


def _unpaired(r: random.Random) -> Tuple[str, Any]:
    """A quote with no partner in the string: it went on, what follows is its text."""
    shape = r.choice(['{"x": 1, "note": "%s"', '["a", "%s"', '{"answer": "%s"'])
    return shape % r.choice(UNPAIRED) + "\n" + r.choice(["Final: ", "then "]) + json.dumps(_plain(r)), NONE


def _prose_line(r: random.Random) -> Tuple[str, Any]:
    """A line of prose after a raw-line-break string: the reply's."""
    v = _value(r)
    return (r.choice(["", "Draft: [0]\n"]) + r.choice(RAW + ['{"answer": "a = 1\ns = "']) + "\n"
            + r.choice(LEADS) + json.dumps(v) + r.choice(["", ".", "\nThanks."])), v


def _refs(r: random.Random) -> Tuple[str, Any]:
    """(g) link reference definitions and citations after the answer."""
    v = _value(r)
    cite = r.choice(["", "", ", [1]", " [1][2]"])  # (each defined below: ``uncited``)
    return (_maybe_given_up(r) + r.choice(LEADS) + json.dumps(v) + cite + r.choice(["", ".", ":"]) + "\n\n"
            + r.choice(REFS) + ("\n[1]: https://z.org" if cite else "") + ("\n[2]: https://y.org" if "[2]" in cite else "")), v


def _labels(r: random.Random) -> Tuple[str, Any]:
    """A ``[…]:`` line that is no link reference definition: a value."""
    w = r.choice(["[1, 2]:", "[1]: done", '[4]: "ok" is it', "[1, 2]: see https://x.org", "[3]:\n\nThanks."])
    return r.choice(["", "Answer:\n", "Result\n"]) + w, json.loads(w[:w.index("]") + 1])


def _draft(r: random.Random) -> Tuple[str, Any]:
    """A value given up after a draft supersedes it: prose with no value after."""
    return (r.choice(["Draft: [0]\n", 'Example: {"x": 0}\n', "First try: [7] Wait, "]) + r.choice(GIVEN_UP + RAW) + "\n"
            + r.choice(["I will fix it.", "Sorry, that broke.", "Let me redo this.", 'See "spec" for details.',
                        'Note "spec".', 'I\'ll fix the "answer" field.', 'Use "strict" mode.'])), NONE


def _draft_then_answer(r: random.Random) -> Tuple[str, Any]:
    """...and a complete value after the one given up is the answer."""
    v = _value(r)
    return (r.choice(["Draft: [0]\n", 'Example: {"x": 0}\n']) + r.choice(GIVEN_UP + RAW) + "\n"
            + r.choice(LEADS) + json.dumps(v)), v


def _cut(r: random.Random) -> Tuple[str, Any]:
    """An answer cut off: never a piece of it."""
    body = r.choice(["See [1]", '15\\" screen', "Steps:\\n- a", 'He said \\"hi\\"', "[1, 2]: done", "ok"])
    ans = '{"answer": "' + body + '", "ids": [1, 2], "n": ' + str(r.randint(0, 9)) + "}"
    return r.choice(["", "Sure.\n"]) + r.choice(LEADS) + ans[:r.randint(1, len(ans) - 1)], NONE


def _assign_announce(r: random.Random) -> Tuple[str, Any]:
    """``Answer =`` after a string of code lines: the reply's, as ``Answer:`` (review revJsonx)."""
    v = _value(r)
    code = r.choice(['{"code": "x = 1\ny = 2"', '{"work": "2x = 6\nx = 3"', '{"py": "import os\npath = os.getcwd()"'])
    name = r.choice(["Answer", "answer", "Result", "Final", "FINAL"])
    return code + "\n" + name + r.choice([" = ", "="]) + json.dumps(v) + r.choice(["", "\nDone."]), v


def _label_words(r: random.Random) -> Tuple[str, Any]:
    """A ``[…]:`` line with words after its link: no CommonMark definition, a value; after
    another value, a reference list's line (review revJsonx)."""
    v = [r.randint(0, 9) for _ in range(r.randint(1, 2))]
    line = json.dumps(v) + r.choice([": https://x.org explains this", ":\n# Explanation\nThese are the ids.",
                                     ": www.x.org is the mirror", ":\n/api/v1 returns them"])
    if r.random() < 0.5:
        return r.choice(["Answer:\n", "The ids\n", ""]) + line, v
    w = _value(r)
    return r.choice(["Final: ", "Use "]) + json.dumps(w) + ".\n\n" + line, w


def _answer_line(r: random.Random) -> Tuple[str, Any]:
    """A ``[…]:`` line with words after its link read as the answer line where ``Answer:``
    stands before it: no reference list's line, it defines no citation (review revJsonx3);
    unannounced, its link on the next line or a label of two numbers, it is a list's line
    after the values above it (review revJsonx4)."""
    b = [r.randint(0, 9) for _ in range(r.randint(1, 2))]
    a = [r.randint(10, 19)]
    words = r.choice([": https://x.org explains this", ": www.x.org is the mirror", ": /docs/a Smith 2020"])
    shape = r.choice(["announced", "next_line", "two_numbers"])
    if shape == "next_line":
        words = r.choice([":\n/api/v1 returns them", ":\n# Explanation\nThese are the ids."])
    elif shape == "two_numbers":
        b = [r.randint(0, 9), r.randint(0, 9)]
    pre = r.choice(["Candidates: %s, %s", "Tried %s %s", "Options: %s; %s", "Between %s and %s", "%s or %s?"])
    lead = r.choice(["Answer:\n", "**Final:**\n", "Final answer:\n\n"]) if shape == "announced" else ""
    before = f"[{r.randint(20, 29)}]" if lead and r.random() < 0.3 else json.dumps(b)  # (the label not written before)
    text = pre % (json.dumps(a), before) + "\n\n" + lead + json.dumps(b) + words
    if lead:
        return text, b
    # unannounced, the line reads as a reference list's (review revJsonx4; a known gap, docs): ``[b]`` on the
    # first line cites, so ``a`` is the answer where only blanks, ``,`` or ``;`` stand between, else none
    return text, (a if pre.startswith(("Candidates", "Tried", "Options")) else NONE)


def _cited_list(r: random.Random) -> Tuple[str, Any]:
    """A reference list below the answer, words after each link (authors, a sentence):
    the label right after the answer cites (session 43, review revJsonx2)."""
    v = _value(r)
    lab = r.choice(["1", "2", "a", "src"])
    words = r.choice([" Smith 2020", " is the official site", ' "Docs" 2020', " Jones", ", Doe et al."])
    return (r.choice(LEADS[:3] + ["Answer: "]) + json.dumps(v) + r.choice([" ", ", ", "; ", " see ", " cf. "])
            + f"[{lab}]" + r.choice(["", "."]) + "\n\n" + r.choice(["", "Sources:\n", "References\n", "> "])
            + f"[{lab}]: " + r.choice(["https://x.org/a", "/docs/a", "www.x.org", "#sec"]) + words), v


def _assign_wrapped(r: random.Random) -> Tuple[str, Any]:
    """``Answer =`` after a string of code lines, its value in a wrapper the value rules
    take elsewhere (backticks, bold, quotes, the next line, words): announced (review
    revJsonx3); a call after the ``=`` is code, no answer (review revJsonx2)."""
    v = _plain(r)
    s = json.dumps(v, separators=r.choice([(", ", ": "), (",", ":")]))
    code = r.choice(['{"code": "x = 1\ny = 2"', '["x = 1\ny = 2"', '{"py": "import os\npath = os.getcwd()"'])
    name = r.choice(["Answer", "answer", "Result", "result", "Final", "FINAL"]) + r.choice([" =", "="])
    if r.random() < 0.3:
        call = r.choice(["sorted(", "f(", "len(", "np.array(", "compute ("])
        return code + "\n" + name + " " + call + s + ")" + r.choice(["", "\nreturn x"]), NONE
    body = r.choice([" `%s`", "\n%s", "\n\n%s", " **%s**", "\u00a0%s", " '%s'", " -> %s", " the list %s", " %s"])
    return code + "\n" + name + body % s, v



def _correction(r: random.Random) -> Tuple[str, Any]:
    """An announced answer, then a value a sentence quotes or a correction, given up, the
    sentence going on: the answer may be superseded, none (session 43, review revJsonx2:
    a rule that kept it handed over the superseded answer in 202 of 555)."""
    return (r.choice(["Final: ", "Answer: ", "**Final:** "]) + json.dumps(_value(r)) + "\n"
            + r.choice(["I meant ", "Actually, the answer is ", "Your input ", "Better: "]) + r.choice(GIVEN_UP[:3] + RAW[:2])
            + "\n" + r.choice(["and that is final.", "but the output was cut.", "is invalid.", "has a raw newline."])), NONE


HEADINGS = ["Sources for the answer:\n", "References for the result:\n", "**References used for the final answer:**\n",
            "## Sources for the answer:\n", "Where I found the answer:\n", "Sources for this answer:\n\n",
            "Links supporting the final result:\n"]
LIST_LINKS = ["https://x.org/a", "/docs/a", "www.x.org", "https://arxiv.org/abs/1706.03762"]
LIST_WORDS = [" Smith 2020", " is the official site", " Jones et al., Nature 2019", ' Doe, "Title", 2021']


def _cite_lead(r: random.Random, label: str) -> Tuple[str, Any]:
    v = _value(r)
    return (r.choice(["Final: ", "Answer: ", "The answer is ", "Use ", ""]) + json.dumps(v)
            + r.choice([" ", ", ", " see ", " per ", "; "]) + f"[{label}]" + r.choice(["", "."]) + "\n\n"), v


def _list_heading(r: random.Random) -> Tuple[str, Any]:
    """A reference list under a heading that ends in answer/result/final (``Sources for
    the answer:``): no announcement, its label cites (review revJsonx4: 407 of 408 gave
    the citation)."""
    lab = r.choice(["1", "2", "a", "src"])
    lead, v = _cite_lead(r, lab)
    link = r.choice(["\n", " "]) if r.random() < 0.3 else " "
    return (lead + r.choice(HEADINGS) + r.choice(["", "> "]) + f"[{lab}]:{link}" + r.choice(LIST_LINKS)
            + r.choice(LIST_WORDS) + r.choice(["", "\n[9]: https://y.org Jones 2021"])), v


def _list_next_line(r: random.Random) -> Tuple[str, Any]:
    """A reference list's line with its link on the next line, under no heading or a plain
    one: its label cites (review revJsonx4: 885 of 887 gave the citation)."""
    lab = r.choice(["1", "2", "a", "src"])
    lead, v = _cite_lead(r, lab)
    return (lead + r.choice(["", "Sources:\n", "## References\n", "**Sources:**\n", "References:\n"])
            + f"[{lab}]:\n" + r.choice(LIST_LINKS) + r.choice(LIST_WORDS)), v


def _list_comma(r: random.Random) -> Tuple[str, Any]:
    """A reference list's line whose label holds a comma (``[1, 2]:``): unannounced, its
    label cites (review revJsonx4); announced (``Answer:``), the line is the answer."""
    lab = r.choice(["1, 2", "1,2", "3, 4", "2, 7"])
    lead, v = _cite_lead(r, lab)
    if r.random() < 0.25:
        return lead + r.choice(["Answer:\n", "**Final answer:**\n", "> Final:\n> "]) + f"[{lab}]: https://x.org Smith", \
            [int(x) for x in lab.split(",")]
    return (lead + r.choice(["", "Sources:\n", "## References\n"]) + f"[{lab}]:" + r.choice([" ", "\n"])
            + r.choice(LIST_LINKS) + r.choice(LIST_WORDS)), v


def _assign_code(r: random.Random) -> Tuple[str, Any]:
    """``Answer =`` after a string of code lines, code after it (a subscript, a keyword, an
    operator, a name then ``(``): no answer (review revJsonx4: 862 of 908 gave a value)."""
    s = json.dumps(_plain(r))
    code = r.choice(['{"code": "x = 1\ny = 2"', '["a = 1\nb = 2"', '{"py": "import os\npath = os.getcwd()"'])
    name = r.choice(["Answer", "answer", "Result", "result", "Final", "final"]) + r.choice([" = ", "= ", " =\n"])
    e = r.choice(["x%s", "items[0]%s", "await f(%s)", "await client.get(%s)", "new Foo(%s)", "vec!%s", "-%s",
                  "(1, %s)", "sorted\n(%s)", "naïve(%s)", "f<T>(%s)", "$(%s)", "x + %s", "yield %s", "not %s",
                  "np.r_%s", "obj.m (%s)", "lambda: %s", "data.items%s"])
    return code + "\n" + name + e % s + r.choice(["", "\nprint(result)", "\nreturn x"]), NONE


class Family(NamedTuple):
    name: str
    build: Callable[[random.Random], Tuple[str, Any]]


FAMILIES: Dict[str, Family] = {f.name: f for f in [
    Family("list_first", _list_first), Family("string_lines", _string_lines), Family("announced", _announced),
    Family("structure", _structure), Family("inch", _inch), Family("unpaired", _unpaired),
    Family("prose_line", _prose_line), Family("refs", _refs), Family("labels", _labels), Family("draft", _draft),
    Family("draft_then_answer", _draft_then_answer), Family("cut", _cut),
    Family("assign_announce", _assign_announce), Family("label_words", _label_words),
    Family("answer_line", _answer_line), Family("cited_list", _cited_list), Family("assign_wrapped", _assign_wrapped),
    Family("correction", _correction), Family("list_heading", _list_heading),
    Family("list_next_line", _list_next_line), Family("list_comma", _list_comma), Family("assign_code", _assign_code),
]}


def make(name: str, seed: int, n: int) -> List[Tuple[str, Any]]:
    """*n* replies of the family *name*, each with its answer (or ``NONE``)."""
    r = random.Random(seed)
    return [FAMILIES[name].build(r) for _ in range(n)]
