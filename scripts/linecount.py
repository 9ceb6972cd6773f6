"""How much application code there is: non-blank lines, the measure of issue "one simple core".

Python in the apps without their tests and migrations, TypeScript in ``frontend/``
without tests and declaration files (generated types), and the CSS beside them.

    make lines
"""

from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("portal", "pages", "puzzle", "games", "translations")


def counted(path: Path) -> bool:
    parts = set(path.relative_to(ROOT).parts)
    name = path.name
    return not (
        parts & {"tests", "migrations", "node_modules", "dist"}
        or name.startswith("test_")
        or ".test." in name
        or name.endswith(".d.ts")
    )


def non_blank(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def main() -> None:
    totals: Counter[str] = Counter()
    for app in APPS:
        totals["Python"] += sum(non_blank(p) for p in (ROOT / app).rglob("*.py") if counted(p))
    for pattern in ("*.ts", "*.tsx"):
        totals["TypeScript"] += sum(
            non_blank(p) for p in (ROOT / "frontend").rglob(pattern) if counted(p)
        )
    css = [p for app in (*APPS, "frontend") for p in (ROOT / app).rglob("*.css") if counted(p)]
    totals["CSS"] = sum(non_blank(p) for p in css)
    code = totals["Python"] + totals["TypeScript"]
    print(f"application code: {code} non-blank lines")
    for kind in ("Python", "TypeScript", "CSS"):
        print(f"  {kind:<10} {totals[kind]:>6}")


if __name__ == "__main__":
    main()
