#!/usr/bin/env python3
"""Derive EB Garamond 12 Lining from EB Garamond 12: the same fonts with lining figures.

EB Garamond's default figures are old-style (a "1" as short as an "x", a "0" like an "o"),
and macroquad draws glyphs by their character map without applying OpenType features, so
the font's own `lnum` feature cannot be asked for. This script bakes that feature in: every
character the `lnum` substitutions touch (the digits 0-9) is mapped straight to its lining
glyph, and the family is renamed so the result is never mistaken for the original (SIL OFL
1.1 allows modified versions; EB Garamond declares no Reserved Font Name).

Run from the repository root with fontTools installed (`pip install fonttools`):

    python3 art/fonts/lining.py
"""
from pathlib import Path

from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parent
STYLES = ["Regular", "Italic"]
FAMILY = "EB Garamond 12 Lining"
# The typographic family (name ID 16) that print's SVG asks for.
TYPO_FAMILY = "EB Garamond Lining"


def lining_map(font):
    """The single substitutions of the font's `lnum` feature: glyph name -> lining glyph."""
    gsub = font["GSUB"].table
    lookups = {
        index
        for record in gsub.FeatureList.FeatureRecord
        if record.FeatureTag == "lnum"
        for index in record.Feature.LookupListIndex
    }
    mapping = {}
    for index in sorted(lookups):
        lookup = gsub.LookupList.Lookup[index]
        for sub in lookup.SubTable:
            if lookup.LookupType == 7:  # extension: the real subtable inside
                sub = sub.ExtSubTable
            mapping.update(getattr(sub, "mapping", {}))
    return mapping


def derive(style):
    font = TTFont(FONTS / f"EBGaramond12-{style}.ttf")
    mapping = lining_map(font)
    for table in font["cmap"].tables:
        for code, glyph in list(table.cmap.items()):
            if glyph in mapping:
                table.cmap[code] = mapping[glyph]
    digits = [font.getBestCmap()[ord(d)] for d in "0123456789"]
    assert all(g.endswith(".lnum") for g in digits), digits
    names = font["name"]
    full = f"{FAMILY} {style}"
    post = f"EBGaramond12Lining-{style}"
    for record in names.names:
        if record.nameID == 1:
            record.string = FAMILY
        elif record.nameID == 16:
            record.string = TYPO_FAMILY
        elif record.nameID in (3, 4, 18):
            record.string = full
        elif record.nameID == 6:
            record.string = post
    font.save(FONTS / f"EBGaramond12Lining-{style}.ttf")
    print(f"{post}: digits -> {', '.join(digits)}")


if __name__ == "__main__":
    for style in STYLES:
        derive(style)
