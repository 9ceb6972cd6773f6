"""Lighthouse (mobile) for the issue's budget pages, in Debian's Chromium.

Serves the site with gunicorn on a free port, runs the pinned `lighthouse` npm package
against `/`, a game page, the archive, `/how-to-play/` and `/ar/`, and prints the four category scores plus the
bytes of JavaScript and CSS each page transferred. Reports go to lighthouse-reports/.

Each page, and what its game island asks the API for, is fetched a few times before it
is measured, so that both workers hold them as they would after their first visitors:
the first request for a silhouette renders it, and that is not what players wait for.

    make lighthouse   (python -m scripts.lighthouse)
"""

import gzip
import json
import os
import subprocess
import sys
import urllib.request

import brotli

from scripts.serve import ROOT, gunicorn

# Each page and the language its island asks the API in.
PAGES = {"/": "en", "/vex5/": "en", "/archive/": "en", "/how-to-play/": "en", "/ar/": "ar"}
OUT = ROOT / "lighthouse-reports"
# Installed on demand by `make lighthouse` (not by every `npm ci`): see the Makefile.
LIGHTHOUSE = ROOT / ".tools" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
WARM_ROUNDS = 6  # requests spread over the two workers
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"


def fetch(url: str) -> bytes:
    """The body as a browser would get it: compressed on the wire, decoded here."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "br, gzip"})
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read()
        encoding = response.headers.get("Content-Encoding")
    return {"br": brotli.decompress, "gzip": gzip.decompress}.get(encoding, bytes)(body)


def warm(base: str, path: str, lang: str) -> None:
    """``path``, today's puzzle, its silhouette and the names list, on every worker."""
    for _ in range(WARM_ROUNDS):
        fetch(f"{base}{path}")
        today = json.loads(fetch(f"{base}/api/puzzle/today?lang={lang}"))
        fetch(f"{base}{today['silhouette_url']}")
        fetch(f"{base}/api/pokemon/names?lang={lang}")


def main() -> int:
    OUT.mkdir(exist_ok=True)
    with gunicorn({**os.environ, "DJANGO_DEBUG": "0"}) as base:
        print(f"{'page':<16}{'perf':>6}{'a11y':>6}{'best':>6}{'seo':>6}{'JS KB':>8}{'CSS KB':>8}")
        for path, lang in PAGES.items():
            name = path.strip("/").replace("/", "_") or "home"
            report = OUT / f"{name}.json"
            warm(base, path, lang)
            # Lighthouse sometimes fails its first navigation (NO_NAVSTART): one retry.
            for attempt in (1, 2):
                done = subprocess.run(
                    [str(LIGHTHOUSE), f"{base}{path}", "--quiet", "--output=json",
                     f"--output-path={report}", f"--chrome-flags={CHROME_FLAGS}",
                     "--only-categories=performance,accessibility,best-practices,seo"],
                    cwd=ROOT,
                    env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"},
                    check=attempt == 2,
                )  # fmt: skip
                if done.returncode == 0:
                    break
            data = json.loads(report.read_text())
            scores = [
                round(100 * data["categories"][c]["score"])
                for c in ("performance", "accessibility", "best-practices", "seo")
            ]
            items = data["audits"]["network-requests"]["details"]["items"]
            js = sum(i.get("transferSize", 0) for i in items if i.get("resourceType") == "Script")
            css = sum(
                i.get("transferSize", 0) for i in items if i.get("resourceType") == "Stylesheet"
            )
            print(
                f"{path:<16}"
                + "".join(f"{s:>6}" for s in scores)
                + f"{js / 1024:>8.1f}{css / 1024:>8.1f}"
            )
        print(f"Reports: {OUT}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
