"""Static files storage: hashed and compressed, except Vite's own output.

Vite already writes content-hashed names under ``assets/`` and its JavaScript imports
chunks by those names. Hashing them again would make the page load one name while the
code imports another (the React chunk downloaded twice), so they keep their names and
whitenoise serves them as immutable (``WHITENOISE_IMMUTABLE_FILE_TEST``).
"""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    manifest_strict = False

    def hashed_name(self, name, content=None, filename=None):
        if name.startswith("assets/"):
            return name
        return super().hashed_name(name, content, filename)
