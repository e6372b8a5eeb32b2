"""Loaded by schemathesis before it runs (SCHEMATHESIS_HOOKS, see src/schemathesis.ts).

Python 3.11's AST builder keeps one recursion counter per interpreter, and under load it was
seen to end a parse with "SystemError: AST constructor recursion depth mismatch" (CPython issue
106905) while hypothesis parsed a module's source to print one of schemathesis's lambdas in a
strategy's description: a failure of the tool, never of the api under test. Here a lambda is
described by where it is defined, without parsing anything, and the parses that remain are made
one at a time. Descriptions only name strategies in messages; they choose no data.
"""

import ast
import threading

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
