"""Render deploy/nginx/pokeguess.conf.template into an nginx site file (docs/deploy.md).

    python -m scripts.nginx_site --listen 80 --static-root /srv/pokeguess/staticfiles \\
        --upstream 127.0.0.1:8001 --upstream 127.0.0.1:8002 \\
        --cache-dir /var/cache/nginx/pokeguess [--media-root /srv/pokeguess/media] \\
        [--tls-certificate fullchain.pem --tls-key privkey.pem [--http-listen 80]]

With a certificate the site speaks HTTPS on ``--listen`` (443, say) and a server on
``--http-listen`` sends plain-HTTP visitors there. Only ``${NAME}`` placeholders are replaced, so nginx's own ``$variables`` stay as they
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


def tls_settings(certificate: str, key: str) -> str:
    return (
        # TLS 1.2 and 1.3 only, with their own cipher choice; a returning visitor resumes
        # the session without a new handshake.
        f"    ssl_certificate {certificate};\n"
        f"    ssl_certificate_key {key};\n"
        "    ssl_protocols TLSv1.2 TLSv1.3;\n"
        "    ssl_prefer_server_ciphers off;\n"
        "    ssl_session_cache shared:pokeguess_tls:10m;\n"
        "    ssl_session_timeout 1d;\n"
        "    ssl_session_tickets off;"
    )


def http_redirect(http_listen: str) -> str:
    return (
        "# Plain HTTP only leads to HTTPS.\n"
        "server {\n"
        f"    listen {http_listen};\n"
        "    server_name _;\n"
        "    server_tokens off;\n"
        "    return 301 https://$host$request_uri;\n"
        "}"
    )


def render(
    *,
    listen: str,
    static_root: str,
    upstreams: list[str],
    cache_dir: str,
    media_root: str | None = None,
    down: frozenset[str] = frozenset(),
    tls: tuple[str, str] | None = None,
    http_listen: str = "80",
    template: str | None = None,
) -> str:
    """The site file; a node in ``down`` gets no new requests (drained for a restart).
    ``tls`` is (certificate, key): HTTPS on ``listen``, a redirect on ``http_listen``."""
    if not upstreams:
        raise ValueError("at least one upstream server (host:port) is needed")
    values = {
        # http2 as a listen parameter: Debian 12's nginx (1.22) has no "http2 on".
        "LISTEN": f"{listen} ssl http2" if tls else listen,
        "TLS_SETTINGS": tls_settings(*tls) if tls else "    # Plain HTTP (no --tls-certificate).",
        "HTTP_REDIRECT": http_redirect(http_listen) if tls else "",
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
    parser.add_argument("--tls-certificate", help="certificate chain (PEM): serve HTTPS")
    parser.add_argument("--tls-key", help="the certificate's private key (PEM)")
    parser.add_argument("--http-listen", default="80", help="with TLS: the redirecting port")
    args = parser.parse_args(argv)
    if bool(args.tls_certificate) != bool(args.tls_key):
        parser.error("--tls-certificate and --tls-key go together")
    sys.stdout.write(
        render(
            listen=args.listen,
            static_root=args.static_root,
            upstreams=args.upstream,
            cache_dir=args.cache_dir,
            media_root=args.media_root,
            tls=(args.tls_certificate, args.tls_key) if args.tls_certificate else None,
            http_listen=args.http_listen,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
