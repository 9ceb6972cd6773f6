#!/usr/bin/env bash
# Known vulnerabilities in the pinned dependencies (docs/security.md "Dependency audit"):
# the Python runtime lock with pip-audit, the npm packages the site ships with npm audit.
# Findings fail the run. A missing pip-audit, or an advisory service that cannot be
# reached, is said plainly and skipped: the audit must not break a build offline.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0

echo "-- Python: requirements.lock"
if [ ! -x .venv/bin/pip-audit ]; then
    echo "SKIPPED: pip-audit is not installed (it is not in requirements-dev.txt)."
elif ! curl -fsS --max-time 10 -o /dev/null https://pypi.org/pypi/pip/json; then
    echo "SKIPPED: PyPI's vulnerability data (pip-audit's service) is unreachable."
else
    # The lock pins every package with its hash: audited as written, nothing resolved.
    # pip-audit passes a package it could not look up, so the report is read here.
    python_report=$(mktemp)
    .venv/bin/pip-audit --requirement requirements.lock --require-hashes --disable-pip \
        --progress-spinner off --format json --output "$python_report" 2>/dev/null
    .venv/bin/python - "$python_report" <<'PY' || status=1
import json, sys

try:
    packages = json.load(open(sys.argv[1]))["dependencies"]
except (OSError, ValueError, KeyError):
    print("SKIPPED: pip-audit could not reach its vulnerability service.")
    sys.exit(0)
skipped = [p["name"] for p in packages if p.get("skip_reason")]
found = [(p["name"], p["version"], v["id"]) for p in packages for v in p.get("vulns", [])]
for name, version, advisory in found:
    print(f"VULNERABLE: {name} {version}: {advisory}")
if skipped and len(skipped) == len(packages):
    print("SKIPPED: the vulnerability service answered for no package (unreachable?).")
elif skipped:
    print(f"Not audited (unknown to the service): {', '.join(skipped)}")
if not found and len(skipped) < len(packages):
    print(f"No known vulnerability in {len(packages) - len(skipped)} packages.")
sys.exit(1 if found else 0)
PY
    rm -f "$python_report"
fi

echo "-- npm: package-lock.json, without development packages"
report=$(mktemp)
trap 'rm -f "$report"' EXIT
npm audit --omit=dev --audit-level=high --json >"$report" 2>/dev/null
npm_status=$?
if node -e 'process.exit("error" in JSON.parse(require("fs").readFileSync(process.argv[1])) ? 0 : 1)' "$report" 2>/dev/null \
    || [ ! -s "$report" ]; then
    echo "SKIPPED: the npm advisory service is unreachable or refused the audit."
elif [ "$npm_status" -ne 0 ]; then
    npm audit --omit=dev --audit-level=high
    status=1
else
    echo "No known vulnerability at level high or above."
fi
exit "$status"
