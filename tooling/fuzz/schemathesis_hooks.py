"""Loaded by schemathesis before it runs (SCHEMATHESIS_HOOKS, see src/schemathesis.ts).

Python 3.11 keeps one recursion counter per interpreter while it builds an AST. Two threads
parsing at once (schemathesis's workers, while hypothesis reads a strategy's source to name it)
can leave it wrong, and a later parse then fails with "SystemError: AST constructor recursion
depth mismatch" (CPython issue 106905): a failure of the tool, not of the api under test. Parses
are made one at a time.
"""

import ast
import threading

_lock = threading.Lock()
_parse = ast.parse


def _parse_one_at_a_time(*args, **kwargs):
    with _lock:
        return _parse(*args, **kwargs)


ast.parse = _parse_one_at_a_time
