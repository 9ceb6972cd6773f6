"""The one inline script of every page, allowed by its hash rather than a nonce.

It applies the theme the visitor chose (``frontend/lib/storage.ts``) before the first
paint, so the page never flashes the other theme. A fixed script allowed by its SHA-256
in the Content-Security-Policy needs no per-response nonce, so a rendered page is the
same bytes for everyone and a proxy or CDN may keep it.
"""

import base64
import hashlib

THEME_SCRIPT = (
    'try{var t=localStorage.getItem("theme");'
    'if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}'
)
THEME_SCRIPT_SOURCE = (
    "'sha256-" + base64.b64encode(hashlib.sha256(THEME_SCRIPT.encode()).digest()).decode() + "'"
)
