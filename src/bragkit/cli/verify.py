"""``bragkit verify PROOF.json``: check the fairness proof of a shuffled deal (commit–reveal).

The proof is the JSON document of :class:`bragkit.fairness.FairnessProof` (``format =
"bragkit-fairness/1"``); ``-`` reads it from standard input. A proof that checks out prints one
line on standard output; anything else is one line on standard error and exit status 2, saying
what does not match (the commitment, the seed or the pack) or what is wrong with the file.

>>> from bragkit.fairness import ShuffleCommitment
>>> shuffle = ShuffleCommitment(deal=7, server_seed=bytes(range(32)))
>>> _ = shuffle.publish()
>>> print(check_proof(shuffle.reveal().to_json()))  # doctest: +ELLIPSIS
verified: pack matches commitment 630dcd2966c43366... (deal 7, 0 client seeds, 52 cards)
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bragkit.cli._app import app, fail, one_line, read_input
from bragkit.errors import BragError
from bragkit.fairness import FairnessProof, VerificationError, verify

__all__ = ["check_proof", "verify_command"]


def check_proof(text: str) -> str:
    """The success line for a proof's JSON text; a bad proof raises a
    :class:`~bragkit.errors.BragError` (:class:`~bragkit.errors.NotationError` for a malformed
    document, :class:`~bragkit.fairness.VerificationError` for a mismatch)."""
    proof = FairnessProof.from_json(text)
    pack = verify(proof)
    seeds = len(proof.client_seeds)
    return (
        f"verified: pack matches commitment {proof.commitment.strip().lower()} "
        f"(deal {proof.deal}, {seeds} client seed{'' if seeds == 1 else 's'}, {len(pack)} cards)"
    )


@app.command("verify")
def verify_command(
    proof: Annotated[
        Path,
        typer.Argument(
            help="A fairness proof (JSON, format bragkit-fairness/1); - reads standard input.",
            show_default=False,
            metavar="PROOF.json",
        ),
    ],
) -> None:
    """Check that a shuffled deal's pack follows from the committed seed and the client seeds."""
    text = read_input(proof, what="proof", kind="UTF-8 JSON")
    try:
        line = check_proof(text)
    except VerificationError as error:
        fail(one_line(f"not verified: {error}"))
    except BragError as error:
        fail(one_line(f"{proof}: {error}"))
    typer.echo(line)
