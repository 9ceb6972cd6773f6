"""``make topology``: the production shape of docs/deploy.md, started for real on this
machine; ``make topology-stop`` stops it.

- nginx in front (deploy/nginx, rendered by scripts/nginx_site.py) on ``TOPOLOGY_PORT``
  (8080), serving collectstatic's ``staticfiles/``;
- two gunicorn nodes, each run from a copy of the checkout of its own
  (``.topology/node-a/code``, ``…/node-b/code``: their own ``locale/`` and
  ``MEDIA_ROOT``), on the production profile (``DJANGO_ENV=production``, secrets made
  once into ``.topology/secrets.json``), behind nginx with ``TRUSTED_PROXY_HOPS=1``;
- PostgreSQL on 127.0.0.1:5432 (database ``pokeguess_topology``, migrated at each start,
  loaded once) and Redis (db 8, its own key prefix);
- a local S3 endpoint (moto's server, in memory: uploads last until the next start).

``make deploy-rolling`` upgrades the running topology to the checkout a node at a time.

Every process is started in a session of its own and noted in ``.topology/pids/``;
stopping reads those files and stops only those processes. ``tests/topology/`` starts
its own instance in a temporary folder (``Topology``).
"""

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from scripts import nginx_site
from scripts.serve import ROOT, free_port

BIN = Path(sys.executable).parent
NODES = ("node-a", "node-b")
BUCKET = "pokeguess-topology"
S3_KEYS = {"AWS_ACCESS_KEY_ID": "topology", "AWS_SECRET_ACCESS_KEY": "topology"}
# Not copied into a node: the environment, build caches and this tool's own folders.
SKIP = {".git", ".venv", "node_modules", ".make", ".topology", ".cache", ".hypothesis"}
# Built by `make setup` and ignored by git, but a node needs them.
BUILT = ("frontend/dist", "locale_admin")
START_SECONDS = 60


