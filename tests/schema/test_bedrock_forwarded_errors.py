"""Bedrock forwards an Anthropic model's own schema error: its text names Anthropic's
field, ``output_config.format.schema``, not Converse's ``outputConfig.textFormat``
(reference/structured-output.md §C.3, the error text recorded in ALTK #118:
"BedrockException - output_config.format.schema: For 'integer' type, properties maximum,
minimum are not supported"). It is a rejection of the schema sent, so ``generate`` can
fall back to prompt mode; Bedrock's errors come as botocore's ``ClientError``
(``{"Error": {"Code", "Message"}, "ResponseMetadata": {"HTTPStatusCode"}}``)."""

from __future__ import annotations

import pytest
from botocore.exceptions import ClientError

from toolwire.retry import classify_error

TEXT = "output_config.format.schema: For 'integer' type, properties maximum, minimum are not supported"


@pytest.mark.parametrize("message", [TEXT, "BedrockException - " + TEXT])
def test_a_forwarded_anthropic_schema_error_is_a_rejection(message: str) -> None:
    error = ClientError({"Error": {"Code": "ValidationException", "Message": message},
                         "ResponseMetadata": {"HTTPStatusCode": 400}}, "Converse")
    assert classify_error(error, "bedrock.converse") == "schema_rejected"
    assert classify_error({"status": 400, "error": {"message": message}}, "bedrock.converse") == "schema_rejected"


def test_an_unrelated_validation_error_is_no_rejection() -> None:
    error = ClientError({"Error": {"Code": "ValidationException", "Message": "messages.0.content: must not be empty"},
                         "ResponseMetadata": {"HTTPStatusCode": 400}}, "Converse")
    assert classify_error(error, "bedrock.converse") == "error"


def test_the_same_error_through_an_openai_compatible_proxy_is_a_rejection() -> None:
    # LiteLLM's proxy answers an OpenAI client with the backend's text (ALTK #118)
    body = {"error": {"message": "litellm.BadRequestError: BedrockException - " + TEXT, "type": None, "param": None,
                      "code": "400"}}
    assert classify_error({"status": 400, **body}, "openai.chat") == "schema_rejected"
