"""A topology of its own for the tests (scripts/topology.py): in a temporary folder, on
free ports, with its own database and key prefix, so a `make topology` left running
is not disturbed."""

import pytest

from scripts.serve import free_port
from scripts.topology import Topology


@pytest.fixture(scope="session")
def topology(tmp_path_factory):
    started = Topology(
        root=tmp_path_factory.mktemp("topology"),
        port=free_port(),
        database="pokeguess_topology_test",
        cache_prefix="pokeguess-topology-test",
    )
    try:
        started.start()
        yield started
    finally:
        started.stop()
