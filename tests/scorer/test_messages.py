"""Messages stay short: echoed input is clipped, long lists counted, odd characters named."""

from __future__ import annotations

from scorer.messages import clip, clip_name, first_foreign, name_char, summarize


def test_clip_keeps_short_text_and_cuts_long_text_with_its_length() -> None:
    assert clip("9-9") == "9-9"
    assert clip("[" * 100_000) == "[" * 40 + "... (100,000 characters)"


def test_clip_name_keeps_both_ends_of_a_path() -> None:
    name = "/photos/" + "a" * 300 + ".jpg"
    short = clip_name(name)
    assert len(short) <= 120 and short.startswith("/photos/") and short.endswith("a.jpg")


def test_clip_name_shows_control_characters_escaped() -> None:
    assert clip_name("bad\nname.jpg") == "bad\\nname.jpg"
    assert clip_name("red\x1b[31m.jpg") == "red\\x1b[31m.jpg"
    assert clip_name("café ü.jpg") == "café ü.jpg"


def test_clip_name_shows_invisible_characters_escaped() -> None:
    # 'x\u200b.jpg' printed as is reads 'x.jpg'; a right-to-left mark turns the name around
    assert clip_name("x\u200b.jpg") == "x\\u200b.jpg"
    assert clip_name("photo\u202egpj.exe") == "photo\\u202egpj.exe"
    assert clip_name("hand-é.jpg") == "hand-é.jpg"


def test_summarize_names_the_first_three_and_counts_the_rest() -> None:
    assert summarize(["a", "b"]) == "a; b"
    assert summarize([str(i) for i in range(10)]) == "0; 1; 2; and 7 more"


def test_name_char_shows_visible_glyphs_and_names_invisible_ones() -> None:
    assert name_char("\u0663") == "'\u0663' (U+0663 ARABIC-INDIC DIGIT THREE)"
    assert name_char("\ufeff") == "U+FEFF ZERO WIDTH NO-BREAK SPACE"
    assert first_foreign("9-\u0661") == "\u0661" and first_foreign("9-1") is None


def test_clip_name_keeps_the_file_s_own_name_whole_and_cuts_its_folders() -> None:
    own = "1a8d0cd7-039f-4e96-8260-021cf71231e0_jpg.rf.e542475fcbf21ade90847f13fbfd.txt"
    short = clip_name("/tmp/" + "deep/" * 60 + own)
    assert len(short) <= 120 and short.startswith("/tmp/deep/") and short.endswith("/" + own)
    assert clip_name(b"caf\xe9/" * 40 + b"x.jpg").endswith(".../x.jpg")


def test_clip_shows_control_characters_escaped() -> None:
    assert clip("9-9\x1b]0;pwned\x07") == "9-9\\x1b]0;pwned\\x07"
    assert clip("\x1b" * 100).startswith("\\x1b\\x1b") and "(100 characters)" in clip("\x1b" * 100)
