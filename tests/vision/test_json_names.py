"""A file name in JSON: strict UTF-8 always, and the exact name kept when it is not."""

from __future__ import annotations

import json
import os

from vision.json_names import name_fields, name_from, readable


def test_a_utf8_name_is_written_alone_as_before():
    assert name_fields("image", "photos/café 1.jpg") == {"image": "photos/café 1.jpg"}


def test_a_latin1_name_is_readable_and_its_bytes_kept():
    name = os.fsdecode(b"cards/caf\xe9.jpg")
    fields = name_fields("image", name)
    line = json.dumps(fields, ensure_ascii=False)
    line.encode("utf-8")  # no lone surrogate left: strict readers take it
    assert fields["image"] == "cards/caf\ufffd.jpg"
    assert name_from(json.loads(line), "image") == name


def test_damaged_bytes_fall_back_to_the_readable_name():
    assert name_from({"image": "a\ufffd.jpg", "image_bytes": "not base64!"}, "image") \
        == "a\ufffd.jpg"
    assert name_from({}, "image") == ""


def test_a_message_quoting_such_a_name_is_made_readable():
    assert readable(os.fsdecode(b"caf\xe9.jpg: no such file")) == "caf\ufffd.jpg: no such file"
    assert readable("plain") == "plain"


def test_any_lone_surrogate_is_made_readable():
    # JSON text may spell out surrogates no file name's byte escapes to (U+D800 ... U+DC7F,
    # U+DD00 ... U+DFFF): a message quoting it must still be strict UTF-8
    for text in ("\ud800-9", "9-\udfff", "\udc00", "a\udce9\ud83d"):
        shown = readable(text)
        shown.encode("utf-8")
        assert shown.replace("\ufffd", "") == text.translate(
            {c: None for c in range(0xD800, 0xE000)})
    assert name_fields("image", "\ud800.jpg") == {"image": "\ufffd.jpg"}
