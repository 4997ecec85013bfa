"""A writer for the kill -9 test: scores the open game as fast as it can, like an app window
(load, fill the first empty cell of the round being played, save; when another writer got
there first, load again), and prints one line per score the store confirmed:
``GAME ROUND PLAYER POINTS``. Run: ``python store_writer.py DB WRITER_NUMBER``."""

from __future__ import annotations

import sys

from scorer.rules import RuleSet
from scorer.scorecard import Scorecard
from tui.store import Store, StoreConflict

PLAYERS = ("Ann", "Bo", "Cy")


def main(path: str, writer: int) -> None:
    store = Store(path)
    print("open", flush=True)
    count = 0
    while True:
        waiting = store.unfinished_game()
        game = waiting.id if waiting else store.create_game(
            Scorecard.new(PLAYERS, RuleSet()))
        card = store.load(game)
        current = card.current_round()
        if current is None:
            continue
        player = next(p for p in card.players if card.entry(current, p) is None)
        count += 1
        points = writer * 100 + count % 97
        try:
            store.save(game, card.with_score(current, player, points),
                       f"{player} {points} in round {current + 1}")
        except StoreConflict:
            continue
        print(game, current, player, points, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
