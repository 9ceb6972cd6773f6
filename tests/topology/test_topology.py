"""The production topology run for real (docs/deploy.md): nginx in front of two gunicorn
nodes, PostgreSQL, Redis and an S3 endpoint, all on loopback addresses. The files of
deploy/ are checked by the programs that read them, and what nginx adds is checked from
the outside: its cache, the client address it passes on, shared artwork and a node
that dies in the middle of a burst of guesses."""

import http.client
import json
import os
import shutil
import ssl
import subprocess
import threading
import time
import uuid
from http.cookies import SimpleCookie

import pytest

from scripts.bench_names import GUESSES
from scripts.serve import ROOT

pytestmark = pytest.mark.topology


class Client:
    """One visitor: a connection to nginx from a loopback address of its own, with its
    cookies."""

    def __init__(self, port: int, source: str = "127.0.0.1") -> None:
        self.port, self.source = port, source
        self.cookies: dict[str, str] = {}
        self.conn = self._connect()

    def _connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=30, source_address=(self.source, 0)
        )

    def request(self, method: str, path: str, body: dict | None = None, headers=None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/json"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        try:
            self.conn.request(method, path, json.dumps(body) if body else None, headers)
            response = self.conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = self._connect()
            raise
        for header in response.headers.get_all("Set-Cookie") or []:
            for key, morsel in SimpleCookie(header).items():
                self.cookies[key] = morsel.value
        return response, data

    def today(self) -> int:
        response, data = self.request("GET", "/api/puzzle/today")
        assert response.status == 200
        return json.loads(data)["number"]


def test_nginx_accepts_the_site_it_serves(topology):
    checked = subprocess.run(
        [*topology.nginx_command(), "-t"], capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stderr


def test_systemd_accepts_the_units(tmp_path):
    # The units name /srv/pokeguess; here that is this checkout, whose programs exist.
    units = []
    for unit in (ROOT / "deploy" / "systemd").iterdir():
        name = unit.name.replace("@.", "@8001.")
        (tmp_path / name).write_text(unit.read_text().replace("/srv/pokeguess", str(ROOT)))
        units.append(str(tmp_path / name))
    checked = subprocess.run(
        [shutil.which("systemd-analyze") or "systemd-analyze", "verify", *units],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (checked.returncode, checked.stderr) == (0, "")


def test_a_page_is_served_from_nginx_the_second_time_without_a_cookie(topology):
    # A query would be redirected to the page's one URL (docs/scaling.md "The cache key
    # rule"); a first language of none of ours keys the copy by the whole header, so a
    # made-up one gives this test a copy of its own.
    visitor = {"Accept-Language": f"x-{uuid.uuid4().hex[:8]}"}
    first, _body = Client(topology.port).request("GET", "/", headers=visitor)
    second, _body = Client(topology.port).request("GET", "/", headers=visitor)
    assert (first.status, first.headers["X-Cache-Status"]) == (200, "MISS")
    assert (second.status, second.headers["X-Cache-Status"]) == (200, "HIT")
    assert second.headers.get("Set-Cookie") is None


def test_a_player_answer_is_never_looked_up_in_the_cache(topology):
    # Every player reads the same URL; a lookup would queue them on the cache lock.
    client = Client(topology.port)
    client.today()
    response, _body = client.request("GET", "/api/puzzle/today")
    assert response.headers["X-Cache-Status"] == "BYPASS"


def test_the_names_list_is_kept_for_everyone(topology):
    path = "/api/pokemon/names?lang=de"
    Client(topology.port).request("GET", path)
    response, _body = Client(topology.port).request("GET", path)
    assert (response.status, response.headers["X-Cache-Status"]) == (200, "HIT")


def test_the_cache_keeps_the_apps_gzip_copy_and_a_plain_one(topology):
    # Compressed once by the app, not by nginx on every request of a hot names list.
    path = "/api/pokemon/names?lang=fr"
    gzip = {"Accept-Encoding": "gzip, deflate, br"}
    Client(topology.port).request("GET", path, headers=gzip)
    packed, packed_body = Client(topology.port).request("GET", path, headers=gzip)
    assert (packed.headers["X-Cache-Status"], packed.headers["Content-Encoding"]) == ("HIT", "gzip")
    plain, plain_body = Client(topology.port).request("GET", path)
    assert plain.headers.get("Content-Encoding") is None
    assert len(packed_body) < len(plain_body) / 2


def test_an_english_copy_of_an_unprefixed_page_never_reaches_a_german_visitor(topology):
    path = "/"
    english = {"Accept-Language": "en-GB,en;q=0.9"}
    Client(topology.port).request("GET", path, headers=english)
    kept, _body = Client(topology.port).request("GET", path, headers=english)
    assert kept.headers["X-Cache-Status"] == "HIT"
    visitors = [
        {**english, "Cookie": "django_language=de"},
        {"Accept-Language": "de-AT,de;q=0.9"},
        {"Accept-Language": "xx-YY, de;q=0.5"},  # a first language of none of ours
    ]
    for headers in visitors:
        response, _body = Client(topology.port).request("GET", path, headers=headers)
        assert (response.status, response.headers["Location"]) == (302, "/de/"), headers


def test_a_client_over_its_request_budget_gets_429_before_python(topology):
    # 20 requests a second with a burst of 200 per address (deploy/nginx); the machine's
    # own address is not limited. A cached page answers in well under a millisecond, so
    # 300 requests in a row overrun the burst whatever the speed of this machine.
    Client(topology.port).request("GET", "/")  # the page is now in nginx's cache

    def statuses(source: str) -> list[int]:
        client = Client(topology.port, source=source)
        return [client.request("GET", "/")[0].status for _ in range(300)]

    limited = statuses("127.0.0.4")
    assert limited.count(429) > 0 and limited[0] != 429
    assert 429 not in statuses("127.0.0.1")


def test_https_through_the_sites_template(topology, tmp_path):
    # The site with a certificate, in front of the same nodes: HTTPS answers, the app
    # is told the request was secure, and plain HTTP leads to HTTPS.
    from scripts import nginx_site
    from scripts.serve import free_port

    key, certificate = tmp_path / "site.key", tmp_path / "site.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-subj", "/CN=localhost", "-keyout", str(key), "-out", str(certificate)],
        check=True,
        capture_output=True,
    )
    https_port, http_port = free_port(), free_port()
    ports = topology.state()["ports"]
    site = nginx_site.render(
        listen=f"127.0.0.1:{https_port}",
        http_listen=f"127.0.0.1:{http_port}",
        static_root=str(ROOT / "staticfiles"),
        upstreams=[f"127.0.0.1:{port}" for port in ports.values()],
        cache_dir=str(tmp_path / "cache"),
        tls=(str(certificate), str(key)),
    )
    # Its own zones: nginx refuses two sites that share names in one http block.
    site = site.replace("pokeguess_tls:", "pokeguess_tls_test:")
    for temp in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp_path / temp).mkdir()
    (tmp_path / "site.conf").write_text(site)
    user = "user root;\n" if os.geteuid() == 0 else ""
    (tmp_path / "nginx.conf").write_text(
        f"{user}worker_processes 1;\npid {tmp_path / 'nginx.pid'};\nevents {{}}\nhttp {{\n"
        "    include /etc/nginx/mime.types;\n"
        + "".join(
            f"    {kind}_temp_path {tmp_path / kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        + f"    include {tmp_path / 'site.conf'};\n    access_log off;\n}}\n"
    )
    nginx = subprocess.Popen(
        ["nginx", "-c", str(tmp_path / "nginx.conf"), "-e", str(tmp_path / "error.log")]
        + ["-g", "daemon off;"]
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                context = ssl._create_unverified_context()
                secure = http.client.HTTPSConnection(
                    "127.0.0.1", https_port, timeout=10, context=context
                )
                secure.request("GET", "/about/", headers={"Accept-Language": "en"})
                response = secure.getresponse()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        response.read()
        assert response.status == 200
        plain = http.client.HTTPConnection("127.0.0.1", http_port, timeout=10)
        plain.request("GET", "/archive/?x=1")
        redirect = plain.getresponse()
        assert redirect.status == 301
        assert redirect.headers["Location"] == "https://127.0.0.1/archive/?x=1"
    finally:
        nginx.terminate()
        nginx.wait(10)


def test_guesses_are_limited_by_the_address_nginx_saw_not_by_what_the_client_claims(topology):
    # The unknown-name budget is 120 a minute per client address. Every guess below
    # claims another address in X-Forwarded-For; nginx appends the one it saw, and the
    # app (TRUSTED_PROXY_HOPS=1) must count them all against that one. The budget's
    # minute may turn during the run, so the refusal comes within two budgets.
    client = Client(topology.port, source="127.0.0.2")
    number = client.today()
    for i in range(241):
        response, data = client.request(
            "POST",
            f"/api/puzzle/{number}/guesses",
            {"name": "Zzyzxq"},
            {"X-Forwarded-For": f"198.51.100.{i % 250}"},
        )
        if response.status != 422:
            break
    assert (response.status, json.loads(data)["error"]["code"]) == (429, "rate_limited")
    assert i >= 120
    other = Client(topology.port, source="127.0.0.3")
    response, _data = other.request(
        "POST", f"/api/puzzle/{other.today()}/guesses", {"name": "Zzyzxq"}
    )
    assert response.status == 422


def test_artwork_uploaded_through_one_node_is_served_by_the_other(topology):
    saved = topology.manage(
        "node-a",
        "shell",
        "-v",
        "0",
        "-c",
        "from io import BytesIO\n"
        "from PIL import Image\n"
        "from django.core.files.base import ContentFile\n"
        "from puzzle.models import Pokemon\n"
        "image = Image.new('RGBA', (256, 256), (0, 0, 0, 0))\n"
        "image.paste((200, 30, 30, 255), (64, 64, 192, 160))\n"
        "out = BytesIO(); image.save(out, 'WEBP')\n"
        "pokemon = Pokemon.objects.get(pk=700)\n"
        "pokemon.artwork.save('700.webp', ContentFile(out.getvalue()))\n"
        "print(pokemon.artwork.name)\n",
    )
    assert saved.strip().startswith("artwork/700")
    node_b = topology.node_url("node-b")
    neutral = _get(node_b + "/api/pokemon/1000/thumb.webp")
    # Node B reads the Pokédex again within POKEDEX_CHECK_SECONDS (2).
    deadline = time.monotonic() + 10
    while (thumb := _get(node_b + "/api/pokemon/700/thumb.webp")) == neutral:
        assert time.monotonic() < deadline, "node B never drew the uploaded artwork"
        time.sleep(0.5)
    assert thumb[:4] == b"RIFF"
    for node in ("node-a", "node-b"):
        assert list(topology.media(node).iterdir()) == []  # nothing on either disk


def _get(url: str) -> bytes:
    import urllib.request

    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


def test_a_node_killed_during_a_burst_loses_no_acknowledged_guess(topology):
    players = [Client(topology.port) for _ in range(8)]
    number = players[0].today()
    for player in players:
        player.today()
    acknowledged: list[tuple[str, str]] = []  # (player id, the name of the guess)
    after_kill: list[int] = []
    killed = threading.Event()
    lock = threading.Lock()

    def play(index: int, player: Client) -> None:
        for name in GUESSES[index : index + 6]:
            try:
                response, data = player.request(
                    "POST", f"/api/puzzle/{number}/guesses", {"name": name}
                )
            except (OSError, http.client.HTTPException):
                continue  # no answer: not acknowledged
            with lock:
                if killed.is_set():
                    after_kill.append(response.status)
                if response.status == 201:
                    pid = player.cookies["pg_player"].split(":", 1)[0]
                    acknowledged.append((pid, json.loads(data)["guess"]["name"]))
                if response.status == 201 and len(acknowledged) == 10:
                    topology.kill_node("node-b")
                    killed.set()
            if response.status == 201 and json.loads(data)["state"]["status"] != "playing":
                return

    threads = [threading.Thread(target=play, args=(i, p)) for i, p in enumerate(players)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        topology.start_node("node-b")
    assert killed.is_set()
    assert 201 in after_kill  # node A went on answering through nginx
    assert topology.missing_guesses(acknowledged) == []


def test_a_rolling_deploy_fails_no_request(topology):
    before = {node: _pid(topology, node) for node in ("node-a", "node-b")}
    statuses: list[int] = []
    done = threading.Event()

    def read() -> None:
        # A connection per request: a reload closes idle kept-alive connections, and a
        # request racing that close is one a browser resends, not one nginx failed.
        client = Client(topology.port)
        while not done.is_set():
            try:
                response, _body = client.request(
                    "GET", "/api/puzzle/today", headers={"Connection": "close"}
                )
                statuses.append(response.status)
            except (OSError, http.client.HTTPException):
                statuses.append(0)

    readers = [threading.Thread(target=read) for _ in range(4)]
    for reader in readers:
        reader.start()
    try:
        topology.deploy_rolling(say=lambda _message: None)
    finally:
        done.set()
        for reader in readers:
            reader.join()
    assert all(_pid(topology, node) != pid for node, pid in before.items())
    assert len(statuses) > 20
    assert set(statuses) == {200}


def _pid(topology, node: str) -> int:
    return int((topology.root / "pids" / f"{node}.pid").read_text())
