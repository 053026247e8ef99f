"""Errors that reach users. Each names what went wrong and what to do about it."""

from __future__ import annotations


class WikiqaError(Exception):
    """Base class: a clear, user-facing failure (the CLI prints it without a traceback)."""


class ConfigError(WikiqaError):
    """Bad settings or arguments, e.g. an unknown source spec."""


class SourceUnavailable(WikiqaError):
    """The source could not be reached or returned something unusable (network, corrupt file)."""


class DocumentNotFound(WikiqaError):
    """The source has no document with that id (or the reader may not see it)."""


class CollectionNotFound(WikiqaError):
    """A named local collection does not exist yet."""


class BadQuestion(WikiqaError):
    """The question is empty, too long or otherwise unusable."""


class ModelConfigError(ConfigError):
    """The model provider refused our credentials or the model name: fixable in settings."""


class BudgetExhausted(WikiqaError):
    """The run's tool-call or wall-clock budget is spent (raised by the host's Reader)."""


class CollectionCorrupt(SourceUnavailable):
    """A collection file exists but is not a readable SQLite database (damaged, truncated)."""


class NothingToIndex(WikiqaError):
    """The indexed path is missing or holds no indexable file; nothing was deleted."""