@dataclass
class Topology:
    root: Path = ROOT / ".topology"
    port: int = 8080
    database: str = "pokeguess_topology"
    redis_url: str = "redis://127.0.0.1:6379/8"
    cache_prefix: str = "pokeguess-topology"
    workers: int = 2
    ratelimit: bool = True
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)

    @classmethod
    def from_environment(cls) -> "Topology":
        return cls(
            port=int(os.environ.get("TOPOLOGY_PORT", "8080")),
            workers=int(os.environ.get("TOPOLOGY_WORKERS", "2")),
            ratelimit=os.environ.get("TOPOLOGY_RATELIMIT", "1") != "0",
        )

    # --- Where things are ------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def database_url(self) -> str:
        return f"postgres://postgres@127.0.0.1:5432/{self.database}"

    def code(self, node: str) -> Path:
        return self.root / node / "code"

    def media(self, node: str) -> Path:
        return self.root / node / "media"

    def log(self, name: str) -> Path:
        return self.root / "logs" / f"{name}.log"

    @property
    def state_file(self) -> Path:
        return self.root / "state.json"

    def state(self) -> dict:
        return json.loads(self.state_file.read_text())

    def node_url(self, node: str) -> str:
        return f"http://127.0.0.1:{self.state()['ports'][node]}"

    def node_env(self, node: str) -> dict[str, str]:
        """The environment of ``node``, as /etc/pokeguess/env would hold it (docs/deploy.md);
        nothing is inherited but the basics, so a caller's DATABASE_URL plays no part."""
        state = self.state()
        keep = {name: os.environ[name] for name in ("PATH", "HOME", "LANG") if name in os.environ}
        return {
            **keep,
            **S3_KEYS,
            "DJANGO_ENV": "production",
            "SECRET_KEY": state["secret_key"],
            "PUZZLE_SEED": state["puzzle_seed"],
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "CACHE_PREFIX": self.cache_prefix,
            "TRUSTED_PROXY_HOPS": "1",
            "TRUST_REQUEST_ID_HEADER": "1",
            "SERVE_MEDIA": "0",
            "MEDIA_ROOT": str(self.media(node)),
            "AWS_STORAGE_BUCKET_NAME": BUCKET,
            "AWS_S3_ENDPOINT_URL": f"http://127.0.0.1:{state['ports']['s3']}",
            "AWS_S3_REGION_NAME": "us-east-1",
            "PROMETHEUS_MULTIPROC_DIR": str(self.root / node / "prometheus"),
            "RATELIMIT_ENABLE": "1" if self.ratelimit else "0",
            "LOG_FORMAT": "json",
        }

    # --- Starting ----------------------------------------------------------------------

    def start(self) -> None:
        self.stop()
        # The logs tell of this run only (make bench-spike counts the cache's hits in them).
        shutil.rmtree(self.root / "logs", ignore_errors=True)
        for folder in ("pids", "logs", "nginx/tmp", "nginx/cache"):
            (self.root / folder).mkdir(parents=True, exist_ok=True)
        self._write_state()
        self._start_s3()
        for node in NODES:
            self._copy_code(node)
        self._prepare_data()
        for node in NODES:
            self.start_node(node)
        self._start_nginx()

    def _write_state(self) -> None:
        secrets_file = self.root / "secrets.json"
        if not secrets_file.exists():
            secrets_file.write_text(
                json.dumps(
                    {
                        "secret_key": secrets.token_urlsafe(48),
                        "puzzle_seed": secrets.token_urlsafe(24),
                    }
                )
            )
            secrets_file.chmod(0o600)
        ports = {name: free_port() for name in (*NODES, "s3")}
        self.state_file.write_text(
            json.dumps(
                {
                    **json.loads(secrets_file.read_text()),
                    "ports": ports,
                    "nginx_port": self.port,
                    "workers": self.workers,
                },
                indent=2,
            )
        )

    def _copy_code(self, node: str) -> None:
        """A copy of the working tree (what git would commit, with uncommitted edits)
        and the build outputs, as a release directory on a node holds them. The static
        files stay shared: nginx serves them, and the node reads their manifest."""
        code = self.code(node)
        shutil.rmtree(code, ignore_errors=True)
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode()
        for name in filter(None, listed.split("\0")):
            source = ROOT / name
            if name.split("/", 1)[0] in SKIP or not source.is_file():
                continue
            (code / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, code / name)
        for name in BUILT:
            shutil.copytree(ROOT / name, code / name, dirs_exist_ok=True)
        for catalogue in (ROOT / "locale").glob("*/LC_MESSAGES/django.mo"):
            shutil.copy2(catalogue, code / catalogue.relative_to(ROOT))
        (code / "staticfiles").symlink_to(ROOT / "staticfiles")
        self.media(node).mkdir(parents=True, exist_ok=True)
        (self.root / node / "prometheus").mkdir(exist_ok=True)

    def _prepare_data(self) -> None:
        import psycopg
        import redis

        with psycopg.connect(
            "postgres://postgres@127.0.0.1:5432/postgres", autocommit=True
        ) as conn:
            if not conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (self.database,)
            ).fetchone():
                conn.execute(f'CREATE DATABASE "{self.database}"')
        self.manage("node-a", "migrate", "--noinput", "-v", "0")
        # Loaded once: a deploy loads on every release, but here the data files rarely
        # change and loading takes most of a start.
        loaded = self.root / f"loaded-{self.database}"
        if not loaded.exists():
            self.manage("node-a", "import_pokedex")
            self.manage("node-a", "load_games")
            loaded.touch()
        # Pages and counters of an earlier run were made by other code.
        client = redis.Redis.from_url(self.redis_url)
        for key in client.scan_iter(f"{self.cache_prefix}*", count=1000):
            client.delete(key)

    def manage(self, node: str, *args: str) -> str:
        """Run a management command as ``node`` would; its output, or an error with it."""
        done = subprocess.run(
            [str(BIN / "python"), "manage.py", *args],
            cwd=self.code(node),
            env=self.node_env(node),
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stderr[-3000:]}")
        return done.stdout

    def _start_s3(self) -> None:
        port = self.state()["ports"]["s3"]
        self._spawn("s3", [str(BIN / "moto_server"), "-H", "127.0.0.1", "-p", str(port)])
        _wait_for_port(port, "the S3 endpoint", self.log("s3"))
        import boto3

        boto3.client(
            "s3",
            endpoint_url=f"http://127.0.0.1:{port}",
            region_name="us-east-1",
            aws_access_key_id=S3_KEYS["AWS_ACCESS_KEY_ID"],
            aws_secret_access_key=S3_KEYS["AWS_SECRET_ACCESS_KEY"],
        ).create_bucket(Bucket=BUCKET)

    def start_node(self, node: str) -> None:
        prometheus = self.root / node / "prometheus"
        shutil.rmtree(prometheus, ignore_errors=True)
        prometheus.mkdir(parents=True)
        port = self.state()["ports"][node]
        self._spawn(
            node,
            [
                str(BIN / "gunicorn"),
                "portal.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(self.workers),
                "--no-control-socket",
            ],
            cwd=self.code(node),
            env=self.node_env(node),
        )
        _wait_for_ready(f"http://127.0.0.1:{port}/readyz", node, self.log(node))

    def _write_site(self, drained: str | None = None) -> None:
        nginx = self.root / "nginx"
        ports = self.state()["ports"]
        site = nginx_site.render(
            listen=f"127.0.0.1:{self.port}",
            static_root=str(ROOT / "staticfiles"),
            upstreams=[f"127.0.0.1:{ports[node]}" for node in NODES],
            cache_dir=str(nginx / "cache"),
            down=frozenset({f"127.0.0.1:{ports[drained]}"} if drained else ()),
        )
        (nginx / "pokeguess.conf").write_text(site)

    def _start_nginx(self) -> None:
        nginx = self.root / "nginx"
        self._write_site()
        temp = nginx / "tmp"
        # As root, nginx's workers would otherwise run as a user that cannot write here.
        user = "user root;\n" if os.geteuid() == 0 else ""
        (nginx / "nginx.conf").write_text(
            # As docs/deploy.md asks of /etc/nginx/nginx.conf: every waiting player
            # holds a connection, and each request to a node one more.
            f"{user}worker_processes auto;\nworker_rlimit_nofile 20000;\n"
            f"pid {nginx / 'nginx.pid'};\n"
            "events { worker_connections 8192; }\n"
            "http {\n"
            "    include /etc/nginx/mime.types;\n"
            "    default_type application/octet-stream;\n"
            "    sendfile on;\n"
            + "".join(
                f"    {kind}_temp_path {temp / kind};\n"
                for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
            )
            + f"    include {nginx / 'pokeguess.conf'};\n"
            f"    access_log {self.log('nginx-access')} pokeguess;\n"
            "}\n"
        )
        self._spawn("nginx", [*self.nginx_command(), "-g", "daemon off;"])
        _wait_for_port(self.port, "nginx", self.log("nginx"))

    def nginx_command(self) -> list[str]:
        nginx = self.root / "nginx"
        return ["nginx", "-c", str(nginx / "nginx.conf"), "-e", str(self.log("nginx"))]

    def _spawn(self, name: str, command: list[str], cwd: Path | None = None, env=None) -> None:
        with open(self.log(name), "a") as output:
            process = subprocess.Popen(
                command,
                cwd=cwd or self.root,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=output,
                start_new_session=True,  # its own process group: stopped as a whole
            )
        self.processes[name] = process
        (self.root / "pids" / f"{name}.pid").write_text(str(process.pid))

    # --- Deploying -------------------------------------------------------------------

    def deploy_rolling(self, say=print) -> None:
        """Upgrade a running topology to the checkout as it is now (docs/deploy.md
        "Upgrading"): migrate once, then one node at a time: take it out of nginx's
        upstream, stop it gracefully (its workers finish their requests), give it the
        new code, start it, and put it back once it is ready. The other node serves
        meanwhile, so no request fails."""
        if not (self.root / "pids" / "nginx.pid").exists():
            raise RuntimeError("No topology is running here: start one with make topology.")
        say("Migrating (the schema must suit the old code too: expand, deploy, contract)")
        self.manage_checkout("migrate", "--noinput", "-v", "0")
        for node in NODES:
            say(f"{node}: drained, restarted on the new code, back in nginx's upstream")
            self._write_site(drained=node)
            self.reload_nginx()
            self._stop(node, signal.SIGTERM)
            self._copy_code(node)
            self.start_node(node)
        self._write_site()
        self.reload_nginx()

    def manage_checkout(self, *args: str) -> None:
        """A management command of the checkout itself (the release being deployed)."""
        done = subprocess.run(
            [str(BIN / "python"), "manage.py", *args],
            cwd=ROOT,
            env=self.node_env(NODES[0]),
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stderr[-3000:]}")

    def reload_nginx(self) -> None:
        """nginx rereads its configuration and returns once the workers of the old one,
        which finish their requests first, have exited."""
        master = int((self.root / "pids" / "nginx.pid").read_text())
        old = _children(master)
        os.kill(master, signal.SIGHUP)
        deadline = time.monotonic() + START_SECONDS
        while old & _children(master) or not _children(master) - old:
            if time.monotonic() > deadline:
                raise RuntimeError(f"nginx did not reload (its log: {self.log('nginx')})")
            time.sleep(0.05)

    def missing_guesses(self, acknowledged: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """The acknowledged guesses, (player id, English name), that no game holds."""
        players = sorted({uuid.UUID(player) for player, _name in acknowledged if player})
        with psycopg.connect(self.database_url) as conn:
            stored = {
                (str(player), name)
                for player, name in conn.execute(
                    "SELECT g.player_id, p.name_en FROM puzzle_playergame g"
                    " CROSS JOIN LATERAL jsonb_array_elements_text(g.guesses::jsonb) AS e(id)"
                    " JOIN puzzle_pokemon p ON p.id = e.id::int"
                    " WHERE g.player_id = ANY(%s)",
                    (players,),
                )
            }
        return [guess for guess in acknowledged if guess not in stored]

    # --- Stopping ----------------------------------------------------------------------

    def kill_node(self, node: str) -> None:
        """SIGKILL a node's arbiter and workers at once, as a crash would."""
        self._stop(node, signal.SIGKILL)

    def stop(self) -> None:
        pids = self.root / "pids"
        names = [path.stem for path in pids.glob("*.pid")] if pids.exists() else []
        # nginx first, so no request reaches a node that is going away.
        for name in sorted(names, key=lambda n: n != "nginx"):
            self._stop(name, signal.SIGTERM)

    def _stop(self, name: str, how: signal.Signals) -> None:
        pid_file = self.root / "pids" / f"{name}.pid"
        if not pid_file.exists():
            return
        pid = int(pid_file.read_text())
        if _started_here(pid, self.root):
            with suppress(ProcessLookupError):  # it ended already
                os.killpg(pid, how)
            deadline = time.monotonic() + 15
            while _alive(pid, self.processes.get(name)) and time.monotonic() < deadline:
                time.sleep(0.1)
            if _alive(pid, self.processes.get(name)):
                with suppress(ProcessLookupError):  # it ended already
                    os.killpg(pid, signal.SIGKILL)
                while _alive(pid, self.processes.get(name)):
                    time.sleep(0.05)
        pid_file.unlink()
        self.processes.pop(name, None)


def _started_here(pid: int, root: Path) -> bool:
    """Whether ``pid`` is still a process this tool started (its working directory is
    inside ``root``): a pid file outlives its process, and the number may be reused."""
    try:
        return Path(os.readlink(f"/proc/{pid}/cwd")).is_relative_to(root.resolve())
    except OSError:
        return False


def _alive(pid: int, process: subprocess.Popen | None) -> bool:
    if process is not None:  # our own child: reap it, or it lingers as a zombie
        return process.poll() is None
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ", 1)[1][0] != "Z"
    except OSError:
        return False


def _children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid``."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with suppress(OSError):
            fields = stat.read_text().rsplit(") ", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(stat.parent.name))
    return found


def _wait_for_port(port: int, what: str, log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{what} did not start (its log: {log})") from None
            time.sleep(0.1)


def _wait_for_ready(url: str, what: str, log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not become ready (its log: {log})")
        time.sleep(0.2)


def main(argv: list[str]) -> int:
    topology = Topology.from_environment()
    if argv[1:] == ["stop"]:
        topology.stop()
        print("The topology is stopped.")
        return 0
    if argv[1:] == ["deploy-rolling"]:
        topology.port = topology.state()["nginx_port"]
        topology.workers = topology.state()["workers"]
        topology.deploy_rolling()
        print(f"Deployed, one node at a time, on {topology.url}.")
        return 0
    try:
        topology.start()
    except BaseException:
        topology.stop()
        raise
    print(
        f"Serving the production topology on {topology.url} (nginx, gunicorn "
        f"{' and '.join(NODES)}, PostgreSQL {topology.database}, Redis "
        f"{topology.redis_url}, S3 on port {topology.state()['ports']['s3']}); logs in "
        f"{topology.log('x').parent.relative_to(ROOT)}/; stop it with make topology-stop."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
