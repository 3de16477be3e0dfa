"""Benchmark of the default word list: first compilation, then loads from the cache.

    python bench/bench_lexicon.py [--runs 7]

Each load runs in a fresh Python process (cold start of the interpreter, warm disk cache)
that imports arbitre.lexicon, loads the default list, touches both graphs and reports its
own wall time and peak memory (ru_maxrss). Reference measured in the same run: a process
that only imports numpy, and one that decompresses the shipped list into a Python set.
Targets (issue 3, item 4): load <= 0.3 s and <= 100 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

LOAD = """
import json, resource, time
t0 = time.perf_counter()
from arbitre.lexicon import Lexicon
from arbitre.lexicon.graph import encode
t_import = time.perf_counter()
lexicon = Lexicon.load()
dawg, gaddag = lexicon.dawg, lexicon.gaddag
ok = dawg.accepts(encode("CHANTASSIONS")) and gaddag.accepts(encode("C")+[26]+encode("HEVAUX"))
t1 = time.perf_counter()
assert ok and "ZLOTYS" in lexicon
print(json.dumps({"seconds": t1 - t0, "load_seconds": t1 - t_import, "maxrss_mb":
    resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "words": len(lexicon)}))
"""

NUMPY_ONLY = """
import json, resource, time
t0 = time.perf_counter()
import numpy
t1 = time.perf_counter()
print(json.dumps({"seconds": t1 - t0, "maxrss_mb": resource.getrusage(
    resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

PLAIN_SET = """
import json, lzma, resource, time
from importlib import resources
t0 = time.perf_counter()
data = resources.files("arbitre.lexicon.data").joinpath("default.txt.xz").read_bytes()
words = set(lzma.decompress(data).decode("ascii").split())
t1 = time.perf_counter()
print(json.dumps({"seconds": t1 - t0, "maxrss_mb": resource.getrusage(
    resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

COMPILE = """
import json, time
from arbitre.lexicon import Lexicon
lexicon = Lexicon.load()
t0 = time.perf_counter(); dawg = lexicon.dawg; t1 = time.perf_counter()
gaddag = lexicon.gaddag; t2 = time.perf_counter()
print(json.dumps({"dawg_s": t1 - t0, "gaddag_s": t2 - t1, "dawg_nodes": dawg.n_nodes,
    "dawg_edges": dawg.n_edges, "gaddag_nodes": gaddag.n_nodes, "gaddag_edges": gaddag.n_edges}))
"""


def child(code: str, env: dict[str, str]) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def medians(code: str, env: dict[str, str], runs: int) -> dict[str, float]:
    samples = [child(code, env) for _ in range(runs)]
    return {key: statistics.median(s[key] for s in samples) for key in samples[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-") as cache:
        env = dict(os.environ, ARBITRE_CACHE_DIR=cache)
        start = time.perf_counter()
        built = child(COMPILE, env)
        total = time.perf_counter() - start
        print(
            f"first compilation: DAWG {built['dawg_s']:.1f} s "
            f"({built['dawg_nodes']:.0f} nodes, {built['dawg_edges']:.0f} edges), "
            f"GADDAG {built['gaddag_s']:.1f} s "
            f"({built['gaddag_nodes']:.0f} nodes, {built['gaddag_edges']:.0f} edges), "
            f"process {total:.1f} s"
        )
        size = sum(
            os.path.getsize(os.path.join(root, name))
            for root, _, names in os.walk(cache)
            for name in names
        )
        print(f"cache on disk: {size / 1e6:.1f} MB")
        load = medians(LOAD, env, args.runs)
        numpy_only = medians(NUMPY_ONLY, env, args.runs)
        plain = medians(PLAIN_SET, env, args.runs)
    load_s, load_mb = load["seconds"], load["maxrss_mb"]
    numpy_s, numpy_mb = numpy_only["seconds"], numpy_only["maxrss_mb"]
    set_s, set_mb = plain["seconds"], plain["maxrss_mb"]
    verdict = "OK" if load["load_seconds"] <= 0.3 and load_mb <= 100 else "OVER TARGET"
    print(f"load from cache (median of {args.runs} fresh processes):")
    print(f"  Lexicon.load() + both graphs: {load['load_seconds'] * 1000:.0f} ms (target 300 ms)")
    print(f"  with 'import arbitre.lexicon' (numpy): {load_s * 1000:.0f} ms")
    print(f"  memory {load_mb:.1f} MB peak RSS of the process (target 100 MB)  {verdict}")
    print("references measured in this run:")
    print(f"  import numpy only:          {numpy_s * 1000:.0f} ms, {numpy_mb:.1f} MB")
    print(f"  xz list into a Python set:  {set_s * 1000:.0f} ms, {set_mb:.1f} MB")
    print(
        f"  ratios: load/set time {load_s / set_s:.2f}, load/set memory {load_mb / set_mb:.2f}, "
        f"load - numpy import {(load_s - numpy_s) * 1000:.0f} ms, "
        f"{load_mb - numpy_mb:.1f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
