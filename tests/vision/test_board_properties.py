"""Properties of board reading over random rendered layouts (hypothesis): given a perfect
reading of every tile, the board read is the board laid, and any tile of it judged in
dispute gets the verdict the rules give it on the true board."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.dispute import judge_dispute
from scorer.rules import RuleSet
from tui.board_words import problem_lines
from vision.board import judge_tile, read_tableau
from vision.synth.reader_noise import truth_readings
from vision.synth.tableau_scenes import frame_for, lay_out, make_scene, scene_tiles

RULES = st.builds(RuleSet, set_max=st.sampled_from([9, 12]),
                  spinner_arms=st.sampled_from([4, 6]))
KINDS = st.sampled_from(["board", "legal", "arms-first", "foot-open", "no-match"])


def perfect_reading(seed: int, size: int, rules: RuleSet, kind: str):
    rng = random.Random(seed)
    scene = make_scene(rng, size, rules, kind)
    laid = lay_out(scene, rng)
    tiles = truth_readings(scene_tiles(laid, frame_for(len(laid)),
                                       np.random.default_rng(seed)))
    return scene, tiles


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), size=st.integers(3, 14), rules=RULES, kind=KINDS)
def test_a_perfect_reading_reads_back_to_the_board_laid(seed, size, rules, kind):
    scene, tiles = perfect_reading(seed, size, rules, kind)
    reading = read_tableau(tiles, rules.set_max)
    assert reading.built, problem_lines(reading)
    assert reading.board == scene.board  # as laid, a misplayed tile included
    if scene.disputed is not None:
        (result, _), = judge_tile(reading, scene.disputed.tile, rules).readings
        truth = judge_dispute(scene.board, scene.disputed.tile, rules)
        assert result.verdict.legal == truth.verdict.legal == scene.verdict().legal
