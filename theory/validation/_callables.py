"""Calling the caller's callables: what they raise becomes a UserCallableError naming them."""

from __future__ import annotations

from typing import Any


def callable_name(fn: object) -> str:
    """Return the name a user callable is reported under (its qualified name).

    Anything without a string ``__qualname__`` or ``__name__`` is reported
    under its type's name.

    Examples
    --------
    >>> from theory.validation import callable_name
    >>> callable_name(len), callable_name(3)
    ('len', 'int')
    """
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None)
    return name if isinstance(name, str) else type(fn).__name__


def call_user(fn: Any, argument: str, /, *args: Any, **kwargs: Any) -> Any:
    """Call the caller's ``fn``; wrap what it raises in :class:`UserCallableError`.

    ``argument`` is the parameter that held ``fn``. ``KeyboardInterrupt``,
    ``SystemExit`` and an already wrapped error pass through unchanged.

    Raises
    ------
    theory.errors.UserCallableError
        ``fn`` raised (or is not callable); the original is chained.

    Examples
    --------
    >>> from theory.validation import call_user
    >>> call_user(abs, "f", -2)
    2
    >>> call_user(int, "parse", "x")
    Traceback (most recent call last):
    ...
    theory.errors.UserCallableError: parse 'int' raised ValueError: invalid literal for int() with base 10: 'x'
    """
    from theory.errors import UserCallableError

    try:
        return fn(*args, **kwargs)
    except UserCallableError:
        raise
    except Exception as exc:
        raise wrap_user_error(exc, fn, argument) from exc


def wrap_user_error(
    exc: Exception, fn: object, argument: str, *, context: str = ""
) -> Exception:
    """Return the :class:`UserCallableError` for ``exc`` raised by ``fn``.

    ``context`` (e.g. ``'on cell {"x": 1}'``) is put after the exception's
    type in the message. An ``exc`` that is already one is returned as it is.

    Examples
    --------
    >>> from theory.validation import wrap_user_error
    >>> str(wrap_user_error(ZeroDivisionError("division by zero"), abs, "fn"))
    "fn 'abs' raised ZeroDivisionError: division by zero"
    """
    from theory.errors import UserCallableError

    if isinstance(exc, UserCallableError):
        return exc
    name = callable_name(fn)
    where = f" {context}" if context else ""
    msg = f"{argument} {name!r} raised {type(exc).__name__}{where}: {exc}"
    return UserCallableError(argument, name, msg)
