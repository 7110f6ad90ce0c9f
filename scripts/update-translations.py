#!/usr/bin/env python3
"""Refreshes translations/*.ts from the sources with lupdate and fills them:
zh_CN from scripts/zh_CN.tsv (source<TAB>translation), and the English
plural forms ("%n file(s)" -> "%n file" / "%n files").

Run after changing user-visible strings; a string without a translation
fails the translation test.
"""
import pathlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

root = pathlib.Path(__file__).resolve().parent.parent
lupdate = "/usr/lib/qt6/bin/lupdate"
sources = ["models", "slicing", "pipeline", "widgets", "app/gui"]


def refresh(ts, *extra):
    subprocess.run([lupdate, "-no-obsolete", "-locations", "none", *extra, *sources, "-ts", str(ts)],
                   cwd=root, check=True, stdout=subprocess.DEVNULL)


def english_forms(text):
    singular = re.sub(r"\((s|es)\)", "", text)
    plural = re.sub(r"\((s|es)\)", r"\1", text)
    return [singular, plural]


def fill(ts, translate, plural_forms):
    tree = ET.parse(ts)
    missing = []
    for message in tree.getroot().iter("message"):
        source = message.find("source").text
        translation = message.find("translation")
        for form in list(translation):
            translation.remove(form)
        translation.text = None
        translation.attrib.pop("type", None)
        if message.get("numerus") == "yes":
            forms = plural_forms(source)
            if forms is None:
                missing.append(source)
                translation.set("type", "unfinished")
                continue
            for f in forms:
                ET.SubElement(translation, "numerusform").text = f
        else:
            text = translate(source)
            if text is None:
                missing.append(source)
                translation.set("type", "unfinished")
                continue
            translation.text = text
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    return missing


zh = {}
for line in (root / "scripts/zh_CN.tsv").read_text(encoding="utf-8").splitlines():
    if line.strip():
        source, text = line.split("\t")
        zh[source] = text

zh_ts = root / "translations/reviewdesk_zh_CN.ts"
en_ts = root / "translations/reviewdesk_en.ts"
refresh(zh_ts)
refresh(en_ts, "-pluralonly")
missing = fill(zh_ts, zh.get, lambda s: [zh[s]] if s in zh else None)
missing += fill(en_ts, lambda s: None, english_forms)
if missing:
    print("untranslated:", *missing, sep="\n  ")
    sys.exit(1)
print("translations complete")
