"""`chickenfoot simulate`: the summary of seeded games between computer players."""

from __future__ import annotations

import argparse

import pytest

from scorer.rules import RuleSet
from tui.commands import simulate


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="chickenfoot simulate")
    simulate.add_arguments(parser)
    code = simulate.run(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_summary(capsys) -> None:
    code, out, err = run(["--players", "3", "--games", "4", "--seed", "1"], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "3 players, 4 games, seed 1, strategy mixed, double-9"
    assert [line.split()[:2] for line in lines[2:5]] == [["player", "1"], ["player", "2"],
                                                          ["player", "3"]]
    assert "rounds played: 40" in lines[-1] and "rounds blocked" in lines[-1]


def test_seeded_and_wins_add_up() -> None:
    a = simulate.summarize(RuleSet(), 4, 5, 9, "greedy")
    b = simulate.summarize(RuleSet(), 4, 5, 9, "greedy")
    assert a == b
    assert sum(a.wins) == pytest.approx(5)
    assert a.rounds_played == 50 and 0 <= a.rounds_blocked <= 50


def test_a_game_stopped_before_its_target_has_no_winner(capsys, monkeypatch) -> None:
    # a target no game reaches within the round cap: a "win" was counted all the same
    import scorer.simulate

    monkeypatch.setattr(scorer.simulate, "MAX_ROUNDS", 30)
    monkeypatch.setattr(simulate, "MAX_ROUNDS", 30)
    code, out, err = run(["--games", "2", "--rule", "round-order=target-total",
                          "--rule", "target-total=100000"], capsys)
    assert code == 0 and err == ""
    assert [line.split()[2] for line in out.splitlines()[2:6]] == ["0"] * 4  # wins
    assert out.splitlines()[-1] == ("games stopped unfinished after 30 rounds, nobody at the "
                                    "target: 2 (no winner counted)")


@pytest.mark.parametrize("strategy", ["random", "greedy", "mixed"])
def test_strategies_and_rules(strategy: str, capsys) -> None:
    code, out, _ = run(["--players", "2", "--games", "1", "--strategy", strategy, "--set", "6",
                        "--rule", "drawn-tile=draw-until-playable"], capsys)
    assert code == 0 and "double-6" in out and "rounds played: 7" in out


@pytest.mark.parametrize(("argv", "names"), [
    (["--players", "1"], "--players"),
    (["--games", "0"], "--games"),
    (["--rule", "hand-size=lots"], "hand-size"),
])
def test_bad_input(argv: list[str], names: str, capsys) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and names in err and err.count("\n") == 1


def test_a_long_run_says_how_far_it_is_and_a_short_one_nothing():
    # a million games ran for hours without a word, as if hung
    from tui.commands.simulate import ProgressEvery

    now = [0.0]
    said: list[str] = []
    progress = ProgressEvery(10.0, said.append, clock=lambda: now[0])
    for done in range(1, 4):
        now[0] += 4.0  # 4 s a game: a word after the third game, at 12 s
        progress(done, 1_000_000)
    assert said == ["chickenfoot simulate: 3 of 1,000,000 games played (Ctrl+C stops)"]
    quick = ProgressEvery(10.0, said.append, clock=lambda: 1.0)
    quick(1, 10)
    assert len(said) == 1
