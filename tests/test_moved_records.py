"""Records moved out of an over-long module stay where pickles and importers look for them:
``IdRule`` (``_id_rule``, named in ``_ids``) and ``HistoryCodec`` / ``Pairing``
(``_history_codec``, named in ``_dialect``). The pickles below were written by the
toolwire before the move (protocol 2), when the classes lived in the old modules."""

from __future__ import annotations

import pickle
import re

import toolwire
import toolwire.conversation
from toolwire import _dialect, _history_codec, _id_rule, _ids

# ``pickle.dumps(get_dialect("mistral").ids, protocol=2)`` before the move
_OLD_ID_RULE = (
    b"\x80\x02ctoolwire._ids\nIdRule\nq\x00)\x81q\x01}q\x02(X\x07\x00\x00\x00patternq\x03cre\n_compile\nq\x04"
    b"X\x0e\x00\x00\x00[a-zA-Z0-9]{9}q\x05K \x86q\x06Rq\x07X\x07\x00\x00\x00max_lenq\x08NX\x08\x00\x00\x00"
    b"requiredq\t\x88X\x06\x00\x00\x00prefixq\nX\x00\x00\x00\x00q\x0bX\x06\x00\x00\x00lengthq\x0cK\tX\x08"
    b"\x00\x00\x00alphabetq\rX>\x00\x00\x000123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZq"
    b"\x0eub."
)
# ``pickle.dumps(Pairing(right_after=True, missing="no {id}"), protocol=2)`` before the move
_OLD_PAIRING = (
    b"\x80\x02ctoolwire._dialect\nPairing\nq\x00)\x81q\x01}q\x02(X\x0b\x00\x00\x00right_afterq\x03\x88X\r"
    b"\x00\x00\x00results_firstq\x04\x89X\x07\x00\x00\x00missingq\x05X\x07\x00\x00\x00no {id}q\x06X\x06\x00"
    b"\x00\x00orphanq\x07X\x00\x00\x00\x00q\x08X\x0b\x00\x00\x00alternatingq\t\x89X\n\x00\x00\x00user_firstq"
    b"\nh\x08X\n\x00\x00\x00after_toolq\x0bh\x08X\x0f\x00\x00\x00after_assistantq\x0ch\x08X\n\x00\x00\x00"
    b"call_firstq\rh\x08X\x0c\x00\x00\x00first_listedq\x0e\x89X\x0e\x00\x00\x00last_assistantq\x0fh\x08X"
    b"\x0b\x00\x00\x00prefix_lastq\x10h\x08X\x0b\x00\x00\x00prefix_flagq\x11h\x08X\x05\x00\x00\x00aloneq"
    b"\x12h\x08X\x07\x00\x00\x00countedq\x13\x89X\t\x00\x00\x00same_roleq\x14h\x08X\r\x00\x00\x00"
    b"split_resultsq\x15h\x08ub."
)


def test_the_old_modules_name_the_moved_records() -> None:
    assert (_ids.IdRule, _ids.map_id, _ids.synthesize_id, _ids.rule) == (
        _id_rule.IdRule, _id_rule.map_id, _id_rule.synthesize_id, _id_rule.rule)
    assert (_dialect.HistoryCodec, _dialect.Pairing) == (_history_codec.HistoryCodec, _history_codec.Pairing)
    assert toolwire.IdRule is _id_rule.IdRule
    assert toolwire.conversation.HistoryCodec is _history_codec.HistoryCodec


def test_pickles_written_before_the_move_load() -> None:
    rule = pickle.loads(_OLD_ID_RULE)
    assert rule == toolwire.get_dialect("mistral").ids
    assert rule == _id_rule.IdRule(re.compile("[a-zA-Z0-9]{9}"), required=True, prefix="", length=9)
    assert pickle.loads(_OLD_PAIRING) == _history_codec.Pairing(right_after=True, missing="no {id}")
