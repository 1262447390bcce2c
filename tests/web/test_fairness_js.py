"""The page's own fairness check (``static/fairness.js``) agrees with ``bragkit.fairness``: it
accepts the proofs the server makes and refuses tampered ones. Run with Node's WebCrypto."""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import replace

import pytest

from bragkit.fairness import FairnessProof, ShuffleCommitment
from bragkit.web.app import STATIC

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js to run the page's script")

RUNNER = """
globalThis.window = globalThis;
require(process.argv[process.argv.length - 1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
(async () => {
  const out = [];
  for (const [proof, expected, mine] of cases) {
    out.push(await window.BragFairness.verify(proof, expected, mine));
  }
  console.log(JSON.stringify(out));
})();
"""


def proof(seeds: tuple[str, ...] = ("ann", "bob"), jokers: int = 0) -> FairnessProof:
    shuffle = ShuffleCommitment(deal=3, server_seed=bytes(range(32)), jokers=jokers)
    shuffle.publish()
    for seed in seeds:
        shuffle.add_client_seed(seed)
    return shuffle.reveal()


def check(cases: list[tuple[FairnessProof | dict, str | None, str | None]]) -> list[dict]:
    data = [(p.to_dict() if isinstance(p, FairnessProof) else p, e, m) for p, e, m in cases]
    script = STATIC / "fairness.js"
    answer = subprocess.run([NODE, "-e", RUNNER, "--", str(script)], input=json.dumps(data),
                            capture_output=True, text=True, timeout=60, check=True)
    return list(json.loads(answer.stdout))


def test_the_page_accepts_the_servers_proofs() -> None:
    good = proof()
    results = check([(good, good.commitment, "ann"), (proof(()), None, None),
                     (proof(("Zoë ♥",), jokers=2), None, None)])
    assert [r["ok"] for r in results] == [True, True, True]
    assert "your seed included" in results[0]["message"]


def test_the_page_refuses_tampered_proofs() -> None:
    good = proof()
    cards = good.pack
    swapped = replace(good, pack=(cards[1], cards[0], *cards[2:]))
    other_seeds = replace(good, client_seeds=("ann", "eve"))
    wrong_seed = good.to_dict() | {"server_seed": "00" * 32}
    results = check([(swapped, None, None), (other_seeds, None, None), (wrong_seed, None, None),
                     (good, "ab" * 32, None)])
    assert [r["ok"] for r in results] == [False, False, False, False]
    assert "another pack" in results[0]["message"]
    assert "commitment" in results[2]["message"] and "before the deal" in results[3]["message"]
