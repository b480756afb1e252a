#!/usr/bin/env python3
"""Writes the game's songs (critterforge.song/1) into this folder: run it after editing a song here.

Retro console music: short loopable patterns of a bass, a lead, an arpeggio and noise drums on the FM
instruments of engine/audio/song.cpp. Melodies are written in eighth notes (each takes two rows at four
rows a beat); chords are spelled as note lists and arpeggiated in sixteenths. The free-roam songs are at
120 beats a minute, the dance clip's tempo (assets/motions/dance.json: a bob every 0.5 s).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]


def midi(name):
    """'C4' -> 60, 'F#3' -> 54, 'Bb2' -> 46."""
    base = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        base, rest = base + 1, rest[1:]
    elif rest.startswith("b"):
        base, rest = base - 1, rest[1:]
    return 12 * (int(rest) + 1) + base


def name(n):
    return NAMES[n % 12] + str(n // 12 - 1)


def eighths(text):
    """Eighth-note tokens -> sixteenth rows (each note then a rest row)."""
    out = []
    for t in text.split():
        out += [t, "."]
    return out


def sixteenths(text):
    return text.split()


def bar_rows(tokens, rows):
    assert len(tokens) == rows, (len(tokens), rows, tokens)
    return tokens


def arp(chords, rows_per_bar=16, octave_up=12, step=1):
    """Each chord (a list of note names) cycled up in sixteenths for one bar."""
    out = []
    for chord in chords:
        notes = [midi(c) + octave_up for c in chord]
        cycle = notes + [notes[0] + 12]
        for r in range(rows_per_bar):
            out.append(name(cycle[(r // step) % len(cycle)]) if r % step == 0 else ".")
    return out


def bass(roots, style="octave", rows_per_bar=16):
    """A bar of bass per root: 'octave' bounces root/octave in eighths, 'drive' repeats the root in
    eighths, 'walk' plays root, fifth, octave, fifth in quarters, 'hold' a note per half bar."""
    out = []
    for r in roots:
        n = midi(r)
        if style == "octave":
            notes = [n, n + 12] * 4
            out += sum(([name(x), "."] for x in notes), [])
        elif style == "drive":
            out += sum(([name(n), "."] for _ in range(8)), [])
        elif style == "walk":
            out += sum(([name(x), ".", ".", "."] for x in (n, n + 7, n + 12, n + 7)), [])
        elif style == "hold":
            out += [name(n)] + ["."] * 7 + [name(n + 7)] + ["."] * 7
    assert len(out) == rows_per_bar * len(roots)
    return out


def drums(bars, kick, snare, hat):
    """Per-bar strings of 16 'x'/'.' for each drum (C4 on x)."""
    def line(p):
        assert len(p) == 16, p
        return ["C4" if ch == "x" else "." for ch in p] * bars
    return line(kick), line(snare), line(hat)


def silent(rows):
    return ["."] * rows


# The whole band's level under the effects: footsteps and landings stay on top (the mixer also ducks).
MIX = 0.45


def song(name_, title, bpm, channels, patterns, order, loop=True, beats_per_bar=4, rows_per_beat=4, notes=""):
    pats = {}
    rows_per_bar = beats_per_bar * rows_per_beat
    for pname, cols in patterns.items():
        assert len(cols) == len(channels), pname
        rows = len(cols[0])
        assert rows % rows_per_bar == 0, (pname, rows)
        strings = []
        for col in cols:
            assert len(col) == rows, (pname, len(col), rows)
            bars = [" ".join(col[i:i + rows_per_bar]) for i in range(0, rows, rows_per_bar)]
            strings.append(" | ".join(bars))
        pats[pname] = strings
    doc = {"format": "critterforge.song/1", "name": name_, "title": title, "notes": notes, "tempo_bpm": bpm,
           "rows_per_beat": rows_per_beat, "beats_per_bar": beats_per_bar, "loop": loop,
           "channels": [{"instrument": i, "volume": round(v * MIX, 3), "pan": p} for i, v, p in channels], "patterns": pats,
           "order": order}
    with open(os.path.join(HERE, name_ + ".json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


BAND = [("bass", 0.42, 0.0), ("lead", 0.30, 0.1), ("arp", 0.13, -0.35), ("kick", 0.42, 0.0),
        ("snare", 0.26, 0.15), ("hat", 0.12, 0.3)]


def band_pattern(melody, chords, roots, bass_style, kick, snare, hat, arp_step=1):
    bars = len(chords)
    k, s, h = drums(bars, kick, snare, hat)
    return [bass(roots, bass_style), melody, arp(chords, step=arp_step), k, s, h]


# --- Title menu: a bright C major theme (I vi IV V), the one players hum. ---
title_chords_a = [["C4", "E4", "G4"], ["A3", "C4", "E4"], ["F3", "A3", "C4"], ["G3", "B3", "D4"]]
title_chords_b = [["F3", "A3", "C4"], ["G3", "B3", "D4"], ["E3", "G3", "B3"], ["A3", "C4", "E4"]]
title_a = eighths("E5 G5 C6 G5 A5 . E5 C5") + eighths("C5 E5 A5 E5 C6 . B5 A5") + \
    eighths("F5 A5 C6 A5 F5 . A5 C6") + eighths("B5 . G5 . D5 . G5 .")
title_b = eighths("A5 . A5 G5 F5 . A5 .") + eighths("G5 . G5 F5 D5 . B4 .") + \
    eighths("E5 . G5 . B5 . G5 .") + eighths("A5 . . . - . . .")
title_intro_lead = silent(64)
groove = ("x.......x.......", "....x.......x...", "x.x.x.x.x.x.x.x.")
song("title", "Critterforge", 112, BAND, {
    "intro": band_pattern(title_intro_lead, title_chords_a, ["C2", "A1", "F1", "G1"], "octave", *groove),
    "A": band_pattern(title_a, title_chords_a, ["C2", "A1", "F1", "G1"], "octave", *groove),
    "B": band_pattern(title_b, title_chords_b, ["F1", "G1", "E1", "A1"], "octave",
                      "x.......x.x.....", "....x.......x..x", "x.x.x.x.x.x.x.xx"),
}, ["intro", "A", "B", "A", "B"], notes="The title menu's theme: intro, then A B A B (112 beats a minute).")

# --- The editor: a calm D major workshop tune; a plucked pattern, a soft walking bass, brushes. ---
EDIT = [("bass", 0.36, 0.0), ("pluck", 0.22, -0.2), ("arp", 0.10, 0.35), ("kick", 0.25, 0.0),
        ("hat", 0.08, 0.3)]
ed_chords = [["D4", "F#4", "A4"], ["B3", "D4", "F#4"], ["G3", "B3", "D4"], ["A3", "C#4", "E4"]]
ed_mel = eighths("F#5 . A5 . F#5 E5 D5 .") + eighths("D5 . F#5 . B4 . . .") + \
    eighths("G4 . B4 . D5 . G5 .") + eighths("E5 . C#5 . A4 . . .")
ed_mel2 = eighths("A4 . D5 . F#5 . A5 .") + eighths("F#5 E5 D5 . B4 . . .") + \
    eighths("B4 . D5 . G5 . F#5 E5") + eighths("E5 . . . C#5 . . .")


def editor_pattern(mel):
    k, h = drums(4, "x.........x.....", "................", "..x...x...x...x.")[0::2]
    return [bass(["D2", "B1", "G1", "A1"], "walk"), mel, arp(ed_chords, step=2), k, h]


song("editor", "Workshop", 96, EDIT, {"A": editor_pattern(ed_mel), "B": editor_pattern(ed_mel2)},
     ["A", "B"], notes="The creature editor: calm, under the pen's tone (96 beats a minute).")

# --- Free roam, one per level style, all at 120 beats a minute (the dance's tempo). ---
# Meadow (open ground): F major, bouncy, lots of air.
mw_chords = [["F4", "A4", "C5"], ["C4", "E4", "G4"], ["D4", "F4", "A4"], ["A#3", "D4", "F4"]]
mw_a = eighths("C6 . A5 . F5 . A5 C6") + eighths("C6 . G5 . E5 . G5 .") + \
    eighths("D6 . A5 . F5 . A5 D6") + eighths("D6 . A#5 . F5 . . .")
mw_b = eighths("A5 A5 G5 F5 G5 . C5 .") + eighths("E5 E5 F5 G5 E5 . C5 .") + \
    eighths("F5 F5 E5 D5 E5 . A5 .") + eighths("F5 . . . - . . .")
meadow_drums = ("x.....x...x.....", "....x.......x...", "..x...x...x...x.")
song("meadow", "Meadow Trot", 120, BAND, {
    "A": band_pattern(mw_a, mw_chords, ["F1", "C2", "D2", "A#1"], "octave", *meadow_drums),
    "B": band_pattern(mw_b, mw_chords, ["F1", "C2", "D2", "A#1"], "octave", *meadow_drums),
}, ["A", "A", "B", "A"], notes="Free roam on open ground (no fences): 120 beats a minute, a bob of the dance on every beat.")

# Fields (fences): G major, a skipping shuffle.
fd_chords = [["G4", "B4", "D5"], ["E4", "G4", "B4"], ["C4", "E4", "G4"], ["D4", "F#4", "A4"]]
fd_a = eighths("D5 G5 B5 . A5 G5 E5 .") + eighths("E5 G5 B5 . D6 . B5 .") + \
    eighths("C6 . B5 A5 G5 . E5 .") + eighths("F#5 . A5 . D5 . . .")
fd_b = eighths("B5 . B5 A5 G5 . D5 .") + eighths("G5 . G5 F#5 E5 . B4 .") + \
    eighths("C5 E5 G5 C6 B5 . G5 .") + eighths("A5 . F#5 . G5 . . .")
fields_drums = ("x.....x.x.......", "....x.......x...", "x..xx..xx..xx..x")
song("fields", "Over the Fence", 120, BAND, {
    "A": band_pattern(fd_a, fd_chords, ["G1", "E1", "C2", "D2"], "walk", *fields_drums),
    "B": band_pattern(fd_b, fd_chords, ["G1", "E1", "C2", "D2"], "walk", *fields_drums),
}, ["A", "B", "A", "B"], notes="Free roam among fences: 120 beats a minute.")

# Yard (walls, pipes): A minor, a little funky.
yd_chords = [["A3", "C4", "E4"], ["F3", "A3", "C4"], ["G3", "B3", "D4"], ["E3", "G#3", "B3"]]
yd_a = eighths("A5 . . C6 . A5 G5 E5") + eighths("F5 . . A5 . F5 E5 C5") + \
    eighths("D5 . G5 . B5 . A5 G5") + eighths("G#5 . . . E5 . . .")
yd_b = eighths("E5 . A5 . C6 . B5 A5") + eighths("C6 . A5 . F5 . . .") + \
    eighths("D5 G5 B5 D6 C6 B5 A5 G5") + eighths("B5 . G#5 . E5 . . .")
yard_drums = ("x..x..x...x..x..", "....x.......x...", "x.xxx.xxx.xxx.xx")
song("yard", "Bricks and Pipes", 120, BAND, {
    "A": band_pattern(yd_a, yd_chords, ["A1", "F1", "G1", "E1"], "octave", *yard_drums),
    "B": band_pattern(yd_b, yd_chords, ["A1", "F1", "G1", "E1"], "octave", *yard_drums),
}, ["A", "A", "B", "A"], notes="Free roam among walls and pipes: 120 beats a minute.")

# --- Trials. ---
# The countdown sting: 3, 2, 1 on the beats of one 3-beat bar at 60 beats a minute: exactly the 3 s
# (180 ticks) the player is held, so the racing loop starts on GO.
STING = [("bell", 0.45, 0.0), ("bass", 0.35, 0.0), ("snare", 0.2, 0.0)]
song("trial_countdown", "Ready", 60, STING, {
    "A": [sixteenths("C6 . . . C6 . . . C6 . . ."), sixteenths("C2 . . . C2 . . . G2 . . ."),
          sixteenths(". . . . . . . . C4 C4 C4 C4")],
}, ["A"], loop=False, beats_per_bar=3, notes="The trial's countdown: one bar of 3 s, ending on GO.")

# The racing loop: E minor at 150, driving eighth-note bass, busy hats.
RACE = [("bass", 0.42, 0.0), ("lead", 0.28, 0.1), ("arp", 0.12, -0.35), ("kick", 0.45, 0.0),
        ("snare", 0.28, 0.15), ("hat", 0.12, 0.3)]
rc_chords = [["E4", "G4", "B4"], ["C4", "E4", "G4"], ["D4", "F#4", "A4"], ["B3", "D#4", "F#4"]]
rc_a = eighths("B5 . E6 . B5 . G5 E5") + eighths("G5 . C6 . G5 . E5 C5") + \
    eighths("A5 . D6 . A5 . F#5 D5") + eighths("D#5 F#5 B5 . - . . .")
rc_b = eighths("E5 F#5 G5 A5 B5 . G5 .") + eighths("C6 B5 A5 G5 E5 . . .") + \
    eighths("D5 E5 F#5 G5 A5 . F#5 .") + eighths("B5 . A5 . F#5 . D#5 .")
race_drums = ("x...x...x...x...", "....x.......x.xx", "xxxxxxxxxxxxxxxx")
song("trial_race", "Against the Clock", 150, RACE, {
    "A": band_pattern(rc_a, rc_chords, ["E2", "C2", "D2", "B1"], "drive", *race_drums),
    "B": band_pattern(rc_b, rc_chords, ["E2", "C2", "D2", "B1"], "drive", *race_drums),
}, ["A", "A", "B", "B"], notes="A trial's race, from GO to the finish: 150 beats a minute.")

# Jingles: two bars each, once.
JINGLE = [("bell", 0.4, 0.0), ("bass", 0.38, 0.0), ("arp", 0.14, -0.3), ("snare", 0.25, 0.0)]
song("trial_finish", "Finish", 150, JINGLE, {
    "A": [eighths("G5 . C6 . E6 . C6 .") + eighths("D6 . . . C6 . . ."),
          eighths("C2 . G1 . C2 . . .") + eighths("G1 . . . C2 . . ."),
          arp([["C4", "E4", "G4"], ["G3", "B3", "D4"]]),
          sixteenths("C4 . . . . . . . C4 . C4 . . . . .") + sixteenths("C4 . C4 C4 C4 . . . . . . . . . . .")],
}, ["A"], loop=False, notes="The finish line crossed: a short jingle, then the level's song.")
song("trial_new_best", "New Best!", 150, JINGLE, {
    "A": [eighths("C6 E6 G6 E6 C6 E6 G6 C7") + eighths("B6 . G6 . C7 . . ."),
          eighths("C2 . E2 . G2 . C2 .") + eighths("G1 . . . C2 . . ."),
          arp([["C4", "E4", "G4"], ["C4", "F4", "A4"]]),
          sixteenths("C4 . C4 . C4 . C4 . C4 C4 C4 C4 C4 C4 C4 C4") + sixteenths("C4 . . . C4 . . . C4 . . . . . . .")],
}, ["A"], loop=False, notes="A new best time: a rising fanfare, then the level's song.")
