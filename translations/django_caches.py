"""The one module that touches Django's translation internals, guarded by
``translations/tests/test_django_caches.py``.

Django has no public way to read the catalogues again. Its autoreloader does it when a
``.mo`` file changes, with ``translation_file_changed``; a rebuilt catalogue is reset
here with that same function.
"""

from pathlib import Path

from django.utils.translation.reloader import translation_file_changed


def reset() -> None:
    """Every language reads its catalogues again from the files at its next use. The
    language active in this thread is dropped too: call before ``LocaleMiddleware``."""
    if not translation_file_changed(sender=None, file_path=Path("django.mo")):
        raise RuntimeError("Django no longer resets its translation caches for a .mo file")
