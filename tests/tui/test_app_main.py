"""`chickenfoot` with no command: the --db option and a database it cannot use."""

from __future__ import annotations

import os

import pytest
from tui_fakes import newer_version_database

from tui import app_main
from tui.cli import build_parser

REAL_HAS_TERMINAL = app_main.has_terminal


def test_db_option_is_parsed_at_the_top_level(tmp_path):
    args = build_parser().parse_args(["--db", str(tmp_path / "a.db")])
    assert args.command is None and args.db == str(tmp_path / "a.db")


@pytest.fixture(autouse=True)
def a_terminal(monkeypatch):
    monkeypatch.setattr(app_main, "has_terminal", lambda: True)


def test_a_database_from_a_newer_version_stops_with_one_clear_line(tmp_path, capsys):
    path = newer_version_database(tmp_path / "new.db")
    code = app_main.run_app(build_parser().parse_args(["--db", str(path)]))
    err = capsys.readouterr().err
    assert code == 2 and "newer chickenfoot" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_without_a_terminal_the_app_says_so_and_draws_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(app_main, "has_terminal", REAL_HAS_TERMINAL)
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    monkeypatch.setattr("tui.app.ChickenFootApp.run", lambda self: pytest.fail("app ran"))
    assert app_main.run_app(build_parser().parse_args(["--db", str(tmp_path / "a.db")])) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "needs a terminal" in err


def test_run_app_opens_the_app_on_the_chosen_file(tmp_path, monkeypatch):
    seen = {}

    def fake_run(self):
        seen["path"] = self.store.path
        seen["reader"] = type(self.recognizer).__name__

    monkeypatch.setattr("tui.app.ChickenFootApp.run", fake_run)
    monkeypatch.setenv("CHICKENFOOT_DB", str(tmp_path / "env.db"))
    assert app_main.run_app(build_parser().parse_args([])) == 0
    assert seen == {"path": tmp_path / "env.db", "reader": "VisionRecognizer"}



def test_a_missing_subcommand_module_is_an_error_not_a_missing_command(monkeypatch):
    from tui import cli

    assert set(build_parser()._subparsers._group_actions[0].choices) == set(cli.SUBCOMMANDS)
    monkeypatch.setitem(cli.SUBCOMMANDS, "gone", ("tui.commands.gone", "not there"))
    with pytest.raises(ModuleNotFoundError, match="tui.commands.gone"):
        build_parser()


def test_camera_option_reaches_the_apps_capture(tmp_path, monkeypatch):
    seen = {}
    monkeypatch.setattr("tui.app.ChickenFootApp.run",
                        lambda self: seen.setdefault("camera", self.camera_index))
    args = build_parser().parse_args(["--db", str(tmp_path / "a.db"), "--camera", "2"])
    assert app_main.run_app(args) == 0 and seen == {"camera": 2}
    assert build_parser().parse_args([]).camera == 0
    assert build_parser().parse_args(["live", "--camera", "clip.avi"]).camera == "clip.avi"


@pytest.mark.parametrize("name", ["/dev/zero", "folder"])
def test_a_device_or_a_folder_is_no_scorecard_file(name, tmp_path, capsys):
    path = name if name.startswith("/") else str(tmp_path)
    assert app_main.run_app(build_parser().parse_args(["--db", path])) == 2
    err = capsys.readouterr().err
    assert "is not a file a scorecard can be kept in" in err and err.count("\n") == 1


def test_an_empty_file_that_cannot_be_kept_aside_is_named_as_such(tmp_path, capsys,
                                                                     monkeypatch):
    # as /proc/version: 0 bytes by its size, in a folder where nothing can be renamed
    empty = tmp_path / "games.db"
    empty.write_bytes(b"")
    os.utime(empty, (0, 0))  # emptied long ago, not a file being created now

    def refused(src, dst):
        raise FileNotFoundError(2, "No such file or directory", str(src), None, str(dst))

    monkeypatch.setattr("tui.store_files.os.replace", refused)
    assert app_main.run_app(build_parser().parse_args(["--db", str(empty)])) == 2
    err = capsys.readouterr().err
    assert "looks damaged or empty and could not be kept aside as games.db.corrupt-" in err
    assert err.count("\n") == 1 and empty.exists()


@pytest.mark.parametrize("how", ["--db", "env"])
def test_a_named_file_that_is_no_scorecard_is_refused_and_kept(tmp_path, monkeypatch, capsys,
                                                                how):
    notes = tmp_path / "notes.txt"
    notes.write_text("important notes\n")
    monkeypatch.setattr("tui.app.ChickenFootApp.run", lambda self: pytest.fail("app ran"))
    if how == "env":
        monkeypatch.setenv("CHICKENFOOT_DB", str(notes))
    argv = ["--db", str(notes)] if how == "--db" else []
    assert app_main.run_app(build_parser().parse_args(argv)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a chickenfoot scorecard" in err
    assert notes.read_text() == "important notes\n"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_an_empty_db_option_is_refused(capsys):
    assert app_main.run_app(build_parser().parse_args(["--db", ""])) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--db names no file" in err
