"""Amazon Bedrock Converse API (``bedrock.converse``): calls, tools and results
(``converse``, ``tools``), ConverseStream events (``stream``), whole responses and stop reasons
(``response``).

https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
"""

from .converse import DIALECT

__all__ = ["DIALECT"]
