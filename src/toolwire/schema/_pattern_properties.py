r"""The Unicode property names a ``\p{...}`` / ``\P{...}`` escape may use in an ECMA-262
pattern (§22.2.2.9 CharacterClassEscape, §22.2.1.1 Early Errors): ``Name=Value`` with a name of
Table 67 (General_Category, Script, Script_Extensions) and a value or value alias of that property
in PropertyValueAliases.txt, or a lone General_Category value or a binary property of Table 68.
Matching is exact: no loose matching, so ``\p{letter}`` and ``\p{Greek}`` are no properties
(both are for the Rust engine). Values: Unicode 17.0
(https://www.unicode.org/Public/17.0.0/ucd/PropertyValueAliases.txt), checked 2026-12-05; the
properties of strings (Table 69) need the ``v`` flag, not the ``u`` flag patterns are read with.
"""

from __future__ import annotations

from typing import Dict, FrozenSet

__all__ = ["GC_LEAVES", "LONE", "NAMES", "UNICODE", "VALUES"]

#: the Unicode version of the names and values below
UNICODE = "17.0"


def _names(text: str) -> FrozenSet[str]:
    return frozenset(text.split())


#: Table 67: the properties a ``Name=Value`` escape may name, and its aliases
NAMES = {
    "General_Category": "gc", "gc": "gc", "Script": "sc", "sc": "sc", "Script_Extensions": "scx", "scx": "scx",
}

_GENERAL_CATEGORY = _names("""
    C Other Cc Control cntrl Cf Format Cn Unassigned Co Private_Use Cs Surrogate L Letter LC
    Cased_Letter Ll Lowercase_Letter Lm Modifier_Letter Lo Other_Letter Lt Titlecase_Letter Lu
    Uppercase_Letter M Mark Combining_Mark Mc Spacing_Mark Me Enclosing_Mark Mn Nonspacing_Mark N Number
    Nd Decimal_Number digit Nl Letter_Number No Other_Number P Punctuation punct Pc
    Connector_Punctuation Pd Dash_Punctuation Pe Close_Punctuation Pf Final_Punctuation Pi
    Initial_Punctuation Po Other_Punctuation Ps Open_Punctuation S Symbol Sc Currency_Symbol Sk
    Modifier_Symbol Sm Math_Symbol So Other_Symbol Z Separator Zl Line_Separator Zp Paragraph_Separator
    Zs Space_Separator
""")

_SCRIPT = _names("""
    Adlam Adlm Aghb Ahom Anatolian_Hieroglyphs Arab Arabic Armenian Armi Armn Avestan Avst Bali Balinese
    Bamu Bamum Bass Bassa_Vah Batak Batk Beng Bengali Bhaiksuki Bhks Bopo Bopomofo Brah Brahmi Brai
    Braille Bugi Buginese Buhd Buhid Cakm Canadian_Aboriginal Cans Cari Carian Caucasian_Albanian Chakma
    Cham Cher Cherokee Chorasmian Chrs Common Copt Coptic Cpmn Cprt Cuneiform Cypriot Cypro_Minoan
    Cyrillic Cyrl Deseret Deva Devanagari Diak Dives_Akuru Dogr Dogra Dsrt Dupl Duployan Egyp
    Egyptian_Hieroglyphs Elba Elbasan Elym Elymaic Ethi Ethiopic Gara Garay Geor Georgian Glag
    Glagolitic Gong Gonm Goth Gothic Gran Grantha Greek Grek Gujarati Gujr Gukh Gunjala_Gondi Gurmukhi
    Guru Gurung_Khema Han Hang Hangul Hani Hanifi_Rohingya Hano Hanunoo Hatr Hatran Hebr Hebrew Hira
    Hiragana Hluw Hmng Hmnp Hrkt Hung Imperial_Aramaic Inherited Inscriptional_Pahlavi
    Inscriptional_Parthian Ital Java Javanese Kaithi Kali Kana Kannada Katakana Katakana_Or_Hiragana
    Kawi Kayah_Li Khar Kharoshthi Khitan_Small_Script Khmer Khmr Khoj Khojki Khudawadi Kirat_Rai Kits
    Knda Krai Kthi Lana Lao Laoo Latin Latn Lepc Lepcha Limb Limbu Lina Linb Linear_A Linear_B Lisu Lyci
    Lycian Lydi Lydian Mahajani Mahj Maka Makasar Malayalam Mand Mandaic Mani Manichaean Marc Marchen
    Masaram_Gondi Medefaidrin Medf Meetei_Mayek Mend Mende_Kikakui Merc Mero Meroitic_Cursive
    Meroitic_Hieroglyphs Miao Mlym Modi Mong Mongolian Mro Mroo Mtei Mult Multani Myanmar Mymr Nabataean
    Nag_Mundari Nagm Nand Nandinagari Narb Nbat New_Tai_Lue Newa Nko Nkoo Nshu Nushu
    Nyiakeng_Puachue_Hmong Ogam Ogham Ol_Chiki Ol_Onal Olck Old_Hungarian Old_Italic Old_North_Arabian
    Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Onao Oriya Orkh Orya
    Osage Osge Osma Osmanya Ougr Pahawh_Hmong Palm Palmyrene Pau_Cin_Hau Pauc Perm Phag Phags_Pa Phli
    Phlp Phnx Phoenician Plrd Prti Psalter_Pahlavi Qaac Qaai Rejang Rjng Rohg Runic Runr Samaritan Samr
    Sarb Saur Saurashtra Sgnw Sharada Shavian Shaw Shrd Sidd Siddham SignWriting Sind Sinh Sinhala Sogd
    Sogdian Sogo Sora Sora_Sompeng Soyo Soyombo Sund Sundanese Sunu Sunuwar Sylo Syloti_Nagri Syrc
    Syriac Tagalog Tagb Tagbanwa Tai_Le Tai_Tham Tai_Viet Takr Takri Tale Talu Tamil Taml Tang Tangsa
    Tangut Tavt Telu Telugu Tfng Tglg Thaa Thaana Thai Tibetan Tibt Tifinagh Tirh Tirhuta Tnsa Todhri
    Todr Toto Tulu_Tigalari Tutg Ugar Ugaritic Unknown Vai Vaii Vith Vithkuqi Wancho Wara Warang_Citi
    Wcho Xpeo Xsux Yezi Yezidi Yi Yiii Zanabazar_Square Zanb Zinh Zyyy Zzzz
    Beria_Erfe Berf Sidetic Sidt Tai_Yo Tayo Tolong_Siki Tols
""")

