"""Loaded by schemathesis before it runs (SCHEMATHESIS_HOOKS, see src/schemathesis.ts).

Three things, none of which chooses what the api must accept: the OpenAPI document does that.

1. Python 3.11's AST builder keeps one recursion counter per interpreter, and under load it was
   seen to end a parse with "SystemError: AST constructor recursion depth mismatch" (CPython
   issue 106905) while hypothesis parsed a module's source to print one of schemathesis's lambdas
   in a strategy's description: a failure of the tool, never of the api under test. Here a lambda
   is described by where it is defined, without parsing anything, and the parses that remain are
   made one at a time. Descriptions only name strategies in messages; they choose no data.

2. An upload's content must be a real file of its type, which no generator makes from a schema.
   PALABRE_FUZZ_SAMPLES names a JSON file the test writes: for each media type an upload of the
   document takes, a real file of the type its example file name says. schemathesis sends it as
   that upload's file, under the example name the document declares.

3. JSON Schema has no keyword for a rule between the items of a list, so the contracts mark one
   with an extension (packages/contracts/src/rule-marks.ts): `x-unique-by` (no two items share
   that property's value) and `x-increasing` (each number greater than the one before). A case
   meant as valid whose body breaks one is not sent: it is invalid by the document's own words.
   Cases meant as invalid are all sent.
"""

import ast
import json
import os
import threading

import schemathesis
from hypothesis import strategies as st
from hypothesis.internal import lambda_sources

_lock = threading.Lock()
_parse = ast.parse


def _parse_one_at_a_time(*args, **kwargs):
    with _lock:
        return _parse(*args, **kwargs)


def _lambda_where(f):
    code = getattr(f, "__code__", None)
    if code is None:
        return f"lambda: <{id(f):x}>"
    return f"lambda: <{code.co_filename}:{code.co_firstlineno}:{id(f):x}>"


ast.parse = _parse_one_at_a_time
lambda_sources.lambda_description = _lambda_where


_samples = os.environ.get("PALABRE_FUZZ_SAMPLES")
if _samples:
    with open(_samples, encoding="utf-8") as manifest:
        for _media_type, _path in json.load(manifest).items():
            with open(_path, "rb") as sample:
                schemathesis.openapi.media_type(_media_type, st.just(sample.read()))


_COMPONENT = "#/components/schemas/"


def _resolved(schema, root):
    """The schema a `$ref` to a component names, followed to the end."""
    seen = 0
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and seen < 32:
        ref = schema["$ref"]
        if not ref.startswith(_COMPONENT):
            return schema
        schema = root.get("components", {}).get("schemas", {}).get(ref[len(_COMPONENT) :], {})
        seen += 1
    return schema if isinstance(schema, dict) else {}


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _unique_by(items, key):
    values = [json.dumps(item[key], sort_keys=True) for item in items if isinstance(item, dict) and key in item]
    return len(values) == len(set(values))


def _increasing(items):
    if not all(_is_number(item) for item in items):
        return True
    return all(a < b for a, b in zip(items, items[1:]))


def _keeps_marks(schema, value, root, depth=0):
    """Whether `value` keeps every list rule its schema marks, however deep."""
    schema = _resolved(schema, root)
    if depth > 32 or not schema:
        return True
    if isinstance(value, list):
        key = schema.get("x-unique-by")
        if isinstance(key, str) and not _unique_by(value, key):
            return False
        if schema.get("x-increasing") is True and not _increasing(value):
            return False
        prefix = schema.get("prefixItems") or []
        for index, item in enumerate(value):
            inner = prefix[index] if index < len(prefix) else schema.get("items")
            if isinstance(inner, dict) and not _keeps_marks(inner, item, root, depth + 1):
                return False
    elif isinstance(value, dict):
        for name, inner in (schema.get("properties") or {}).items():
            if name in value and not _keeps_marks(inner, value[name], root, depth + 1):
                return False
    return True


@schemathesis.hook
def filter_case(ctx, case):
    """Keeps a case unless it is meant as valid and its body breaks a list rule."""
    operation = ctx.operation
    meta = case.meta
    if operation is None or (meta is not None and not meta.generation.mode.is_positive):
        return True
    request_body = operation.definition.raw.get("requestBody") or {}
    schema = (request_body.get("content") or {}).get("application/json", {}).get("schema")
    if schema is None or not isinstance(case.body, (dict, list)):
        return True
    return _keeps_marks(schema, case.body, operation.schema.raw_schema)
