"""`chickenfoot live`: headless on the sample video, snapshots, and every way it refuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import vision.reader
from tui.cli import main
from vision.reader.onnx_session import ModelError

SAMPLE = Path(__file__).resolve().parents[2] / "datasets/samples/live_demo.avi"


@pytest.fixture
def no_reader(monkeypatch):
    def missing():
        raise ModelError("model file models/detector.onnx is missing (reinstall or re-export it)")

    monkeypatch.setattr(vision.reader, "load_default_reader", missing)


def test_headless_on_the_sample_video(truth_reader, capsys):
    assert main(["live", "--camera", str(SAMPLE), "--no-window", "--set", "12"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 5
    assert lines[-1].endswith("4 tiles: 12|0 9|2 6|6 5|3  pips 43  score 43")
    assert "80 frames" in err


def test_output_that_cannot_be_written_is_the_one_line_said(truth_reader, capsys,
                                                           monkeypatch):
    # `live ... >/dev/full` said "1 frames, 0.0 fps" before "cannot write: ..."
    import io
    import sys

    class Full(io.StringIO):
        def write(self, text):
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(sys, "stdout", Full())
    assert main(["live", "--camera", str(SAMPLE), "--no-window", "--max-frames", "3"]) == 2
    assert capsys.readouterr().err == "chickenfoot live: cannot write: No space left on device\n"


@pytest.mark.parametrize("given", [["--host", "0.0.0.0"], ["--port", "9000"]])
def test_the_pages_address_without_a_page_is_refused_not_ignored(given, capsys):
    """--host and --port set the page's address; with --no-window they did nothing."""
    assert main(["live", "--camera", str(SAMPLE), "--no-window", *given]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert f"{given[0]} set the page's address" in err and "give --page" in err


def test_snapshot_on_exit_into_a_folder(truth_reader, tmp_path, capsys):
    shots = tmp_path / "shots"
    assert main(["live", "--camera", str(SAMPLE), "--no-window", "--snapshot-on-exit",
                 "--snapshot-dir", str(shots), "--max-frames", "30"]) == 0
    (json_path,) = shots.glob("live-*.json")
    data = json.loads(json_path.read_text())
    assert [sorted(t["pips"]) for t in data["tiles"]] == [[3, 5], [6, 6]]
    assert "snapshot:" in capsys.readouterr().err


def test_a_snapshot_folder_named_with_a_newline_is_said_on_one_line(truth_reader, tmp_path,
                                                                     capsys):
    shots = tmp_path / "a\nb"
    assert main(["live", "--camera", str(SAMPLE), "--no-window", "--snapshot-on-exit",
                 "--snapshot-dir", str(shots), "--max-frames", "30"]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if "snapshot" in line]
    assert len(said) == 1 and "a\\nb" in said[0] and said[0].count(".png") == 1


def test_a_snapshot_folder_that_cannot_be_made_is_said_before_the_video_runs(
        truth_reader, tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert main(["live", "--camera", str(SAMPLE), "--no-window", "--snapshot-on-exit",
                 "--snapshot-dir", str(blocker / "shots")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "--snapshot-dir" in err


def test_send_without_a_window_sends_the_last_view(truth_reader, tmp_path, monkeypatch,
                                                   capsys):
    # with no window there is no key to send a view, so --send alone must still send one
    inbox = tmp_path / "inbox"
    monkeypatch.setenv("CHICKENFOOT_INBOX", str(inbox))
    assert main(["live", "--camera", str(SAMPLE), "--no-window", "--send",
                 "--snapshot-dir", str(tmp_path / "shots"), "--max-frames", "30"]) == 0
    (sent,) = inbox.glob("live-*.json")
    assert [sorted(t["pips"]) for t in json.loads(sent.read_text())["tiles"]] == [[3, 5], [6, 6]]
    assert "snapshot:" in capsys.readouterr().err


def test_a_video_cut_short_is_one_line(truth_reader, tmp_path, capsys):
    # the frame count that ends a good run is not added under the error
    cut = tmp_path / "cut.avi"
    data = SAMPLE.read_bytes()
    cut.write_bytes(data[:len(data) * 6 // 10])
    assert main(["live", "--camera", str(cut), "--no-window"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "ended early" in err[0], err


def test_a_missing_video_file_is_one_line(truth_reader, capsys):
    assert main(["live", "--camera", "nowhere.avi", "--no-window"]) == 2
    err = capsys.readouterr().err
    assert err == ("chickenfoot live: no video file at nowhere.avi (give a camera index, a "
                   "stream URL or a video file)\n")


def test_a_loop_of_links_as_camera_is_said_as_such(truth_reader, tmp_path, capsys):
    # it was "no video file at loop.avi", though a link lies there
    (tmp_path / "loop.avi").symlink_to(tmp_path / "back.avi")
    (tmp_path / "back.avi").symlink_to(tmp_path / "loop.avi")
    assert main(["live", "--camera", str(tmp_path / "loop.avi"), "--no-window"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("chickenfoot live: cannot open ") and "symbolic links" in err
    assert err.count("\n") == 1


def test_a_negative_camera_index_is_named(truth_reader, capsys):
    assert main(["live", "--camera", "-1", "--no-window"]) == 2
    assert capsys.readouterr().err == ("chickenfoot live: camera -1: cameras are numbered "
                                       "from 0\n")


@pytest.mark.parametrize("index", ["256", "99999999999999999999"])
def test_a_camera_index_past_any_camera_is_named(truth_reader, capsys, index):
    # 99999999999999999999 reached OpenCV, whose own error was echoed
    assert main(["live", "--camera", index, "--no-window"]) == 2
    assert capsys.readouterr().err == (f"chickenfoot live: camera {index}: cameras are "
                                       "numbered from 0 to 255\n")


@pytest.mark.parametrize("index, said", [
    ("-3", "camera -3: cameras are numbered from 0"),
    ("4000", "camera 4000: cameras are numbered from 0 to 255"),
    ("two", "'two' is not a camera index"),
])
def test_the_apps_camera_index_is_checked_before_it_opens(capsys, index, said):
    # the app took any whole number, negative or absurd, and failed only at Ctrl+R
    assert main(["--camera", index]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_a_text_file_as_camera_is_one_line(truth_reader, tmp_path, capsys):
    notes = tmp_path / "notes.jpg"
    notes.write_text("shopping list")
    assert main(["live", "--camera", str(notes), "--no-window"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("chickenfoot live: ") and err.count("\n") == 1
    assert "notes.jpg" in err


def test_window_without_a_display_says_use_the_page_or_no_window(truth_reader, monkeypatch,
                                                                 capsys):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["live", "--camera", str(SAMPLE), "--window"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("chickenfoot live: no display available") and "use --no-window" in err
    assert "--page" in err and err.count("\n") == 1


def test_no_window_support_serves_the_page_instead(truth_reader, monkeypatch, capsys):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["live", "--camera", str(SAMPLE), "--port", "0", "--max-frames", "3"]) == 0
    out = capsys.readouterr().out
    assert "the live view of video live_demo.avi is at http://127.0.0.1:" in out
    assert "starts when the page opens" not in out  # --max-frames: it does not wait


def test_a_video_on_the_page_says_it_waits_for_the_page(truth_reader, monkeypatch, capsys):
    # nothing said why the video did not move until a browser opened the page
    import threading

    from tui.web import live_page

    real_start = live_page.start_live_view

    def started(*args, **kwargs):
        view = real_start(*args, **kwargs)
        threading.Timer(0.5, view.loop.stop.set).start()  # stopped half a second on
        return view

    monkeypatch.setattr(live_page, "start_live_view", started)
    assert main(["live", "--camera", str(SAMPLE), "--port", "0", "--page", "--no-open"]) == 130
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == ("chickenfoot live: the video starts when the page opens (or in "
                        f"{live_page.WAIT_FOR_PAGE_S:g} s)")


def test_missing_models_are_one_line(no_reader, capsys):
    assert main(["live", "--camera", str(SAMPLE), "--no-window"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("chickenfoot live: cannot load the tile reader: model file "
                   "models/detector.onnx is missing (reinstall or re-export it)")


def test_bad_sizes_are_refused(truth_reader, capsys):
    assert main(["live", "--width", "0", "--no-window"]) == 2
    assert "must be positive" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["a-file", "a-file/shots"])
def test_a_snapshot_folder_named_is_checked_before_the_camera_opens(truth_reader, tmp_path,
                                                                    monkeypatch, capsys,
                                                                    where):
    # it was checked only when a snapshot was written: after the camera had run (exit 0
    # here, where no snapshot is taken)
    import vision.live

    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setattr(vision.live, "open_source",
                        lambda *_args, **_kw: pytest.fail("the camera was opened"))
    assert main(["live", "--camera", str(SAMPLE), "--no-window", "--max-frames", "3",
                 "--snapshot-dir", str(tmp_path / where)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("chickenfoot live: --snapshot-dir: cannot make the folder ")
    assert "is a file, not a folder" in err


def test_a_snapshot_folder_still_to_be_made_is_taken(truth_reader, tmp_path, capsys):
    assert main(["live", "--camera", str(SAMPLE), "--no-window", "--max-frames", "3",
                 "--snapshot-dir", str(tmp_path / "new" / "shots")]) == 0
