"""Render deploy/nginx/pokeguess.conf.template into an nginx site file (docs/deploy.md).

    python -m scripts.nginx_site --listen 80 --static-root /srv/pokeguess/staticfiles \\
        --upstream 127.0.0.1:8001 --upstream 127.0.0.1:8002 \\
        --cache-dir /var/cache/nginx/pokeguess [--media-root /srv/pokeguess/media]

Only ``${NAME}`` placeholders are replaced, so nginx's own ``$variables`` stay as they
are; a placeholder without a value stops the rendering. Without ``--media-root`` the
site leaves ``/media/`` to the app (artwork in a bucket is served from there anyway).
"""

import argparse
import re
import sys
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent.parent / "deploy" / "nginx" / "pokeguess.conf.template"
PLACEHOLDER = re.compile(r"\$\{([A-Z_]+)\}")


def media_location(media_root: str | None) -> str:
    if not media_root:
        return "    # /media/ goes to the app (artwork in a bucket has URLs of its own)."
    return (
        "    location /media/ {\n"
        f"        alias {media_root.rstrip('/')}/;\n"
        # An upload never replaces a file under the same name (Django's storage).
        '        add_header Cache-Control "public, max-age=604800";\n'
        "        add_header X-Content-Type-Options nosniff;\n"
        "    }"
    )


def render(
    *,
    listen: str,
    static_root: str,
    upstreams: list[str],
    cache_dir: str,
    media_root: str | None = None,
    down: frozenset[str] = frozenset(),
    template: str | None = None,
) -> str:
    """The site file; a node in ``down`` gets no new requests (drained for a restart)."""
    if not upstreams:
        raise ValueError("at least one upstream server (host:port) is needed")
    values = {
        "LISTEN_PORT": listen,
        "STATIC_ROOT": static_root.rstrip("/"),
        "UPSTREAM_SERVERS": "\n".join(
            f"    server {address} max_fails=1 fail_timeout=5s{' down' if address in down else ''};"
            for address in upstreams
        ),
        "CACHE_DIR": cache_dir,
        "MEDIA_LOCATION": media_location(media_root),
    }
    text = TEMPLATE.read_text() if template is None else template

    def value(match: re.Match) -> str:
        if match.group(1) not in values:
            raise ValueError(f"the template's ${{{match.group(1)}}} has no value")
        return values[match.group(1)]

    return PLACEHOLDER.sub(value, text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--listen", required=True, help="port, or address:port")
    parser.add_argument("--static-root", required=True, help="collectstatic's STATIC_ROOT")
    parser.add_argument("--upstream", action="append", required=True, help="a node, host:port")
    parser.add_argument("--cache-dir", required=True, help="nginx's proxy cache folder")
    parser.add_argument("--media-root", help="MEDIA_ROOT, when nginx serves /media/ from disk")
    args = parser.parse_args(argv)
    sys.stdout.write(
        render(
            listen=args.listen,
            static_root=args.static_root,
            upstreams=args.upstream,
            cache_dir=args.cache_dir,
            media_root=args.media_root,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
