"""Scorecard: totals, standings, tie-breaks in words, round headers, storage round trip."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.rules import RoundOrder, RuleSet, TieBreak
from scorer.scorecard import Entry, Method, Scorecard
from scorer.tiles import Tile

RULES = RuleSet()


def play(card: Scorecard, rows: list[list[int]]) -> Scorecard:
    """The rows as scored; the first 0 of a row went out (one player a round does)."""
    for r, row in enumerate(rows):
        for seat, (player, points) in enumerate(zip(card.players, row, strict=True)):
            card = card.with_score(r, player, points,
                                   went_out=points == 0 and row.index(0) == seat)
    return card


def test_new_card_has_one_round_per_double_headed_high_to_low():
    card = Scorecard.new(("Ann", "Bo"), RULES)
    assert card.round_headers() == tuple(f"{d}-{d}" for d in range(9, -1, -1))
    assert card.rounds_left() == 10
    assert not card.is_finished
    assert card.current_round() == 0


def test_down_then_up_has_nineteen_rounds_and_double_12_has_thirteen():
    up = Scorecard.new(("A", "B"), RuleSet(round_order=RoundOrder.DOWN_THEN_UP))
    assert len(up.rounds) == 19 and up.round_header(10) == "1-1"
    assert up.round_header(18) == "9-9"
    assert len(Scorecard.new(("A", "B"), RuleSet(set_max=12)).rounds) == 13


@pytest.mark.parametrize("players, message", [
    (("Ann",), "at least 2"),
    (("Ann", "ann"), "share the name"),
    (("Ann", " "), "needs a name"),
    (tuple(f"P{i}" for i in range(13)), "at most"),
    (("Ann", "Ann\u200b"), "share the name Ann"),  # a zero-width space after it
    (("Ann", "\uff21nn"), "share the name Ann .written as \uff21nn too"),  # full-width A
    (("Ann", "\u200b"), "needs a name"),
    (("Ann", "\u3164\u3164"), "needs a name"),  # Hangul fillers: blank on the card
    (("Bo", "Bo\u2800"), "share the name Bo"),  # a blank Braille pattern after it
    (("Ann", "Bo\x1b[2J"), "player 2's name holds a control character"),
    (("Ann", "Bo\tCy"), "control character"),
    (("Ann", "B" * 25), "at most 24 characters .player 2's has 25"),
])
def test_bad_player_lists_are_refused(players, message):
    with pytest.raises(ValueError, match=message):
        Scorecard.new(players, RULES)


def test_names_of_every_script_and_up_to_24_characters_are_names():
    names = ("José", "Zoë", "李小龍", "Ольга", "A" * 24, "👨\u200d👩\u200d👧")
    assert Scorecard.new(names, RULES).players == names


def test_totals_zero_rounds_running_totals_and_shared_ranks():
    card = Scorecard.new(("Ann", "Bo", "Cy"), RULES)
    card = play(card, [[0, 10, 5], [7, 0, 2]])
    assert card.totals() == {"Ann": 7, "Bo": 10, "Cy": 7}
    assert card.zero_rounds() == {"Ann": 1, "Bo": 1, "Cy": 0}
    assert card.running_totals()["Bo"][:3] == (10, 10, None)
    assert [(s.rank, s.player) for s in card.standings()] == [(1, "Ann"), (1, "Cy"), (3, "Bo")]
    assert card.leader() == (("Ann", "Cy"), 0)
    assert card.rounds_left() == 8 and card.rounds_played() == 2


def test_leader_margin_and_interim_result():
    card = play(Scorecard.new(("Ann", "Bo"), RULES), [[3, 15]])
    assert card.leader() == (("Ann",), 12)
    result = card.result()
    assert result.winners == ("Ann",) and not result.finished
    assert "leads with 3, 12 ahead of Bo" in result.reason


def test_clear_winner_after_all_rounds():
    card = play(Scorecard.new(("Ann", "Bo"), RULES), [[1, 2]] * 10)
    assert card.is_finished and card.current_round() is None and card.rounds_left() == 0
    assert card.result().winners == ("Ann",)
    assert card.result().reason == "Ann wins with 10, 10 ahead of Bo"


def test_tie_broken_by_zero_rounds_in_words():
    # Ann: 0,0,0 then 29 x1 ...; Bo: 0,0 then spread. Both end on 87.
    rows = [[0, 0], [0, 0], [0, 10], [10, 10], [10, 10], [10, 10], [10, 10], [10, 10],
            [10, 10], [27, 17]]
    card = play(Scorecard.new(("Ann", "Bo"), RULES), rows)
    assert card.totals() == {"Ann": 87, "Bo": 87}
    result = card.result()
    assert result.winners == ("Ann",)
    assert result.reason == "Ann and Bo tied on 87; Ann wins with 3 zero rounds to 2"


def test_tie_broken_by_lowest_nonzero_round_then_shared():
    rows = [[0, 0], [3, 5], [7, 5]] + [[0, 0]] * 7
    card = play(Scorecard.new(("Ann", "Bo"), RULES), rows)
    result = card.result()
    assert result.winners == ("Ann",)
    assert result.reason == ("Ann and Bo tied on 10, 8 zero rounds each; Ann wins with a "
                             "lowest round of 3 to 5")
    shared = play(Scorecard.new(("Ann", "Bo"), RULES), [[4, 4]] * 10)
    assert shared.result().winners == ("Ann", "Bo")
    assert "share the win" in shared.result().reason


def test_shared_tie_break_house_rule_skips_the_tie_breaks():
    rules = RuleSet(tie_break=TieBreak.SHARED)
    rows = [[0, 0], [0, 0], [0, 10], [10, 10], [10, 10], [10, 10], [10, 10], [10, 10],
            [10, 10], [27, 17]]
    card = play(Scorecard.new(("Ann", "Bo"), rules), rows)
    assert card.result().winners == ("Ann", "Bo")
    assert "house rule" in card.result().reason


def test_three_way_tie_reason_lists_the_others():
    rows = [[0, 0, 5], [0, 5, 0], [0, 0, 0], [5, 0, 0]] + [[0, 0, 0]] * 6
    card = play(Scorecard.new(("Ann", "Bo", "Cy"), RULES), rows)
    assert card.totals() == {"Ann": 5, "Bo": 5, "Cy": 5}
    # all have 9 zero rounds, lowest non-zero 5 each
    result = card.result()
    assert result.winners == ("Ann", "Bo", "Cy")
    assert result.reason.startswith("Ann, Bo and Cy tied on 5")


def test_target_total_game_grows_rounds_and_ends_when_someone_reaches_it():
    rules = RuleSet(round_order=RoundOrder.TARGET_TOTAL, target_total=50)
    card = Scorecard.new(("Ann", "Bo"), rules)
    assert len(card.rounds) == 1 and card.rounds_left() is None
    with pytest.raises(ValueError, match="finish the current round"):
        card.with_score(1, "Ann", 3)
    card = play(card, [[10, 30]])
    assert card.current_round() == 1
    card = card.with_score(1, "Ann", 5).with_score(1, "Bo", 25)
    assert card.is_finished and card.loser_reached_target() == "Bo"
    assert card.result().winners == ("Ann",)
    with pytest.raises(ValueError, match="game is over"):
        card.with_score(2, "Ann", 1)
    # 10 rounds down wrap around: round 11 is headed 9-9 again
    assert card.round_header(10) == "9-9"


def test_went_out_scores_zero_and_rejects_points():
    card = Scorecard.new(("Ann", "Bo"), RULES).with_score(0, "Ann", 0, went_out=True)
    assert card.entry(0, "Ann").went_out
    with pytest.raises(ValueError):
        card.with_score(0, "Bo", 7, went_out=True)
    with pytest.raises(ValueError, match="no player"):
        card.with_score(0, "Zed", 1)
    with pytest.raises(ValueError, match="no round"):
        card.with_score(10, "Ann", 1)


def test_edit_and_delete_round():
    card = play(Scorecard.new(("Ann", "Bo"), RULES), [[5, 6], [1, 2]])
    card = card.with_score(0, "Ann", 50)
    assert card.totals()["Ann"] == 51
    card = card.without_round(0)
    assert card.totals() == {"Ann": 1, "Bo": 2} and card.current_round() == 0
    assert card.without_score(1, "Bo").entry(1, "Bo") is None


def test_entries_keep_method_tiles_and_raw_reading_through_storage():
    raw = {"image": "hand.jpg", "tiles": [{"pips": [0, 0], "confidence": 0.41}]}
    import json
    entry = Entry(50, method=Method.CAPTURE, tiles=(Tile(0, 0),),
                  raw_json=json.dumps(raw, sort_keys=True))
    card = Scorecard.new(("Ann", "Bo"), RULES).with_entry(0, "Ann", entry)
    back = Scorecard.from_dict(json.loads(json.dumps(card.to_dict())))
    assert back == card
    assert back.entry(0, "Ann").raw == raw
    assert back.entry(0, "Ann").method is Method.CAPTURE


@given(st.lists(st.lists(st.integers(0, 200), min_size=3, max_size=3), min_size=1,
                max_size=10))
def test_totals_equal_sum_and_standings_are_sorted(rows):
    card = play(Scorecard.new(("A", "B", "C"), RULES), rows)
    assert sum(card.totals().values()) == sum(map(sum, rows))
    table = card.standings()
    assert [s.total for s in table] == sorted(s.total for s in table)
    assert table[0].rank == 1
    assert set(card.result().winners) <= {s.player for s in table if s.rank == 1}


def test_a_score_beyond_what_a_round_can_cost_is_refused():
    card = Scorecard.new(("Ann", "Bo"), RULES)
    most = 495 + 50  # double-9: every pip, the double blank counting 50
    assert card.with_score(0, "Ann", most).entry(0, "Ann").points == most
    with pytest.raises(ValueError, match="at most 545"):
        card.with_score(0, "Ann", most + 1)


def test_a_stored_score_of_thousands_of_digits_is_damage_not_a_crash_later():
    data = Scorecard.new(("Ann", "Bo"), RULES).with_score(0, "Ann", 12).to_dict()
    data["rounds"][0][0]["points"] = int("9" * 4000)
    with pytest.raises(ValueError, match="more than one round can cost"):
        Scorecard.from_dict(data)


def test_one_player_goes_out_in_a_round():
    card = Scorecard.new(("Ann", "Bo", "Cy"), RULES).with_score(0, "Ann", 0, went_out=True)
    with pytest.raises(ValueError, match="Ann and Bo cannot both go out in round 1: a round ends"):
        card.with_score(0, "Bo", 0, went_out=True)
    assert card.with_score(0, "Ann", 0, went_out=True).entry(0, "Ann").went_out  # again
    assert card.with_score(1, "Bo", 0, went_out=True).entry(1, "Bo").went_out


def test_a_hand_cannot_hold_the_opening_double_or_another_hand_s_tile():
    card = Scorecard.new(("Ann", "Bo"), RULES)  # round 1 opens on 9-9
    hand = (Tile(9, 9), Tile(3, 5))
    with pytest.raises(ValueError, match="9-9 opened round 1: it lies in the centre"):
        card.with_entry(0, "Ann", Entry(68, method=Method.TILES, tiles=hand))
    card = card.with_entry(0, "Ann", Entry(8, method=Method.TILES, tiles=(Tile(3, 5),)))
    with pytest.raises(ValueError, match="3-5 is in Ann's hand in round 1: a set has one"):
        card.with_entry(0, "Bo", Entry(12, method=Method.TILES,
                                       tiles=(Tile(0, 4), Tile(3, 5))))
    # Ann's own hand may be entered again, and round 2 is a fresh deal of the same set
    card = card.with_entry(0, "Ann", Entry(9, method=Method.TILES, tiles=(Tile(3, 5), Tile(0, 1))))
    assert card.with_entry(1, "Bo", Entry(8, method=Method.TILES, tiles=(Tile(3, 5),)))
    assert card.with_entry(1, "Bo", Entry(18, method=Method.TILES, tiles=(Tile(9, 9),)))


def test_interim_result_names_a_round_scored_for_some_only():
    card = play(Scorecard.new(("Ann", "Bo", "Cy"), RULES), [[10, 20, 5]])
    card = card.with_score(1, "Ann", 3)
    result = card.result()
    assert not result.finished and result.winners == ("Cy",)
    # over the rounds everyone has scored: Ann's 3 of round 8-8 is not counted yet
    assert result.reason == ("Cy leads with 5, 5 ahead of Ann; "
                             "round 8-8 not scored yet for Bo and Cy")
    first = Scorecard.new(("Ann", "Bo", "Cy"), RULES).with_score(0, "Ann", 5)
    assert first.result().winners == ()
    assert first.result().reason == ("no round fully scored yet; round 9-9 not scored yet "
                                      "for Bo and Cy")
    card = card.with_score(1, "Bo", 0).with_score(1, "Cy", 4)
    assert "not scored yet" not in card.result().reason


# -- house rules changed mid-game ---------------------------------------------------------
def _hand(*tiles: str) -> Entry:
    hand = tuple(Tile.parse(t) for t in tiles)
    from scorer.scoring import score_hand
    return Entry(score_hand(hand, RULES), method=Method.TILES, tiles=hand)


def test_house_rules_changed_mid_game_score_tiles_again_and_keep_typed_scores():
    card = Scorecard.new(("Ann", "Bo", "Cy"), RuleSet(going_out_on_double_penalty=50))
    card = card.with_entry(0, "Ann", _hand("0-0", "3-4"))  # 50 + 7
    card = card.with_score(0, "Bo", 12)
    card = card.with_score(0, "Cy", 50, went_out=True)  # out on a double
    card = card.with_score(1, "Ann", 0, went_out=True)
    assert card.totals() == {"Ann": 57, "Bo": 12, "Cy": 50}

    changed = card.with_rules(RuleSet(double_blank_value=25))
    assert changed.rules == RuleSet(double_blank_value=25)
    assert changed.totals() == {"Ann": 32, "Bo": 12, "Cy": 0}
    assert changed.entry(0, "Ann").tiles == card.entry(0, "Ann").tiles
    assert changed.entry(0, "Cy").went_out and changed.entry(1, "Ann").went_out
    assert len(changed.rounds) == len(card.rounds)
    # and back: the same card as before the change
    assert changed.with_rules(card.rules).totals() == {"Ann": 57, "Bo": 12, "Cy": 0}


def test_a_bigger_or_smaller_set_keeps_the_scored_rounds_or_says_why_not():
    card = play(Scorecard.new(("Ann", "Bo"), RULES), [[0, 30], [12, 0]])
    bigger = card.with_rules(RuleSet(set_max=12))
    assert bigger.round_headers()[:2] == ("12-12", "11-11") and len(bigger.rounds) == 13
    assert bigger.totals() == card.totals()
    smaller = card.with_rules(RuleSet(set_max=6))
    assert len(smaller.rounds) == 7 and smaller.totals() == card.totals()

    late = play(bigger, [[0, 30], [12, 0]] + [[5, 0]] * 9)  # 11 rounds of a double-12 game
    with pytest.raises(ValueError, match="round 11 has scores, and under these rules the "
                                         "game has 10 rounds; clear it first"):
        late.with_rules(RULES)
    twelve = Scorecard.new(("Ann", "Bo"), RuleSet(set_max=12)).with_entry(
        0, "Bo", _hand("12-3"))
    with pytest.raises(ValueError, match="Bo's hand in round 1 holds 3-12, which a "
                                         "double-9 set does not have"):
        twelve.with_rules(RULES)


def test_a_ladder_game_becomes_a_target_total_game_and_back():
    card = play(Scorecard.new(("Ann", "Bo"), RULES), [[0, 30], [12, 0], [0, 40]])
    target = card.with_rules(RuleSet(round_order=RoundOrder.TARGET_TOTAL, target_total=60))
    assert len(target.rounds) == 3 and target.is_finished  # Bo has 70 of 60
    assert target.with_rules(RULES).round_headers() == card.round_headers()
    assert target.with_rules(RULES).totals() == card.totals()
