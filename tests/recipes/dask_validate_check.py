#!/usr/bin/python3
"""ctest recipe.dask_validate: scripts/dask-validate end to end.

Generates two archives with `trickref simulate --out` (Pluck; Call Deuces and
Court Piece), adds a faulty record and blank lines to the first, then runs
the recipe on a LocalCluster of two workers, once reading shards from the
archives and once shipping them through the scheduler, with shards of two
sizes. Its concatenated results must be byte for byte those of one
`trickref validate --format jsonl` run, and its standings (standard output
and exit code) those of `score --results` over that run and of `score` over
the archives. Skipped (exit 77) when /usr/bin/python3 cannot import
distributed.

    dask_validate_check.py TRICKREF SCRIPTS/dask-validate
"""

import os
import subprocess
import sys
import tempfile

SKIP = 77


def run(command, **kw):
    return subprocess.run(command, capture_output=True, check=False, **kw)


def expect(ok, what, detail=b""):
    if not ok:
        print(f"FAIL: {what}")
        if detail:
            sys.stdout.write(detail.decode(errors="replace")[:4000] + "\n")
        sys.exit(1)
    print(f"ok: {what}")


def main(trickref, recipe):
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("SKIP: /usr/bin/python3 cannot import distributed, so the Dask recipe (scripts/dask-validate) is not "
              "tested; install python3-distributed (scripts/install-deps does)")
        return SKIP
    with tempfile.TemporaryDirectory(prefix="trickref-dask-") as d:
        os.chdir(d)
        made = run([trickref, "simulate", "--rules", "pluck", "--games", "160", "--seed", "11", "--out", "a.jsonl"])
        expect(made.returncode == 0, "simulate writes 160 Pluck games", made.stderr)
        made = run([trickref, "simulate", "--rules", "call-deuces", "--rules", "court-piece", "--games", "20",
                    "--seed", "11", "--out", "b.jsonl"])
        expect(made.returncode == 0, "simulate writes 20 Call Deuces and 20 Court Piece games", made.stderr)
        with open("a.jsonl", "rb") as f:
            lines = f.read().splitlines(keepends=True)
        # A game the referee cannot replay (two players) and blank lines: an
        # error located at its line, and line numbers that are not game numbers.
        lines[72:72] = [b"\n", b'{"game": "pluck", "players": ["Ann", "Bob"], "hands": []}\n', b"\n", b"\n"]
        with open("a.jsonl", "wb") as f:
            f.write(b"".join(lines))
        archives = ["a.jsonl", "b.jsonl"]
        one = run([trickref, "validate", "--format", "jsonl", "--max-diagnostics", "0", *archives])
        expect(one.returncode == 1 and one.stdout.count(b"\n") == 201, "one validate run: 201 results, exit 1",
               one.stderr)
        expect(b'"file":"a.jsonl","line":74,' in one.stdout, "the faulty game is located at line 74 of a.jsonl")
        with open("one.jsonl", "wb") as f:
            f.write(one.stdout)
        for shard_lines, ship, score in ((37, False, ["--format", "json"]),
                                         (53, True, ["--format", "html", "--by", "night"])):
            how = f"shards of {shard_lines} lines{', shipped' if ship else ''}, score {' '.join(score)}"
            mapped = run(["/usr/bin/python3", recipe, "--trickref", trickref, "--workers", "2", "--shard-lines",
                          str(shard_lines), *(["--ship"] if ship else []), "--results", "shards.jsonl", *archives,
                          "--", *score])
            expect(mapped.returncode == 1, f"{how}: the recipe exits 1 (one game has an error)", mapped.stderr)
            with open("shards.jsonl", "rb") as f:
                expect(f.read() == one.stdout, f"{how}: the shards' results are one run's, byte for byte")
            reduced = run([trickref, "score", "--results", "one.jsonl", *score])
            expect(reduced.stdout == mapped.stdout and reduced.returncode == mapped.returncode,
                   f"{how}: the standings are score --results over one run's", mapped.stdout)
            direct = run([trickref, "score", *score, *archives])
            expect(direct.stdout == mapped.stdout and direct.returncode == mapped.returncode,
                   f"{how}: the standings are score over the archives", direct.stdout)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: dask_validate_check.py TRICKREF DASK-VALIDATE", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])))
