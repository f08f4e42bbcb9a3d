r"""One pass over an ECMA-262 pattern: is it one, and what is it for the Rust ``regex`` engine.

The grammar is ECMA-262's Pattern with the ``u`` flag (§22.2.1, Early Errors §22.2.1.1;
https://tc39.es/ecma262/#sec-regexp-regular-expression-objects, ES2025, checked
2026-12-05), the flag JSON Schema asks for (Draft 2020-12 core §6.4). Annex B's
relaxations (§B.1.2) do not apply with it, so a lone ``{`` ``}`` ``]``, an escaped letter
that is no escape (``\z``, ``\A``, ``\h``, ``\K``, ``\Q``), a quantified assertion, a
global flag group ``(?i)`` (only the modifier group ``(?i:...)``, ``(?i-s:...)`` is
ECMA-262), ``(?P<name>...)``, a possessive ``a++`` and a property ``\p{Greek}``
(ECMA-262 spells it ``\p{Script=Greek}``) are syntax errors, which Rust or Python's
``re`` would read as something. One relaxation, Annex B's IdentityEscape of ASCII
punctuation that is no SyntaxCharacter (``\-``, ``\@``, ``\_``, in a class or out):
it is the character in every engine but a ``u``-flag one, and real schemas write it.
The same walk writes the Rust pattern: the escapes and classes ``_pattern`` lists,
group names dropped (they change no match, and duplicates in separate alternatives are
ECMA-262's), a dash that is no range escaped. Look-around and backreferences are
ECMA-262 but have no linear-time algorithm: they are reported, not written, and so is a
``\b``/``\B`` in a ``(?i:...)`` group (§22.2.2.9 WordCharacters then holds U+017F and
U+212A too; Rust has no boundary over that set), a ``\P{...}`` there with no positive
complement Rust can fold, and a ``^``/``$`` in a ``(?m:...)`` group. Linear: one
step per character, a union-find over alternatives for duplicate group names.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from ._pattern_names import is_group_name
from ._pattern_properties import GC_LEAVES, LONE, NAMES, VALUES

__all__ = ["PatternSyntaxError", "read_pattern"]

_SYNTAX = frozenset("^$\\.*+?()[]{}|")
#: ASCII punctuation that is no SyntaxCharacter: Annex B's identity escape of it (``\-``,
#: ``\@``, ``\_``) is taken as the character itself, the meaning it has in every engine
#: (ECMA-262 without ``u``, Python's ``re``, PCRE; Rust's ``\<`` ``\>`` are word
#: boundaries, so it is written as a code point)
_PUNCTUATION = frozenset("!\"#%&',-/:;<=>@_`~") - _SYNTAX
#: one character class (no backtracking): the syntax characters and the surrogates
_SPECIAL = re.compile("[\\\\^$.*+?()\\[\\]{}|\ud800-\udfff]")
_DOT = r"[^\n\r\x{2028}\x{2029}]"  # §22.2.2.7 Atom :: `.`: any but a LineTerminator
_CONTROL = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}
_HEX = frozenset("0123456789abcdefABCDEF")
_DIGITS = frozenset("0123456789")
_SPACE = r"\t\n\x0B\x0C\r\x20\xA0\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}"
_DIGIT, _WORD = "0-9", "0-9A-Za-z_"
#: ECMA-262 class escapes written for Rust, outside a class and inside one
_OUTSIDE = {
    "d": f"[{_DIGIT}]", "D": f"[^{_DIGIT}]", "w": f"[{_WORD}]", "W": f"[^{_WORD}]",
    "s": f"[{_SPACE}]", "S": f"[^{_SPACE}]", "b": r"(?-u:\b)", "B": r"(?-u:\B)",
}
_INSIDE = {"d": _DIGIT, "D": f"[^{_DIGIT}]", "w": _WORD, "W": f"[^{_WORD}]", "s": _SPACE, "S": f"[^{_SPACE}]"}
_LITERAL_IN_CLASS = {"[": r"\[", "&": r"\&", "~": r"\~", "-": r"\-", "^": r"\^"}  # Rust: nesting, set operators
NOTHING, ANYTHING = r"[^\x{0}-\x{10FFFF}]", r"[\x{0}-\x{10FFFF}]"
#: property values Rust does not know, as classes it reads the same way (no surrogate is in a Rust string)
_RUST_VALUE = {
    "Cs": NOTHING, "Surrogate": NOTHING, "Hrkt": NOTHING, "Katakana_Or_Hiragana": NOTHING,
    "Zzzz": r"[\p{Cn}\p{Co}]", "Unknown": r"[\p{Cn}\p{Co}]",
}

#: every General_Category leaf value Rust knows (no surrogate is in a Rust string: no Cs)
_GC_ALL = frozenset().union(*GC_LEAVES.values()) - {"Cs"}
#: binary properties whose complement is spelled without negation
_POSITIVE_COMPLEMENT = {"ASCII": r"[\x{80}-\x{10FFFF}]", "Any": NOTHING, "Assigned": r"\p{Cn}"}


class PatternSyntaxError(ValueError):
    """*pattern* is no ECMA-262 pattern (``u`` flag): *reason*, at *index*."""

    def __init__(self, reason: str, index: int) -> None:
        super().__init__(f"{reason} at index {index}")
        self.reason, self.index = reason, index


def read_pattern(pattern: str) -> Tuple[str, str]:
    """*pattern* for the Rust engine, and what in it that engine cannot run (``""``, or
    ``"look-around"``, ``"backreferences"``, ...). ``PatternSyntaxError`` when it is no pattern."""
    return _Reader(pattern).run()


class _Reader:
    def __init__(self, pattern: str) -> None:
        self.p, self.n, self.i = pattern, len(pattern), 0
        self.out: List[str] = []
        self.unrunnable = ""
        self.groups = 0
        self.backref, self.backref_at = 0, 0  # the largest \N, and where
        self.refs: List[Tuple[str, int]] = []  # \k<name>, checked at the end
        # alternatives: a union-find; a closed group's alternatives join the one around it
        self.parent: List[int] = [0]
        self.current: List[bool] = [True]
        # (where, look-around, its alternatives, case-insensitive, dotAll and multiline around it)
        self.frames: List[Tuple[int, bool, List[int], bool, bool, bool]] = []
        self.icase = False  # inside a (?i:...) group
        self.dotall = False  # inside a (?s:...) group
        self.multiline = False  # inside a (?m:...) group
        self.alt = 0
        self.roots: List[int] = [0]  # the pattern's own alternatives
        self.names: Dict[str, int] = {}

    def fail(self, reason: str, at: Optional[int] = None) -> PatternSyntaxError:
        return PatternSyntaxError(reason, self.i if at is None else at)

    def run(self) -> Tuple[str, str]:
        p, n, out = self.p, self.n, self.out
        last = ""  # "atom" (may be quantified), "assertion", "quantified", or "" (nothing yet)
        while self.i < n:
            c = p[self.i]
            if c == "\\":
                last = self.escape()
            elif c == "[":
                out.append(self.char_class())
                last = "atom"
            elif c == "(":
                self.open_group()
                last = ""
            elif c == ")":
                last = self.close_group()
            elif c == "|":
                self.alternative()
                last = ""
            elif c in "*+?{":
                start = self.i
                text = self.quantifier()
                if last != "atom":
                    raise self.fail("nothing to repeat", start)
                out.append(text)
                last = "quantified"
            elif c in "}]":
                raise self.fail(f"lone {c!r}")
            elif c in "^$":
                if self.multiline:  # §22.2.2.6: at any LineTerminator; Rust's see \n alone
                    self.unrunnable = self.unrunnable or "a line anchor (^, $) in a multiline group"
                out.append(c)
                self.i += 1
                last = "assertion"
            elif c == ".":  # Rust's own excludes \n only
                out.append("." if self.dotall else _DOT)
                self.i += 1
                last = "atom"
            elif "\ud800" <= c <= "\udfff":
                out.append(self.surrogate()[1])
                last = "atom"
            else:  # a run of PatternCharacters, as written
                found = _SPECIAL.search(p, self.i + 1)
                end = found.start() if found else n
                out.append(p[self.i : end])
                self.i = end
                last = "atom"
        if self.frames:
            raise self.fail("unterminated group", self.frames[-1][0])
        if self.backref > self.groups:
            raise self.fail("backreference to a group that does not exist", self.backref_at)
        for name, at in self.refs:
            if name not in self.names:
                raise self.fail(f"backreference to a group name that does not exist ({name!r})", at)
        return "".join(out), self.unrunnable

    # -- groups and alternatives ---------------------------------------------------------
    def open_group(self) -> None:
        p, i = self.p, self.i
        look, icase, dotall, multiline = False, self.icase, self.dotall, self.multiline
        if not p.startswith("(?", i):
            self.groups += 1
            self.out.append("(")
            self.i = i + 1
        else:
            c = p[i + 2 : i + 3]
            if c == ":":
                self.out.append("(?:")
                self.i = i + 3
            elif c in ("=", "!") or p.startswith(("(?<=", "(?<!"), i):
                look = True
                self.unrunnable = self.unrunnable or "look-around"
                self.out.append("(?:")
                self.i = i + (3 if c in ("=", "!") else 4)
            elif c == "<":
                self.i = i + 2
                name = self.group_name()
                self.groups += 1
                self.define(name, i)
                self.out.append("(")
            elif c and c in "ims-":
                self.modifiers()
            else:
                raise self.fail("invalid group", i)
        self.alt = self.new_alternative()
        self.frames.append((i, look, [self.alt], icase, dotall, multiline))

    def modifiers(self) -> None:
        p, start = self.p, self.i
        j = start + 2
        while j < self.n and p[j] in "ims":
            j += 1
        add, dash, remove = p[start + 2 : j], p.startswith("-", j), ""
        if dash:
            k = j = j + 1
            while j < self.n and p[j] in "ims":
                j += 1
            remove = p[k:j]
        if not p.startswith(":", j):
            raise self.fail("invalid group (a flag group needs ':' and its own subpattern)", start)
        both = add + remove
        if len(set(both)) != len(both) or (dash and not both):
            raise self.fail("invalid modifiers of a group", start)
        self.icase = "i" in add or (self.icase and "i" not in remove)
        self.dotall = "s" in add or (self.dotall and "s" not in remove)
        self.multiline = "m" in add or (self.multiline and "m" not in remove)
        self.out.append(f"(?{add}-{remove}:" if remove else f"(?{add}:")
        self.i = j + 1

    def close_group(self) -> str:
        if not self.frames:
            raise self.fail("lone ')'")
        _, look, alts, self.icase, self.dotall, self.multiline = self.frames.pop()
        outer = self.frames[-1][2][-1] if self.frames else self.roots[-1]
        for a in alts:
            self.parent[a], self.current[a] = outer, False
        self.alt = outer
        self.out.append(")")
        self.i += 1
        return "assertion" if look else "atom"

    def alternative(self) -> None:
        self.current[self.alt] = False
        self.alt = self.new_alternative()
        if self.frames:
            self.frames[-1][2].append(self.alt)
        else:
            self.roots.append(self.alt)
        self.out.append("|")
        self.i += 1

    def new_alternative(self) -> int:
        self.parent.append(len(self.parent))
        self.current.append(True)
        return len(self.parent) - 1

    def find(self, a: int) -> int:
        root = a
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[a] != root:
            self.parent[a], a = root, self.parent[a]
        return root

    def define(self, name: str, at: int) -> None:
        """A group name; a second group of that name must sit in another alternative
        (§22.2.1.1: MightBothParticipate is false): the last one decides (each pair of
        earlier ones already does)."""
        before = self.names.get(name)
        if before is not None and self.current[self.find(before)]:
            raise self.fail(f"duplicate group name {name!r}", at)
        self.names[name] = self.alt

    def group_name(self) -> str:
        """``<`` RegExpIdentifierName ``>`` at ``self.i``; *self.i* moves past it."""
        p, start = self.p, self.i
        if not p.startswith("<", start):
            raise self.fail("invalid group name", start)
        j, chars = start + 1, []
        while j < self.n and p[j] != ">":
            if p[j] == "\\":
                if not p.startswith("\\u", j):
                    raise self.fail("invalid group name", j)
                cp, j = self.unicode_escape(j)
                chars.append(chr(cp))
            else:
                chars.append(p[j])
                j += 1
        if j >= self.n or not chars:
            raise self.fail("invalid group name", start)
        if not is_group_name(chars):
            raise self.fail("invalid group name", start)
        self.i = j + 1
        return "".join(chars)

    # -- quantifiers ---------------------------------------------------------------------
    def quantifier(self) -> str:
        p, i = self.p, self.i
        c = p[i]
        if c == "{":
            j = i + 1
            while j < self.n and p[j] in _DIGITS:
                j += 1
            low, high, comma = p[i + 1 : j], "", p.startswith(",", j)
            if comma:
                k = j + 1
                while k < self.n and p[k] in _DIGITS:
                    k += 1
                high, j = p[j + 1 : k], k
            if not low or not p.startswith("}", j):
                raise self.fail("lone '{'", i)
            low, high = low.lstrip("0") or "0", high and (high.lstrip("0") or "0")
            if high and (len(low), low) > (len(high), high):
                raise self.fail("numbers out of order in {} quantifier", i)
            text = "{" + low + ("," + high if comma else "") + "}"
            j += 1
        else:
            text, j = c, i + 1
        if p.startswith("?", j):
            text, j = text + "?", j + 1
        self.i = j
        return text

    # -- escapes -------------------------------------------------------------------------
    def escape(self) -> str:
        """An escape outside a class: written, and what kind of term it is."""
        p, i = self.p, self.i
        e = p[i + 1 : i + 2]
        if e in ("b", "B"):
            if self.icase:  # §22.2.2.9 WordCharacters: with u and i also U+017F, U+212A; Rust has
                # no boundary over that set and no look-around to build one
                self.unrunnable = self.unrunnable or "a word boundary (\\b, \\B) in a case-insensitive group"
            self.out.append(_OUTSIDE[e])
            self.i = i + 2
            return "assertion"
        if e and e in "dDsSwW":
            self.out.append(_OUTSIDE[e])
            self.i = i + 2
        elif e in ("p", "P"):
            self.out.append(self.property())
        elif e and e in "123456789":
            j = i + 1
            while j < self.n and p[j] in _DIGITS:
                j += 1
            digits = p[i + 1 : j]
            number = int(digits) if len(digits) < 12 else 10**12
            if number > self.backref:
                self.backref, self.backref_at = number, i
            self.unrunnable = self.unrunnable or "backreferences"
            self.i = j
        elif e == "k":
            self.i = i + 2
            self.refs.append((self.group_name(), i))
            self.unrunnable = self.unrunnable or "backreferences"
        else:
            self.out.append(self.char_escape(inside=False)[1])
        return "atom"

    def char_escape(self, inside: bool) -> Tuple[int, str]:
        """A CharacterEscape at ``self.i`` (a backslash): its code point and Rust text."""
        p, i = self.p, self.i
        e = p[i + 1 : i + 2]
        if not e:
            raise self.fail("\\ at end of pattern", i)
        if e in _CONTROL:
            cp, self.i = _CONTROL[e], i + 2
        elif e == "c":
            letter = p[i + 2 : i + 3]
            if not (letter.isascii() and letter.isalpha()):
                raise self.fail("invalid escape '\\c'", i)
            cp, self.i = ord(letter) % 32, i + 3
        elif e == "0":
            if p[i + 2 : i + 3] in _DIGITS and p[i + 2 : i + 3]:
                raise self.fail("invalid decimal escape (no octal escapes with the u flag)", i)
            cp, self.i = 0, i + 2
        elif e == "x":
            hex2 = p[i + 2 : i + 4]
            if len(hex2) != 2 or not all(h in _HEX for h in hex2):
                raise self.fail("invalid escape '\\x'", i)
            cp, self.i = int(hex2, 16), i + 4
        elif e == "u":
            cp, self.i = self.unicode_escape(i)
        elif e in _SYNTAX or e == "/" or (inside and e == "-"):
            self.i = i + 2
            return ord(e), ("\\" + e if e != "/" else "/")
        elif e in _PUNCTUATION:  # Annex B's identity escape, as real schemas write it
            cp, self.i = ord(e), i + 2
        else:
            raise self.fail(f"invalid escape '\\{e}'", i)
        return cp, f"\\x{{{cp:X}}}"

    def surrogate(self) -> Tuple[int, str]:
        """A surrogate written as itself at ``self.i``: with the next, a pair, one code point;
        alone, the code point the escape ``\\uD800`` spells (Rust refuses both alike)."""
        p, i = self.p, self.i
        cp = ord(p[i])
        low = ord(p[i + 1]) if i + 1 < self.n else 0
        if cp <= 0xDBFF and 0xDC00 <= low <= 0xDFFF:
            self.i = i + 2
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00)
            return cp, chr(cp)
        self.i = i + 1
        return cp, f"\\x{{{cp:X}}}"

    def unicode_escape(self, i: int) -> Tuple[int, int]:
        """``\\uXXXX`` (a surrogate pair of two is one code point) or ``\\u{...}`` at *i*:
        the code point and the index after it."""
        p = self.p
        if p.startswith("\\u{", i):
            j = p.find("}", i + 3)
            digits = p[i + 3 : j] if j > 0 else ""
            value = digits.lstrip("0") or "0"
            if not digits or not all(h in _HEX for h in digits) or len(value) > 6 or int(value, 16) > 0x10FFFF:
                raise self.fail("invalid Unicode escape", i)
            return int(value, 16), j + 1
        hex4 = p[i + 2 : i + 6]
        if len(hex4) != 4 or not all(h in _HEX for h in hex4):
            raise self.fail("invalid Unicode escape", i)
        cp = int(hex4, 16)
        if 0xD800 <= cp <= 0xDBFF and p.startswith("\\u", i + 6):
            low = p[i + 8 : i + 12]
            if len(low) == 4 and all(h in _HEX for h in low) and 0xDC00 <= int(low, 16) <= 0xDFFF:
                return 0x10000 + ((cp - 0xD800) << 10) + (int(low, 16) - 0xDC00), i + 12
        return cp, i + 6

    def property(self) -> str:
        """``\\p{...}`` / ``\\P{...}`` at ``self.i``, written for Rust."""
        p, i = self.p, self.i
        negated = p[i + 1] == "P"
        j = p.find("}", i + 3) if p.startswith("{", i + 2) else -1
        if j < 0:
            raise self.fail("invalid property name", i)
        body = p[i + 3 : j]
        name, eq, value = body.partition("=")
        prop = NAMES.get(name) if eq else None
        if not (value in VALUES[prop] if prop else not eq and body in LONE):
            raise self.fail(f"invalid property name {body!r}", i)
        self.i = j + 1
        special = _RUST_VALUE.get(value if eq else body)
        if special is not None:  # no case: folding changes nothing
            return (ANYTHING if special == NOTHING else "[^" + special[1:]) if negated else special
        if negated and self.icase:
            return self.folded_complement(prop or "", value if eq else body, p[i : j + 1])
        return p[i : j + 1]

    def folded_complement(self, prop: str, value: str, text: str) -> str:
        """``\\P{value}`` in a case-insensitive group: §22.2.2.9 takes the complement, and the
        matcher folds it (a character matches when one of its case-fold orbit is outside);
        Rust folds the set before negating. Written as a union Rust folds itself where the
        complement has one (the other General_Category values, a range), else reported."""
        if prop in ("", "gc") and value in GC_LEAVES:
            rest = sorted(_GC_ALL - GC_LEAVES[value])
            return "[" + "".join(f"\\p{{{leaf}}}" for leaf in rest) + "]"
        if not prop and value in _POSITIVE_COMPLEMENT:
            return _POSITIVE_COMPLEMENT[value]
        kind = "a negated script or binary property (\\P{...}) in a case-insensitive group"
        self.unrunnable = self.unrunnable or kind
        return text

    # -- classes -------------------------------------------------------------------------
    def char_class(self) -> str:
        p, start = self.p, self.i
        negated = p.startswith("[^", start)
        self.i = start + (2 if negated else 1)
        if p.startswith("]", self.i):  # [] and [^]: no member
            self.i += 1
            return ANYTHING if negated else NOTHING
        out = ["[^" if negated else "["]
        while True:
            if self.i >= self.n:
                raise self.fail("unterminated character class", start)
            if p[self.i] == "]":
                self.i += 1
                out.append("]")
                return "".join(out)
            at = self.i
            cp, text = self.class_atom()
            if p.startswith("-", self.i) and self.i + 1 < self.n and p[self.i + 1] != "]":
                self.i += 1
                cp2, text2 = self.class_atom()
                if cp < 0 or cp2 < 0:
                    raise self.fail("a class escape cannot end a range", at)
                if cp > cp2:
                    raise self.fail("range out of order in character class", at)
                text = text + "-" + text2
            out.append(text)

    def class_atom(self) -> Tuple[int, str]:
        """One ClassAtom: its code point (``-1`` for a class escape) and Rust text."""
        p, i = self.p, self.i
        c = p[i]
        if "\ud800" <= c <= "\udfff":
            return self.surrogate()
        if c != "\\":
            self.i = i + 1
            return ord(c), _LITERAL_IN_CLASS.get(c, c)
        e = p[i + 1 : i + 2]
        if e == "b":
            self.i = i + 2
            return 8, r"\x08"
        if e and e in "dDsSwW":
            self.i = i + 2
            return -1, _INSIDE[e]
        if e in ("p", "P"):
            return -1, self.property()
        return self.char_escape(inside=True)
