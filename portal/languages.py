"""Language rules shared by the middleware, the switcher and SEO links (docs/design.md "Languages").

A URL's first segment is its language prefix; English has none. Paths outside the
localized site (API, admin, static files) are never redirected.
"""

from django.conf import settings

DEFAULT = "en"
CODES: tuple[str, ...] = tuple(code for code, _name in settings.LANGUAGES)
PREFIXED: frozenset[str] = frozenset(CODES) - {DEFAULT}
# Site languages with official Pokémon names (used by the games or The Pokémon Company's
# own Pokédex). Elsewhere names are shown in English (docs/pokedex-data.md "Names").
OFFICIAL_NAME_LANGUAGES = frozenset({"en", "de", "fr", "es", "it", "ja", "ko", "th", "zh"})
# Browser tags whose primary subtag differs from our code for the same language.
ALIASES = {"nb": "no", "nn": "no", "tl": "fil", "iw": "he"}
UNLOCALIZED_PREFIXES = (
    "/api/",
    "/admin/",
    "/rosetta/",
    "/static/",
    "/media/",
    "/language/",
    "/sitemap",  # the index and its sections (/sitemap-games.xml, …)
    "/robots.txt",
    "/sw.js",  # the service worker: one for every language, at the root of its scope
    "/favicon.ico",
    "/healthz",
    "/readyz",
)


def split_path(path: str) -> tuple[str | None, str]:
    """Return (prefix code or None, the path without it, starting with '/')."""
    segment, _slash, rest = path.lstrip("/").partition("/")
    if segment in PREFIXED:
        return segment, "/" + rest
    return None, path or "/"


def localize(path: str, code: str) -> str:
    """The same page in another language: swap or strip the prefix of ``path``."""
    _code, bare = split_path(path)
    return bare if code == DEFAULT else f"/{code}{bare}"


def is_localized(path: str) -> bool:
    return not path.startswith(UNLOCALIZED_PREFIXES)


def normalize(tag: str | None) -> str | None:
    """A supported code for a stored value or a browser tag (``de-AT`` → ``de``)."""
    if not tag:
        return None
    primary = tag.strip().split("-")[0].split("_")[0].lower()
    primary = ALIASES.get(primary, primary)
    return primary if primary in CODES else None


def from_accept_language(header: str) -> str | None:
    """The first supported language in an Accept-Language header, by quality."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _semi, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and tag != "*" and quality > 0:
            choices.append((-quality, index, tag))
    for _quality, _index, tag in sorted(choices):
        code = normalize(tag)
        if code:
            return code
    return None


# Open Graph wants language_TERRITORY; these are the codes Facebook's locale list uses
# (Filipino is tl_PH there, Arabic ar_AR). Portuguese text is Brazilian (docs/i18n.md).
OG_LOCALES = {
    "en": "en_US",
    "zh": "zh_CN",
    "ko": "ko_KR",
    "es": "es_ES",
    "fr": "fr_FR",
    "pt": "pt_BR",
    "da": "da_DK",
    "pl": "pl_PL",
    "ru": "ru_RU",
    "vi": "vi_VN",
    "th": "th_TH",
    "fil": "tl_PH",
    "ja": "ja_JP",
    "no": "nb_NO",
    "nl": "nl_NL",
    "de": "de_DE",
    "it": "it_IT",
    "hi": "hi_IN",
    "ar": "ar_AR",
}
