"""The hand-labelled sample of offline events: draw it, and score the labels.

    .venv/bin/python bench/label_sample.py draw [--per-source 40] [--seed 14]
    .venv/bin/python bench/label_sample.py score
    .venv/bin/python bench/label_sample.py draw-fresh NAME SOURCE [SOURCE...] [--per-source 40] [--seed S] [--unseen]
    .venv/bin/python bench/label_sample.py score-fresh NAME

Three sources, each read as `chronos index` reads it and run through the offline rule extractor:
  sample_chats   sample_chats/ (ChatGPT + Claude exports and a journal; --tz America/New_York)
  locomo         LoCoMo conversation conv-26 of ../shared/data/locomo_dev.json
  export         tests/fixtures/archives/chatgpt_realistic.json (a ChatGPT export in the shape of real
                 use: pasted code, logs, stack traces, URLs, tool output, drafts to edit, requests)

`draw-fresh` draws a fresh sample from other sources into bench/labels/fresh_NAME.jsonl, to be
labelled before any rule is changed after it (a held-out reading of the rates); `score-fresh`
scores it the same way; `--unseen` draws only events no earlier fresh draw showed. Fresh sources: conv-26, conv-30 (locomo_dev.json), conv-41, conv-42
(locomo_dev2.json), lme (the user turns of ../shared/data/longmemeval_sample.json: a person
talking to an assistant), sample_chats and export (as above), conv-26-typed … conv-42-typed (those
conversations lower-cased, without apostrophes or full stops, as people type in chats: the
same stories in other words, so other events), conv-26-casual … conv-42-casual (lower-cased,
without apostrophes, full stops kept) and conv-26-chat … conv-42-chat (typed, and sent as in a
chat app: each sentence a message of its own, a closing time phrase too: "went to the beach" /
"last friday"), and chats-A … chats-E (bench/data/written_chats: conversations written
the way people text).

`draw` samples --per-source events of each source at random (fixed seed) and writes
bench/labels/events_labelled.jsonl: one line per sampled event with the turn it came from, its
⟨subject, verb, object⟩, its date and a `label` — kept when an event with the same key was
labelled before (in that file or in bench/labels/events_labelled_archive.jsonl, every label ever
given), else "" (to be filled in by hand). `score` re-extracts, matches the
labels by key and prints, per source and overall, the share of ok / wrong_date / junk and the
events per turn; sampled events without a label, and labels whose event is no longer produced,
are listed (re-draw and label those before quoting figures).

Labels (one per event, judged from the turn alone, as a reader of `chronos events` would; the
row's "turn" is every message the event was read from, joined by " / ": the message itself, then
the question it answers or the earlier message whose time phrase dates it, when there is one):
  ok          something that happened to, was done by, or is planned by a person, or a state they
              are in, stated in the turn; subject, verb and object read as complete phrases (a
              "mention" reads as the speaker plus the clause they said); the date is what the
              turn says — the range of its own time expression, the day it was said for what holds
              then ("just got back", "I'm reading"), or undated when the turn gives no time —
              except a past deed told with no time between people who last talked at most a week
              before (time_source "news"): news since that talk, dated from it to the day told
              ("guess what, i bought a bike!!"; not "once", "when I was a kid", "for 32 years").
  wrong_date  a real occurrence, but its range does not contain when the turn says it happened
              (including a dated event the turn does not date, or an undated one whose own clause
              carries a time phrase).
  junk        not an occurrence (a question, wish, suggestion, habit, opinion, greeting, filler,
              code, log or tool text), a wrong or garbled subject, an object that is a pronoun, a
              number or a fragment, a clause cut in the wrong place, or the same occurrence twice
              in one turn.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections import Counter
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.chat_rewrite import chat, split_turns  # noqa: E402
from chronos_cli.archives import iter_archive_files, read_archive  # noqa: E402
from chronos_cli.extract.rule_extractor import RuleExtractor  # noqa: E402

LABELS = ROOT / "bench" / "labels" / "events_labelled.jsonl"
ARCHIVE = ROOT / "bench" / "labels" / "events_labelled_archive.jsonl"
SHARED = ROOT.parent / "shared" / "data"
KINDS = ("ok", "wrong_date", "junk")
# how the "-typed" and "-casual" fresh sources rewrite a conversation
TYPINGS = {"typed": "lower,apos,dots", "casual": "lower,apos"}


def sources() -> dict[str, list]:
    """source name → its sessions, read as the CLI reads them."""
    tz = ZoneInfo("America/New_York")
    chats = [s for f in iter_archive_files(ROOT / "sample_chats") for s in read_archive(f, "auto", tz=tz).sessions]
    locomo = [s for s in read_archive(SHARED / "locomo_dev.json", "locomo").sessions if s.namespace == "conv-26"]
    export = read_archive(ROOT / "tests" / "fixtures" / "archives" / "chatgpt_realistic.json", "chatgpt", tz=tz)
    return {"sample_chats": chats, "locomo": locomo, "export": export.sessions}


def fresh_sources() -> dict[str, list]:
    """The sources a fresh sample may be drawn from (see the module docstring)."""
    out: dict[str, list] = {}
    for name in ("locomo_dev.json", "locomo_dev2.json"):
        for s in read_archive(SHARED / name, "locomo").sessions:
            out.setdefault(s.namespace, []).append(s)
    out["lme"] = read_archive(SHARED / "longmemeval_sample.json", "longmemeval").sessions
    for f in sorted((ROOT / "bench" / "data" / "written_chats").glob("written_*.json")):  # chats as people text
        out[f"chats-{f.stem[-1]}"] = read_archive(f, "locomo").sessions
    out.update({k: v for k, v in sources().items() if k != "locomo"})  # sample_chats, export
    for name in ("conv-26", "conv-30", "conv-41", "conv-42"):  # typed as people type in chats: other words
        for suffix, mode in TYPINGS.items():
            out[f"{name}-{suffix}"] = [
                s.model_copy(update={"turns": [t.model_copy(update={"text": chat(t.text, mode)}) for t in s.turns]})
                for s in out[name]
            ]
        # as sent in a chat app: each sentence its own message, a closing time phrase too, typed
        out[f"{name}-chat"] = [
            s.model_copy(
                update={
                    "turns": [
                        t.model_copy(update={"text": chat(t.text, TYPINGS["typed"])})
                        for t in split_turns(s.turns, after=True)
                    ]
                }
            )
            for s in out[name]
        ]
    return out


def draw_fresh(name: str, picked_sources: list[str], per_source: int, seed: str, *, unseen: bool = False) -> None:
    """``unseen``: only events no earlier fresh draw showed (the rules may have been fixed on
    those, so a draw that repeats them reads lower than a conversation never seen)."""
    path = LABELS.parent / f"fresh_{name}.jsonl"
    if path.exists():
        sys.exit(f"{path.relative_to(ROOT)} exists: a fresh sample is drawn once (delete it to draw again)")
    known = fresh_sources()
    seen = {k for f in LABELS.parent.glob("fresh_*.jsonl") for k in load(f)} if unseen else set()
    out = []
    for src in picked_sources:
        rs = [r for r in rows(src, known[src])[0] if r["key"] not in seen]
        out += random.Random(f"{seed}:{src}").sample(rs, min(per_source, len(rs)))
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out))
    print(f"wrote {len(out)} events to {path.relative_to(ROOT)}: label them before changing any rule")


def score_fresh(name: str) -> None:
    """Rates on a fresh sample; an event the rules no longer produce is listed (its label stays
    in the file: the rate after a change is read on a new draw, not on the old one)."""
    path = LABELS.parent / f"fresh_{name}.jsonl"
    labelled = load(path)
    known = fresh_sources()
    current: dict[str, set[str]] = {}
    counts: Counter = Counter()
    per: dict[str, Counter] = {}
    for r in labelled.values():
        src = r["source"]
        if src not in current:
            current[src] = {x["key"] for x in rows(src, _sessions_of(known, src))[0]}
        if r.get("label") in KINDS:
            counts[r["label"]] += 1
            per.setdefault(src, Counter())[r["label"]] += 1
        if r["key"] not in current[src]:
            print(f"    no longer produced: {r['event']} [{r['date']}] ({r.get('label') or 'unlabelled'})")
    for src, c in per.items():
        k = sum(c.values())
        rs, n, n_user = rows(src, _sessions_of(known, src))
        print(
            f"{src:<10} labelled {k:>3}  events/turn {len(rs) / n:.2f} (per user turn {len(rs) / max(n_user, 1):.2f})  "
            + " / ".join(f"{x} {c[x] / k:.1%}" for x in KINDS)
        )
    k = sum(counts.values())
    print(f"{'all':<10} labelled {k:>3}  " + " / ".join(f"{x} {counts[x] / max(k, 1):.1%}" for x in KINDS))


def _sessions_of(known: dict[str, list], src: str) -> list:
    return known.get(src) or known[src.replace("locomo-conv", "conv-")]  # the first fresh file's name


def key_of(source: str, e) -> str:
    start = e.start.date().isoformat() if e.start else "undated"
    parts = [source, e.session_id, ",".join(e.source_turn_ids), e.subject, e.verb, e.object, start, str(e.end.date())]
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]


def rows(source: str, sessions: list) -> tuple[list[dict], int, int]:
    """Every event of ``source`` as a label row; the number of turns and of non-assistant turns."""
    # a source may hold several conversations whose session ids repeat ("session_7")
    turns = {(s.namespace, s.session_id, t.turn_id): t for s in sessions for t in s.turns}
    out = []
    for evs in RuleExtractor().extract(sessions):
        for e in evs:
            t = turns[(e.namespace, e.session_id, e.source_turn_ids[0])]
            said = " / ".join(turns[(e.namespace, e.session_id, i)].text[:300] for i in e.source_turn_ids)
            date = "undated" if e.start is None else f"{e.start.date()}..{e.end.date()} ({e.granularity})"
            if e.time_source == "news":  # the reader needs the talk before to judge it
                date = f"{e.start.date()}..{e.end.date()} (told as news: since the last talk, {e.start:%Y-%m-%d %H:%M})"
            out.append(
                {
                    "source": source,
                    "key": key_of(source, e),
                    "turn_id": ",".join(e.source_turn_ids),
                    "said": t.t_conv.isoformat(),
                    "turn": said[:600],  # every message the event was read from
                    "event": f"{e.subject} | {e.verb} | {e.object}",
                    "kind": e.kind,
                    "time_expression": e.time_expression,
                    "date": date,
                    "label": "",
                    "note": "",
                }
            )
    n = sum(len(s.turns) for s in sessions)
    n_user = sum(1 for s in sessions for t in s.turns if t.role != "assistant")
    return out, n, n_user


def load(path: Path = LABELS) -> dict[str, dict]:
    if not path.exists():
        return {}
    return {r["key"]: r for r in map(json.loads, filter(None, path.read_text().splitlines()))}


def archive(rows) -> None:
    """Keep every label ever given (an event that comes back after a rule change keeps it)."""
    old = load(ARCHIVE)
    old.update({r["key"]: r for r in rows if r.get("label") in KINDS})
    ARCHIVE.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in old.values()))


def draw(per_source: int, seed: int) -> None:
    old = {k: r for k, r in {**load(ARCHIVE), **load()}.items() if r.get("label") in KINDS}
    out = []
    for name, sessions in sources().items():
        rs, _, _ = rows(name, sessions)
        picked = random.Random(f"{seed}:{name}").sample(rs, min(per_source, len(rs)))
        for r in picked:
            if r["key"] in old:
                r["label"], r["note"] = old[r["key"]]["label"], old[r["key"]].get("note", "")
            out.append(r)
    LABELS.parent.mkdir(parents=True, exist_ok=True)
    LABELS.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out))
    todo = sum(1 for r in out if not r["label"])
    print(f"wrote {len(out)} sampled events to {LABELS.relative_to(ROOT)}; {todo} need a label")


def score() -> None:
    labels = load()
    archive(labels.values())
    total: Counter = Counter()
    print(
        f"{'source':<13} {'events':>6} {'turns':>6} {'ev/turn':>7} {'ev/user turn':>12} {'labelled':>8}  ok / wrong date / junk"
    )
    for name, sessions in sources().items():
        rs, n, n_user = rows(name, sessions)
        keys = {r["key"] for r in rs}
        mine = [r for r in labels.values() if r["source"] == name]
        stale = [r for r in mine if r["key"] not in keys]
        c = Counter(r["label"] for r in mine if r["key"] in keys and r["label"] in KINDS)
        unlabelled = sum(1 for r in mine if r["key"] in keys and r["label"] not in KINDS)
        total.update(c)
        k = sum(c.values())
        rates = " / ".join(f"{c[x] / max(k, 1):.0%}" for x in KINDS)
        print(f"{name:<13} {len(rs):>6} {n:>6} {len(rs) / n:>7.2f} {len(rs) / max(n_user, 1):>12.2f} {k:>8}  {rates}")
        for r in stale:
            print(f"    stale label (event no longer produced): {r['event']} [{r['date']}]")
        if unlabelled:
            print(f"    {unlabelled} sampled events have no label yet")
    k = sum(total.values())
    print(
        f"{'all':<13} {'':>6} {'':>6} {'':>7} {'':>12} {k:>8}  "
        + " / ".join(f"{total[x] / max(k, 1):.1%}" for x in KINDS)
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    opts = [a for a in args if a.startswith("--")]
    if args[:1] == ["draw-fresh"] and len(args) >= 3:
        per = int(args[args.index("--per-source") + 1]) if "--per-source" in args else 40
        seed = args[args.index("--seed") + 1] if "--seed" in args else f"fresh:{args[1]}"
        valued = [o for o in opts if o in ("--per-source", "--seed")]
        flagged = {args.index(o) + 1 for o in valued} | {args.index(o) for o in opts}
        names = [a for i, a in enumerate(args[2:], 2) if i not in flagged]
        draw_fresh(args[1], names, per, seed, unseen="--unseen" in opts)
    elif args[:1] == ["score-fresh"] and len(args) == 2:
        score_fresh(args[1])
    elif args[:1] == ["draw"]:
        per = int(args[args.index("--per-source") + 1]) if "--per-source" in args else 40
        seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 14
        draw(per, seed)
    elif args[:1] == ["score"]:
        score()
    else:
        print(__doc__)
        sys.exit(2)