#: Table 68: binary properties and their aliases
_BINARY = _names("""
    ASCII ASCII_Hex_Digit AHex Alphabetic Alpha Any Assigned Bidi_Control Bidi_C Bidi_Mirrored Bidi_M
    Case_Ignorable CI Cased Changes_When_Casefolded CWCF Changes_When_Casemapped CWCM
    Changes_When_Lowercased CWL Changes_When_NFKC_Casefolded CWKCF Changes_When_Titlecased CWT
    Changes_When_Uppercased CWU Dash Default_Ignorable_Code_Point DI Deprecated Dep Diacritic Dia Emoji
    Emoji_Component EComp Emoji_Modifier EMod Emoji_Modifier_Base EBase Emoji_Presentation EPres
    Extended_Pictographic ExtPict Extender Ext Grapheme_Base Gr_Base Grapheme_Extend Gr_Ext Hex_Digit
    Hex IDS_Binary_Operator IDSB IDS_Trinary_Operator IDST ID_Continue IDC ID_Start IDS Ideographic Ideo
    Join_Control Join_C Logical_Order_Exception LOE Lowercase Lower Math Noncharacter_Code_Point NChar
    Pattern_Syntax Pat_Syn Pattern_White_Space Pat_WS Quotation_Mark QMark Radical Regional_Indicator RI
    Sentence_Terminal STerm Soft_Dotted SD Terminal_Punctuation Term Unified_Ideograph UIdeo Uppercase
    Upper Variation_Selector VS White_Space space XID_Continue XIDC XID_Start XIDS
""")

#: the values each property of ``NAMES`` takes (Script_Extensions takes Script's)
VALUES = {"gc": _GENERAL_CATEGORY, "sc": _SCRIPT, "scx": _SCRIPT}

#: what a ``\p{...}`` without ``=`` may hold
LONE = _GENERAL_CATEGORY | _BINARY

#: the General_Category partition (UCD PropertyValueAliases.txt ``gc``): each leaf value and its
#: aliases, and each group value and the leaves it holds
_GC_LEAF_ALIASES = _names("""
    Lu:Uppercase_Letter Ll:Lowercase_Letter Lt:Titlecase_Letter Lm:Modifier_Letter Lo:Other_Letter
    Mn:Nonspacing_Mark Mc:Spacing_Mark Me:Enclosing_Mark Nd:Decimal_Number:digit Nl:Letter_Number
    No:Other_Number Pc:Connector_Punctuation Pd:Dash_Punctuation Ps:Open_Punctuation Pe:Close_Punctuation
    Pi:Initial_Punctuation Pf:Final_Punctuation Po:Other_Punctuation Sm:Math_Symbol Sc:Currency_Symbol
    Sk:Modifier_Symbol So:Other_Symbol Zs:Space_Separator Zl:Line_Separator Zp:Paragraph_Separator
    Cc:Control:cntrl Cf:Format Cs:Surrogate Co:Private_Use Cn:Unassigned
""")
_GC_GROUPS = {
    "L Letter": "Lu Ll Lt Lm Lo", "LC Cased_Letter": "Lu Ll Lt", "M Mark Combining_Mark": "Mn Mc Me",
    "N Number": "Nd Nl No", "P Punctuation punct": "Pc Pd Ps Pe Pi Pf Po", "S Symbol": "Sm Sc Sk So",
    "Z Separator": "Zs Zl Zp", "C Other": "Cc Cf Cs Co Cn",
}


def _gc_leaves() -> Dict[str, FrozenSet[str]]:
    leaves: Dict[str, FrozenSet[str]] = {}
    for spelled in _GC_LEAF_ALIASES:
        names = spelled.split(":")
        leaves.update(dict.fromkeys(names, frozenset(names[:1])))
    for group, held in _GC_GROUPS.items():
        leaves.update(dict.fromkeys(group.split(), frozenset(held.split())))
    return leaves


#: each General_Category value and alias: the leaf values (``Lu``, ``Ll``, ...) it holds
GC_LEAVES = _gc_leaves()
