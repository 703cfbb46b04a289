"""`python -m engine`: list, simulate, replay and bench, as DESIGN.md ("Command line") describes."""
import json
import subprocess
import sys
from pathlib import Path

from engine.core.session import Session

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_list_names_every_game():
    out = run("list")
    assert out.returncode == 0
    assert out.stdout.splitlines()[0].split("\t")[:2] == ["aadu_huli", "Aadu-Huli aata"]


def test_simulate_prints_a_json_summary_as_its_last_line(tmp_path):
    out = run("simulate", "aadu_huli", "--games", "3", "--seed", "5", "--bot", "1",
              "--option", "goats=12", "--save-dir", str(tmp_path))
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["game"] == "aadu_huli" and summary["games"] == 3
    assert summary["finished"] == 3 and summary["errors"] == 0
    for key in ("actions_mean", "save_chars_mean", "seconds"):
        assert summary[key] > 0
    saves = sorted(tmp_path.iterdir())
    assert len(saves) == 3
    session = Session.decode(saves[0].read_text())
    assert session.options["goats"] == 12 and session.result() is not None
    # replay takes the file, the link and the bare fragment alike
    code = saves[0].read_text().strip()
    for argument in (str(saves[0]), "https://example.org/chaupal/play.html#" + code, code):
        replayed = run("replay", argument)
        assert replayed.returncode == 0, replayed.stderr
        data = json.loads(replayed.stdout)
        assert data["game"] == "aadu_huli" and data["actions"] == len(session.entries)
        assert data["result"]["summary"] == session.result()["summary"]


def test_replay_of_a_bad_save_exits_2_with_one_line():
    for bad in ("https://example.org/play.html#AAAA", "not-a-save-at-all", "#"):
        out = run("replay", bad)
        assert out.returncode == 2
        assert out.stdout == "" and len(out.stderr.strip().splitlines()) == 1
        assert "Traceback" not in out.stderr


def test_unknown_game_or_option_is_a_clear_error():
    assert run("simulate", "chess").returncode == 2
    out = run("simulate", "aadu_huli", "--option", "goats=99")
    assert out.returncode == 2 and "goats" in out.stderr


def test_bench_prints_figures():
    out = run("bench", "aadu_huli", "--games", "3")
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert figures["random_games_per_second"] > 0 and figures["share_link_chars"] > 0
    assert set(figures["bot_seconds_per_action"]) == {"Random", "Easy", "Medium", "Hard"}
