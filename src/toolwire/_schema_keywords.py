"""Where subschemas sit: the applicator keywords of Draft 2020-12 by the shape of their
value (one schema, a map of schemas, a list of schemas), and the keywords whose values
must be of one JSON kind (checked by ``normalize``, and by ``_schema_like``, which tells
a definition's parameters from a call's arguments: here, beside the package, so that
reading calls does not load ``toolwire.schema``).

Followed: JSON Schema Draft 2020-12 core §10 (applicators) and validation §6
(https://json-schema.org/draft/2020-12, checked 2026-12-02).
"""

from __future__ import annotations

__all__ = [
    "COUNT_KEYWORDS",
    "DICT_KEYWORDS",
    "IN_PLACE",
    "LIST_KEYWORDS",
    "NUMBER_KEYWORDS",
    "SINGLE_KEYWORDS",
]

SINGLE_KEYWORDS = (
    "additionalProperties",
    "items",
    "contains",
    "not",
    "if",
    "then",
    "else",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
)
DICT_KEYWORDS = ("properties", "patternProperties", "$defs", "dependentSchemas")
LIST_KEYWORDS = ("allOf", "anyOf", "oneOf", "prefixItems")

#: Applicators that apply a subschema to the same instance (a cycle through these alone
#: never reaches a value).
IN_PLACE = ("allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas")

#: Non-negative integers (validation §6.2-6.5).
COUNT_KEYWORDS = (
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minContains",
    "maxContains",
    "minProperties",
    "maxProperties",
)
#: Numbers (validation §6.2).
NUMBER_KEYWORDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
