"""Template context shared by every page: language links, SEO URLs, site settings."""

from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, get_language_bidi, get_language_info

from portal import languages
from portal.absolute import site_url
from portal.inline import THEME_SCRIPT


def site(request: HttpRequest) -> dict:
    code = get_language() or languages.DEFAULT
    base = site_url(request)
    _prefix, bare = languages.split_path(request.path)
    full = request.get_full_path()
    switcher = []
    alternates = []
    for lang in languages.CODES:
        info = get_language_info(lang)
        switcher.append(
            {
                "code": lang,
                "name": info["name_local"],
                "current": lang == code,
                "url": "/language/?" + urlencode({"lang": lang, "next": full}),
            }
        )
        alternates.append({"code": lang, "url": base + languages.localize(bare, lang)})
    return {
        "theme_script": mark_safe(THEME_SCRIPT),  # our constant, hashed in the CSP
        "lang_code": code,
        "lang_dir": "rtl" if get_language_bidi() else "ltr",
        "lang_name": get_language_info(code)["name_local"],
        # Pokémon have official names in this language (else guesses are in English).
        "official_pokemon_names": code in languages.OFFICIAL_NAME_LANGUAGES,
        "og_locale": languages.OG_LOCALES.get(code, "en_US"),
        "og_locale_alternates": [v for k, v in languages.OG_LOCALES.items() if k != code],
        "switcher_languages": switcher,
        "hreflang_alternates": alternates,
        "x_default_url": base + bare,
        "canonical_url": base + languages.localize(bare, code),
        "home_url": languages.localize("/", code),
        "SITE_URL": base,
        "VITE_DEV": settings.DJANGO_VITE["default"]["dev_mode"],
        "ANALYTICS_ID": settings.ANALYTICS_ID,
        "ADSENSE_CLIENT": settings.ADSENSE_CLIENT,
        "consent_config": {
            "analyticsId": settings.ANALYTICS_ID,
            "adClient": settings.ADSENSE_CLIENT,
        },
        "CONTACT_EMAIL": settings.CONTACT_EMAIL,
        "PLAYER_RETENTION_DAYS": settings.PLAYER_RETENTION_DAYS,
        "SOCIAL_HANDLE": settings.SOCIAL_HANDLE,
        "SOCIAL_URL": settings.SOCIAL_URL,
        "CHAT_INVITE_URL": settings.CHAT_INVITE_URL,
    }
