"""Video sources that are not whole: a file cut short, a name that is not UTF-8, a stream
that refuses; each ends in one line of our own, and FFmpeg stays quiet."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from vision.live.frames import SourceError, ended_early, open_source, parse_source

DEMO = Path(__file__).resolve().parents[2] / "datasets" / "samples" / "live_demo.avi"


def test_ended_early_allows_an_estimated_count():
    assert not ended_early(80, 80) and not ended_early(79, 80) and not ended_early(3, None)
    assert ended_early(16, 80) and not ended_early(0, 0)


def test_a_video_name_that_is_not_utf8_is_refused_in_one_line(tmp_path):
    name = os.fsdecode(os.path.join(os.fsencode(tmp_path), b"caf\xe9.avi"))
    with open(os.fsencode(name), "wb") as handle:
        handle.write(b"x")
    with pytest.raises(SourceError, match=r"caf\\xe9\.avi: the name is not valid UTF-8"):
        parse_source(name)


def test_a_cut_short_video_says_it_ended_early(tmp_path, capfd):
    cut = tmp_path / "cut.avi"
    cut.write_bytes(DEMO.read_bytes()[:300_000])
    source = open_source(str(cut), stall_s=5.0)
    frames = 0
    with pytest.raises(SourceError, match=r"ended early: \d+ of 80 frames"):
        while source.read() is not None:
            frames += 1
    source.close()
    assert 0 < frames < 80
    assert "@ 0x" not in capfd.readouterr().err


def test_a_video_with_a_damaged_frame_says_how_many_were_lost(tmp_path):
    data = bytearray(DEMO.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 32768] = bytes(32768)  # a lost block: one frame undecodable
    damaged = tmp_path / "damaged.avi"
    damaged.write_bytes(bytes(data))
    said: list[str] = []
    source = open_source(str(damaged), stall_s=5.0, on_message=said.append)
    frames = 0
    while source.read() is not None:
        frames += 1
    source.close()
    assert 75 < frames < 80
    assert said == [f"video damaged.avi: {80 - frames} of its 80 frames could not be read "
                    "(the file looks damaged there)"]


def test_the_whole_demo_video_ends_quietly():
    source = open_source(str(DEMO), stall_s=5.0)
    frames = 0
    while source.read() is not None:
        frames += 1
    source.close()
    assert frames == 80


def test_a_refused_stream_prints_nothing_of_ffmpeg(capfd):
    with pytest.raises(SourceError, match="cannot open stream"):
        open_source("http://127.0.0.1:9/video", stall_s=0.5, open_s=5.0)
    assert "[tcp @" not in capfd.readouterr().err


@pytest.mark.parametrize("keep", [1716, 5000])
def test_a_video_cut_inside_its_header_prints_nothing_of_opencv(tmp_path, capfd, keep):
    cut = tmp_path / "cut.avi"
    cut.write_bytes(DEMO.read_bytes()[:keep])  # OpenCV's AVI parser: "Unexpected element"
    with pytest.raises(SourceError, match=r"cut\.avi"):
        source = open_source(str(cut), stall_s=2.0, open_s=5.0)
        while source.read() is not None:
            pass
    assert capfd.readouterr().err == ""


def test_what_a_backend_prints_while_a_file_opens_stays_off_the_terminal(tmp_path, capfd):
    class Noisy:
        def isOpened(self) -> bool:  # noqa: N802 - OpenCV's name
            os.write(2, b"Unexpected element. Expected: LIST. Got: JUNK.\n")
            return False

        def release(self) -> None:
            pass

    video = tmp_path / "noisy.avi"
    video.write_bytes(b"RIFF")
    with pytest.raises(SourceError, match="cannot open video file"):
        open_source(str(video), open_capture=lambda _target: Noisy(), open_s=5.0)
    assert capfd.readouterr().err == ""


def test_an_empty_video_file_is_said_to_be_empty_not_of_an_unknown_kind(tmp_path):
    empty = tmp_path / "game.avi"
    empty.write_bytes(b"")
    with pytest.raises(SourceError, match=r"game\.avi: the file is empty \(0 bytes\)"):
        open_source(str(empty), stall_s=2.0, open_s=5.0)
