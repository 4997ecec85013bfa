"""VisionRecognizer hands its models folder to the reader and finds the default lazily."""

from __future__ import annotations

import json

import pytest

from tui.recognizer import VisionRecognizer


def test_read_path_reads_with_the_recognizers_own_models(tmp_path, monkeypatch):
    models = tmp_path / "models"
    models.mkdir()
    (models / "detector.onnx").write_bytes(b"x")
    photo = tmp_path / "hand.jpg"
    photo.write_bytes(b"x")
    calls = []
    import vision.reader

    monkeypatch.setattr(vision.reader, "read_image_file", lambda path, set_max=None, **options:
                        calls.append((path, set_max, options)) or "read")
    assert VisionRecognizer(models_dir=models).read_path(str(photo), 12) == "read"
    assert calls == [(str(photo), 12, {"models_dir": models})]


def test_the_default_models_folder_is_the_readers(monkeypatch):
    import vision.reader

    monkeypatch.setattr(vision.reader, "MODELS_DIR", "the reader's models")
    recognizer = VisionRecognizer()  # nothing of the reader is needed to build one
    assert recognizer.models_dir == "the reader's models"


def test_a_recognition_with_numpy_numbers_is_kept_as_json():
    import numpy as np

    from tui.recognizer import recognition_to_data
    from vision.types import HalfReading, Recognition, TileReading

    half = HalfReading((np.float32(4.0), 5.0), pips=np.int64(3), confidence=np.float32(0.9))
    reading = TileReading(corners_px=((np.float32(1.5), 2.0),) * 4, halves=(half, half),
                          confidence=np.float32(0.8))
    data = recognition_to_data(Recognition("hand.jpg", 640, 480, (reading,)))
    text = json.dumps(data, sort_keys=True)
    assert json.loads(text)["tiles"][0]["corners_px"][0] == [1.5, 2.0]


def test_a_missing_camera_is_one_clear_line_not_a_wait():
    from tui.recognizer import CameraUnavailable

    with pytest.raises(CameraUnavailable, match="Camera 57: no camera at index 57") as caught:
        VisionRecognizer().read_camera(57)
    assert "\n" not in str(caught.value) and "type the points" in str(caught.value)


def test_a_long_missing_path_is_said_short(tmp_path):
    # the whole 5,000-character path filled the progress line and a toast
    from tui.recognizer import VisionRecognizer

    long_path = "/tmp/" + "abcdefghi/" * 500 + "z.jpg"
    with pytest.raises(FileNotFoundError) as caught:
        VisionRecognizer(models_dir=tmp_path).read_path(long_path)
    assert len(str(caught.value)) < 200 and str(caught.value).endswith("z.jpg")


@pytest.mark.parametrize("typed, meant", [
    (r"/photos/My\ Hand\ \(1\).jpg", "/photos/My Hand (1).jpg"),   # dropped in a shell
    (r"/photos/Bo\'s\ \&\ Cy\[2\].png", "/photos/Bo's & Cy[2].png"),
    (r"/photos/back\\slash.jpg", "/photos/back\\slash.jpg"),
    ("'/photos/My Hand (1).jpg'", "/photos/My Hand (1).jpg"),     # quoted: as it is
    (r"'/photos/a\ b.jpg'", r"/photos/a\ b.jpg"),
    ("file:///photos/My%20Hand.jpg", "/photos/My Hand.jpg"),
    (r"/photos/plain\d.jpg", r"/photos/plain\d.jpg"),  # not an escape a shell makes
    ("'/photos/Bo'\\''s hand.jpg'", "/photos/Bo's hand.jpg"),  # a quote in single quotes
    ('"/photos/My Hand".jpg', "/photos/My Hand.jpg"),
    ("/photos/Bo's hand.jpg", "/photos/Bo's hand.jpg"),  # typed plain
    ('"C:\\Users\\Bo\\hand.jpg"', "C:\\Users\\Bo\\hand.jpg"),
])
def test_a_path_pasted_as_a_shell_writes_it_is_the_file_meant(typed, meant):
    from tui.recognizer import clean_path

    assert clean_path(typed) == meant


def test_a_folder_given_as_the_photo_is_named_a_folder(tmp_path):
    (tmp_path / "detector.onnx").write_bytes(b"x")
    with pytest.raises(FileNotFoundError, match="is a folder, not a photo: give the path"):
        VisionRecognizer(models_dir=tmp_path).read_path(str(tmp_path))


def test_a_reader_failure_names_a_long_path_short(tmp_path, monkeypatch):
    import vision.reader

    (tmp_path / "detector.onnx").write_bytes(b"x")
    folder = tmp_path / ("d" * 200)
    folder.mkdir()
    photo = folder / "hand.jpg"
    photo.write_bytes(b"x")

    def fails(*_args, **_options):
        raise ValueError("x" * 5000)

    monkeypatch.setattr(vision.reader, "read_image_file", fails)
    from tui.recognizer import RecognizerUnavailable

    with pytest.raises(RecognizerUnavailable) as caught:
        VisionRecognizer(models_dir=tmp_path).read_path(str(photo))
    said = str(caught.value)
    assert len(said) < 400 and "hand.jpg" in said, said
