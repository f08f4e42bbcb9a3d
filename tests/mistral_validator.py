"""mistral-common's own request validator, for the Mistral history tests: it runs where
mistral-common is installed (it is no test dependency: each test pins the wire shape
from Mistral's docs too), and is a no-op elsewhere."""

from __future__ import annotations

from typing import Any, Dict, List


def mistral_validate(messages: List[Dict[str, Any]]) -> None:
    """Validate *messages* as mistral-common's ``MistralRequestValidatorV13`` does in
    serving mode (it raises on a request Mistral refuses)."""
    try:
        from mistral_common.protocol.instruct.request import ChatCompletionRequest
        from mistral_common.protocol.instruct.validator import MistralRequestValidatorV13, ValidationMode
    except ImportError:
        return
    req = ChatCompletionRequest.model_validate({"messages": messages})
    MistralRequestValidatorV13(mode=ValidationMode.serving).validate_messages(req.messages)
