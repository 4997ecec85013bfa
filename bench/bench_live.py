"""Live mode speed: frames per second end to end at 1280x720 with 7 and 30 tiles in view,
the time per stage, the CPU used, and how long a tile put down takes to show settled.

    python bench/bench_live.py [--frames N] [--tiles 7 30] [--json] [--fake-reader]

Each video is rendered first (not timed; ``vision.synth.live_video.grid_plan``): all tiles
but one lie still from the start, the last is put down at frame 20. The loop then runs as
``chickenfoot live`` does (source -> detect -> tracker -> pips for new or moved tiles ->
overlay drawn), the frames served from memory as fast as the loop takes them.

Reported per run: fps (frames / wall time), mean ms per stage (capture, detect, assemble,
pips, track, draw, step = the whole frame), pip reads per frame, CPU used (process CPU time
/ wall time; 2.0 = both cores of a 2-core machine busy), and the put-down latency: frames
and milliseconds of loop time from the first frame the tile is in view (carried in by the
hand) to the frame its value is settled on screen.

Needs the shipped models; without them it prints one line and exits 2. ``--fake-reader``
times the loop with a reader replaying the truth instead (tracking and drawing overhead
only; not a reader benchmark).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorer.tiles import Tile  # noqa: E402
from vision.live.frames import Frame  # noqa: E402
from vision.live.session import LiveSession, draw_view  # noqa: E402
from vision.synth.live_video import (  # noqa: E402
    TruthReader,
    grid_plan,
    render_frames,
    truth_header,
)


class MemorySource:
    name, live = "rendered", False

    def __init__(self, frames, fps: float):
        self.frames = frames
        self.fps = fps
        self.i = 0

    def read(self):
        if self.i >= len(self.frames):
            return None
        frame = Frame(self.frames[self.i], self.i, self.i / self.fps)
        self.i += 1
        return frame

    def close(self):
        pass


def run_once(reader, count: int, frames: int) -> dict:
    plan = grid_plan(count, frames=frames)
    rendered = list(render_frames(plan))
    truth = truth_header(plan)
    truth["frames"] = [t for _, t in rendered]
    if reader == "fake":
        reader = TruthReader(truth, seed=0)
    session = LiveSession(MemorySource([img for img, _ in rendered], plan.fps), reader,
                          plan.set_max)
    draw_ms = 0.0
    settled_at: dict[Tile, int] = {}
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while session.step():
        started = time.perf_counter()
        draw_view(session.frame.image, session)
        draw_ms += (time.perf_counter() - started) * 1000.0
        for tile in session.summary().tiles:
            settled_at.setdefault(tile, session.frame.index)
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0
    n = session.frames
    stages = {k: round(v / n, 2) for k, v in session.stage_totals_ms.items() if k != "reads"}
    stages["draw"] = round(draw_ms / n, 2)
    last = Tile.of(*plan.values[-1])
    # The tile is in view while the hand carries it in, and may settle before it lies
    # still; so latency counts from the first frame it is in view at all.
    appear = next(i for i, tiles in enumerate(truth["frames"])
                  if any(Tile.of(*t["values"]) == last for t in tiles))
    latency_frames = settled_at[last] - appear if last in settled_at else None
    per_frame_ms = wall * 1000.0 / n
    final = sorted(session.summary().tiles)
    expected = sorted(Tile.of(*v) for v in plan.values)
    return {
        "tiles": count, "frames": n, "size": "x".join(map(str, plan.size)),
        "fps": round(n / wall, 2),
        "ms_per_stage": stages,
        "pip_reads_per_frame": round(session.stage_totals_ms.get("reads", 0.0) / n, 2),
        "cpu_used": round(cpu / wall, 2),
        "put_down_latency_frames": latency_frames,
        "put_down_latency_ms": None if latency_frames is None
        else round(latency_frames * per_frame_ms, 1),
        "all_tiles_settled_right": final == expected,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--tiles", type=int, nargs="+", default=[7, 30])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--fake-reader", action="store_true",
                        help="replay the truth instead of the models (loop overhead only)")
    args = parser.parse_args(argv)
    if args.fake_reader:
        reader = "fake"
    else:
        try:
            from vision.reader.tile_reader import load_default_reader

            reader = load_default_reader()
        except Exception as error:  # missing or broken model: one line
            text = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
            print(f"bench_live: cannot load the tile reader: {text}", file=sys.stderr)
            return 2
    results = [run_once(reader, count, args.frames) for count in args.tiles]
    for result in results:
        if args.json:
            print(json.dumps(result))
            continue
        stages = "  ".join(f"{k} {v:.1f}" for k, v in result["ms_per_stage"].items())
        print(f"{result['tiles']:>2} tiles {result['size']}: {result['fps']:.1f} fps, "
              f"CPU {result['cpu_used']:.2f} cores, {result['pip_reads_per_frame']} pip reads/"
              f"frame, in view -> settled {result['put_down_latency_frames']} frames "
              f"({result['put_down_latency_ms']} ms), final reading "
              f"{'right' if result['all_tiles_settled_right'] else 'WRONG'}")
        print(f"   ms/frame: {stages}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
