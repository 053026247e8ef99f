"""Rerunnable transcript of the agent answerer on a scripted two-hop question, no network.

Drives the real paths with a scripted model (`WIKIQA_MODEL=script:PATH`, pydantic-ai's
FunctionModel replaying the turns in the script): `wikiqa ask -v` as a subprocess, then
`wikiqa serve` as a subprocess on 127.0.0.1 and the raw server-sent events of
`POST /api/ask/stream`, then the token and cost accounting of the run.

    python bench/agent_transcript.py [--script bench/scripts/raycharles_two_hop.json]

The script's model is priced like claude-sonnet-4-6 ($3 / $15 per million tokens) through
WIKIQA_MODEL_PRICES, so the cost line shows the arithmetic; its token counts are
pydantic-ai's size estimate of each request, not a provider's tokenizer.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
PRICES = {"script:*": [3.0, 15.0]}


def _env(script: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        WIKIQA_MODEL=f"script:{script}",
        WIKIQA_MODEL_PRICES=json.dumps(PRICES),
        PYTHONPATH=str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", ""),
    )
    return env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_cli(script: Path, question: str, source: str) -> None:
    print(f"$ WIKIQA_MODEL=script:{script.name} wikiqa ask -v -s {source} {question!r}")
    done = subprocess.run(
        [sys.executable, "-m", "wikiqa.cli.main", "ask", "-v", "-s", source, question],
        env=_env(script),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    print("--- stderr (live events, then usage)")
    print(done.stderr.rstrip())
    print("--- stdout (the answer)")
    print(done.stdout.rstrip())
    print(f"--- exit code {done.returncode}\n")


def run_api(script: Path, question: str, source: str) -> dict[str, object] | None:
    port = _free_port()
    env = _env(script)
    env["WIKIQA_SOURCE"] = source
    server = subprocess.Popen(
        [sys.executable, "-m", "wikiqa.cli.main", "serve", "--port", str(port)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    result: dict[str, object] | None = None
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        body = json.dumps({"question": question})
        print(
            f"$ curl -N -X POST {base}/api/ask/stream -H 'content-type: application/json' -d '{body}'"
        )
        with httpx.stream(
            "POST", f"{base}/api/ask/stream", json={"question": question}, timeout=120
        ) as response:
            event = ""
            for line in response.iter_lines():
                print(line)
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "result":
                    result = json.loads(line[6:])
    finally:
        server.terminate()
        server.wait(timeout=10)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--script", type=Path, default=ROOT / "bench/scripts/raycharles_two_hop.json"
    )
    args = parser.parse_args()
    spec = json.loads(args.script.read_text(encoding="utf-8"))
    question, source = spec["question"], spec["source"]
    zim = (ROOT / source.removeprefix("zim:")).resolve()
    if source.startswith("zim:") and not zim.exists():
        sys.exit(f"{zim} is missing: this transcript needs the shared ZIM file")
    source = f"zim:{zim}"
    run_cli(args.script, question, source)
    result = run_api(args.script, question, source)
    if result is not None:
        usage = result.get("usage") or {}
        assert isinstance(usage, dict)
        print("\n--- accounting (from the streamed result)")
        print(json.dumps(usage, indent=2))
        print(
            f"cost check: {usage['input_tokens']} x $3/M + {usage['output_tokens']} x $15/M = "
            f"${(usage['input_tokens'] * 3 + usage['output_tokens'] * 15) / 1e6:.6f}"
        )


if __name__ == "__main__":
    main()
