"""The live loop on the rendered sample video: settled readings match the truth and never
flicker; snapshots, the inbox, drawing, a lost source; the split reader reads only what
moved. The reader is faked from the video's truth, except in the last test."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from scorer.tiles import Tile
from vision.live.frames import Frame, SourceError, open_source
from vision.live.session import (
    DetectThenRead,
    LiveError,
    LiveOptions,
    LiveSession,
    check_display,
    draw_view,
    pending_snapshots,
    run_headless,
    run_window,
    take_snapshot,
)
from vision.reader.detections import Detections
from vision.reader.report import from_dict
from vision.synth.live_video import TruthReader, load_truth

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "datasets/samples/live_demo.avi"
TRUTH = load_truth(SAMPLE)
FINAL = sorted(Tile.of(*t["values"]) for t in TRUTH["tiles"])


def _play(seed: int):
    """Run the loop over the sample; per frame, the settled values of every track."""
    source = open_source(str(SAMPLE))
    session = LiveSession(source, TruthReader(TRUTH, seed=seed), set_max=12)
    per_frame = []
    while session.step():
        per_frame.append({t.track_id: t.values for t in session.tiles if t.settled})
    source.close()
    return session, per_frame


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_settled_readings_match_the_truth_and_never_flicker(seed):
    session, per_frame = _play(seed)
    assert len(per_frame) == 80
    assert sorted(session.summary().tiles) == FINAL
    assert session.summary().unsure == 0
    truth_values = {Tile.of(*t["values"]) for t in TRUTH["tiles"]}
    first_value: dict[int, tuple[int, int]] = {}
    for frame, tracks in enumerate(per_frame):
        for track_id, values in tracks.items():
            assert Tile.of(*values) in truth_values, (frame, values)
            assert first_value.setdefault(track_id, values) == values, (frame, track_id)
    # each tile settles within a second (10 frames) of being put down
    for tile in TRUTH["tiles"]:
        down = tile["down_frame"]
        settled_by = per_frame[min(down + 10, 79)]
        assert Tile.of(*tile["values"]) in {Tile.of(*v) for v in settled_by.values()}


def test_headless_prints_one_line_per_change_of_the_reading():
    lines: list[str] = []
    source = open_source(str(SAMPLE))
    session = LiveSession(source, TruthReader(TRUTH, seed=0), set_max=12)
    assert run_headless(session, LiveOptions(), out=lines.append, err=lines.append) == 0
    counts = [int(line.split(": ", 1)[1].split(" ")[0]) for line in lines]
    assert counts == [0, 1, 2, 3, 4]
    assert lines[-1].endswith("4 tiles: 12|0 9|2 6|6 5|3  pips 43  score 43")
    assert lines[1].lstrip().startswith("1.")  # the first tile, about a second in


def test_max_frames_stops_early():
    source = open_source(str(SAMPLE))
    session = LiveSession(source, TruthReader(TRUTH), set_max=12)
    assert run_headless(session, LiveOptions(max_frames=5), out=lambda _: None) == 0
    assert session.frames == 5


class LostSource:
    name, live, fps = "camera 0", True, None

    def __init__(self, frames: int):
        self.left = frames

    def read(self):
        if self.left == 0:
            raise SourceError("camera 0 lost: unplugged or stopped sending; gave up after 5 "
                              "retries")
        self.left -= 1
        return Frame(np.zeros((480, 640, 3), np.uint8), 3 - self.left, 0.0)

    def close(self):
        pass


def test_a_source_lost_mid_way_ends_the_loop_with_a_message():
    errors: list[str] = []
    session = LiveSession(LostSource(3), TruthReader(TRUTH), set_max=12)
    status = run_headless(session, LiveOptions(), out=lambda _: None, err=errors.append)
    assert status == 2 and session.frames == 3
    assert errors == ["chickenfoot live: camera 0 lost: unplugged or stopped sending; gave up "
                      "after 5 retries"]


class StoppedCamera:
    """The sample video as a camera the player stops with Ctrl+C after ``frames``."""

    name, live, fps = "camera 0", True, None

    def __init__(self, frames: int):
        self.video = open_source(str(SAMPLE))
        self.left = frames

    def read(self):
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        return self.video.read()

    def close(self):
        self.video.close()


def test_ctrl_c_on_a_camera_still_snapshots_and_sends_the_last_view(tmp_path, monkeypatch):
    # a camera's loop ends only by Ctrl+C or SIGTERM: --send and --snapshot-on-exit saved
    # nothing, every time
    inbox = tmp_path / "inbox"
    monkeypatch.setenv("CHICKENFOOT_INBOX", str(inbox))
    session = LiveSession(StoppedCamera(70), TruthReader(TRUTH, seed=1), set_max=12)
    options = LiveOptions(snapshot_dir=tmp_path / "shots", send=True, snapshot_on_exit=True)
    said: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        run_headless(session, options, out=lambda _: None, err=said.append)
    (json_path,) = sorted((tmp_path / "shots").glob("live-*.json"))
    assert json.loads(json_path.read_text())["pip_total"] == 43
    assert len(pending_snapshots(inbox)) == 1
    assert said and said[-1].startswith("snapshot: ")
    session.source.close()


def test_the_window_keeps_the_last_view_when_asked_however_it_ends(tmp_path, monkeypatch):
    # --snapshot-on-exit was said to work with the window, and did nothing there
    import cv2

    import vision.live.session as live_session

    keys = iter([-1] * 60 + [ord("q")] + [-1] * 100)  # q, then nothing (Ctrl+C comes)
    monkeypatch.setattr(live_session, "check_display", lambda: None)
    for name, stand_in in (("namedWindow", lambda *a: None), ("imshow", lambda *a: None),
                           ("waitKey", lambda _ms: next(keys)),
                           ("getWindowProperty", lambda *a: 1.0),
                           ("destroyAllWindows", lambda: None)):
        monkeypatch.setattr(cv2, name, stand_in)
    session = LiveSession(open_source(str(SAMPLE)), TruthReader(TRUTH, seed=1), set_max=12)
    options = LiveOptions(snapshot_dir=tmp_path / "q", snapshot_on_exit=True)
    assert run_window(session, options, err=lambda _: None) == 0  # q after 61 frames
    assert len(sorted((tmp_path / "q").glob("live-*.json"))) == 1
    session.source.close()

    session = LiveSession(StoppedCamera(30), TruthReader(TRUTH, seed=1), set_max=12)
    options = LiveOptions(snapshot_dir=tmp_path / "ctrl-c", snapshot_on_exit=True)
    with pytest.raises(KeyboardInterrupt):
        run_window(session, options, err=lambda _: None)
    assert len(sorted((tmp_path / "ctrl-c").glob("live-*.json"))) == 1
    session.source.close()


def test_snapshot_on_exit_writes_the_read_json_and_sends_it_to_the_inbox(tmp_path,
                                                                         monkeypatch):
    inbox = tmp_path / "inbox"
    monkeypatch.setenv("CHICKENFOOT_INBOX", str(inbox))
    source = open_source(str(SAMPLE))
    session = LiveSession(source, TruthReader(TRUTH, seed=1), set_max=12)
    options = LiveOptions(snapshot_dir=tmp_path / "shots", send=True, snapshot_on_exit=True)
    assert run_headless(session, options, out=lambda _: None, err=lambda _: None) == 0
    (json_path,) = sorted((tmp_path / "shots").glob("live-*.json"))
    data = json.loads(json_path.read_text())
    assert set(data) == {"image", "width", "height", "tiles", "pip_total", "score", "problems"}
    assert (data["width"], data["height"]) == (640, 480)
    assert data["pip_total"] == 43 and data["score"] == 43
    assert Path(data["image"]).is_file() and data["image"].endswith(".png")
    assert sorted(Tile.of(*t.pips) for t in from_dict(data).tiles) == FINAL

    (pending,) = pending_snapshots(inbox)
    recognition = take_snapshot(pending)
    assert sorted(Tile.of(*t.pips) for t in recognition.tiles) == FINAL
    assert pending_snapshots(inbox) == []
    assert (inbox / "taken" / pending.name).is_file()
    assert Path(recognition.image).is_file() and Path(recognition.image).parent.name == "taken"


def test_draw_view_outlines_tiles_and_overlay_can_be_hidden():
    session, _ = _play(0)
    image = session.frame.image
    with_tiles = draw_view(image, session, True, "FROZEN")
    without = draw_view(image, session, False)
    assert with_tiles.shape == image.shape
    body = slice(60, None)  # below the text bar
    assert np.abs(with_tiles[body].astype(int) - image[body]).sum() > 0
    assert np.array_equal(without[body], image[body])


def test_no_display_is_said_clearly(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    with pytest.raises(LiveError, match="no display available.*use --no-window"):
        check_display()


class StillDetector:
    """Two tiles as pairs of half boxes; the second is found 40 px to the right once the
    picture shows it there. ``frame`` counts the frames it looked at, from 0."""

    def __init__(self):
        self.frame = -1

    def detect(self, image):
        self.frame += 1
        shift = 40.0 if image.shape[1] > 345 and image[120, 345, 0] < 100 else 0.0
        boxes = [[100, 100, 140, 140], [100, 140, 140, 180],
                 [300 + shift, 100, 340 + shift, 140], [300 + shift, 140, 340 + shift, 180]]
        return Detections(np.array(boxes, np.float32), np.full(4, 0.9, np.float32),
                          np.zeros(4, np.int64))


class CountingPips:
    def __init__(self):
        self.crops = []

    def probabilities(self, crops, set_max=None):
        self.crops.append(len(crops))
        probs = np.full((len(crops), 19), 0.01, np.float32)
        probs[:, 4] = 0.82
        return probs


class SplitReader:
    def __init__(self):
        self.detector = StillDetector()
        self.pip_reader = CountingPips()


def test_the_split_reader_reads_pips_only_for_new_or_moved_tiles():
    reader = SplitReader()

    class Frames:
        name, live, fps = "fake", False, 10.0
        index = 0

        def read(self):
            self.index += 1
            if self.index > 9:
                return None
            image = np.full((240, 480, 3), 200, np.uint8)
            shift = 40 if self.index - 1 >= 5 else 0  # the picture moves as the detector's
            image[100:180, 100:140] = 20
            image[100:180, 300 + shift:340 + shift] = 20
            return Frame(image, self.index - 1, 0.0)

        def close(self):
            pass

    session = LiveSession(Frames(), reader, set_max=12)
    assert isinstance(session.reader, DetectThenRead)
    reads = []
    while session.step():
        reads.append(int(session.timings_ms["reads"]))
    assert reads == [2, 2, 2, 0, 0, 1, 0, 0, 0]  # settled after 3; the moved one at frame 5
    assert sum(reader.pip_reader.crops) == 2 * sum(reads)
    assert session.summary().tiles == (Tile(4, 4), Tile(4, 4))


def test_the_real_reader_settles_the_sample_video_to_its_truth():
    from vision.reader.tile_reader import load_default_reader

    source = open_source(str(SAMPLE))
    session = LiveSession(source, load_default_reader(), set_max=12)
    while session.step():
        pass
    source.close()
    assert sorted(session.summary().tiles) == FINAL


def test_a_frame_in_which_nothing_moved_is_not_searched_for_tiles_again():
    reader = SplitReader()
    live = DetectThenRead(reader)
    noise = np.random.default_rng(3)
    table = np.full((240, 480, 3), 160, np.uint8)
    table[100:180, 100:140] = 20

    def frame(tile_at: int) -> np.ndarray:
        image = table.copy()
        image[100:180, tile_at:tile_at + 40] = 20
        grain = noise.normal(0, 5, image.shape)  # a webcam's noise
        return np.clip(image + grain, 0, 255).astype(np.uint8)

    for tile_at in (300, 300, 300, 302, 302, 340):
        live.observe(frame(tile_at), 12)
    assert reader.detector.frame + 1 == 3  # the first frame, the 2 px nudge, the move


def test_the_pair_judge_is_asked_only_about_pairs_that_moved():
    from types import SimpleNamespace

    from vision.reader.assemble import HalfSlot

    asked: list[int] = []

    def judge(pairs):
        asked.append(len(pairs))
        return np.full(len(pairs), 0.9, np.float32)

    reader = SimpleNamespace(detector=None, pip_reader=None, pairing_for=lambda image: judge)
    live = DetectThenRead(reader)
    frame = np.zeros((10, 10, 3), np.uint8)
    still = (HalfSlot((0, 0, 50, 50), 0.9), HalfSlot((50, 0, 100, 50), 0.9))
    moved = (HalfSlot((200, 0, 250, 50), 0.9), HalfSlot((250, 0, 300, 50), 0.9))
    assert list(live._remembered_pairing(frame)([still])) == pytest.approx([0.9])
    live._remembered_pairing(frame)([still, moved])
    nudged = tuple(HalfSlot((h.box_xyxy[0] + 1, *h.box_xyxy[1:]), 0.9) for h in moved)
    live._remembered_pairing(frame)([still, nudged])
    assert asked == [1, 1]  # the tile lying still and the nudged one were not asked again


def test_a_frame_asking_the_judge_twice_keeps_both_answers_for_the_next():
    from types import SimpleNamespace

    from vision.reader.assemble import HalfSlot

    asked: list[int] = []

    def judge(pairs):
        asked.append(len(pairs))
        return np.full(len(pairs), 0.9, np.float32)

    live = DetectThenRead(SimpleNamespace(detector=None, pip_reader=None,
                                          pairing_for=lambda image: judge))
    frame = np.zeros((10, 10, 3), np.uint8)
    one = (HalfSlot((0, 0, 50, 50), 0.9), HalfSlot((50, 0, 100, 50), 0.9))
    two = (HalfSlot((200, 0, 250, 50), 0.9), HalfSlot((250, 0, 300, 50), 0.9))
    for _ in range(2):  # candidates, then a mirrored half, in each of two frames
        pairing = live._remembered_pairing(frame)
        pairing([one])
        pairing([two])
    assert asked == [1, 1]


def test_an_inbox_variable_of_only_spaces_is_as_unset():
    # snapshots were sent to a folder named " " in the working folder
    from vision.live.session import INBOX_ENV, inbox_dir

    assert inbox_dir({INBOX_ENV: "  "}) == inbox_dir({})
