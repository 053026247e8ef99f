"""Reject text that is not valid Unicode before it reaches SQLite, ONNX or a JSON encoder.

A lone surrogate (U+D800..U+DFFF) is a legal Python `str` but no encoder accepts it, so it
would surface deep inside a search as a `UnicodeEncodeError` traceback. JSON can carry one
(`"\\ud800"`), and the CLI gets one for every non-UTF-8 byte of its arguments (Python
decodes argv with `surrogateescape`, mapping byte 0xXY to U+DCXY). Checking once at the
edge turns both into a clear 4xx / usage error.
"""

from __future__ import annotations

import re

_SURROGATE = re.compile("[\ud800-\udfff]")


def invalid_unicode(text: str) -> str | None:
    """Why `text` is not valid Unicode (the first lone surrogate and where), or None."""
    m = _SURROGATE.search(text)
    if m is None:
        return None
    return f"a lone surrogate U+{ord(m.group()):04X} at character {m.start()}"


def undecodable_byte(arg: str) -> str | None:
    """For a command-line argument: the first byte that was not UTF-8 (as Python's
    surrogateescape decoding left it), or any other lone surrogate; None if the text is fine."""
    m = _SURROGATE.search(arg)
    if m is None:
        return None
    code = ord(m.group())
    if 0xDC80 <= code <= 0xDCFF:
        return f"byte 0x{code - 0xDC00:02X} at character {m.start()} is not UTF-8"
    return f"a lone surrogate U+{code:04X} at character {m.start()}"
