"""The island's types of the JSON API, generated from its OpenAPI document.

The API's schemas (puzzle/api/schemas.py) are the one description of what it sends;
openapi-typescript turns the document django-ninja generates from them into
``frontend/lib/api-schema.d.ts``, which ``frontend/lib/api-types.ts`` names for the
island. ``puzzle/tests/test_openapi.py`` fails when the file is stale.

    make api-types        # rewrite frontend/lib/api-schema.d.ts
"""

import json
import os
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPES = ROOT / "frontend" / "lib" / "api-schema.d.ts"


def document() -> dict:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
    import django

    django.setup()
    from portal.urls import api

    return api.get_openapi_schema()


def generate() -> str:
    """The types file for the API as the code describes it now."""
    with tempfile.TemporaryDirectory() as folder:
        source, target = Path(folder) / "openapi.json", Path(folder) / "api-schema.d.ts"
        source.write_text(json.dumps(document(), indent=1, sort_keys=True))
        subprocess.run(
            ["npx", "--no-install", "openapi-typescript", str(source), "-o", str(target)],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        formatted = subprocess.run(
            ["npx", "--no-install", "prettier", "--stdin-filepath", str(TYPES)],
            cwd=ROOT,
            check=True,
            capture_output=True,
            input=target.read_bytes(),
        )
        return formatted.stdout.decode()


if __name__ == "__main__":
    TYPES.write_text(generate())
    print(f"wrote {TYPES.relative_to(ROOT)}")
