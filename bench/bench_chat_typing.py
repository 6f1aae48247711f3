"""Event-date recall with oracle evidence on a LoCoMo file rewritten the way chats are typed.

    .venv/bin/python bench/bench_chat_typing.py ../shared/data/locomo_dev2.json MODE [-v]

MODE is a comma list of: none, lower (lower case), apos (no apostrophes), dots (no full stops),
split (each sentence sent as its own message), after (with split: a time phrase that closes a
sentence sent as a message of its own, the way chats add the time as an afterthought:
"went to the beach" / "last Friday"). The score is the one of
../shared/tools/when_eval.py --only events (its gold parser and matching rule), computed in
process with the offline rule extractor.
"""

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
spec = importlib.util.spec_from_file_location("we", ROOT.parent / "shared" / "tools" / "when_eval.py")
we = importlib.util.module_from_spec(spec)
spec.loader.exec_module(we)
from bench.chat_rewrite import chat, split_turns  # noqa: E402
from chronos_cli.archives import read_archive  # noqa: E402
from chronos_cli.extract.rule_extractor import RuleExtractor  # noqa: E402

path = sys.argv[1]
mode = sys.argv[2]
arch = read_archive(Path(path), "locomo")
for s in arch.sessions:
    if "split" in mode:
        s.turns[:] = split_turns(s.turns, after="after" in mode)
    for t in s.turns:
        t.text = chat(t.text, mode)
data = json.loads(Path(path).read_text())
tot = hit = 0
for sample in data:
    sid = sample["sample_id"]
    sess = [s for s in arch.sessions if s.namespace == sid]
    evs = [e for per_session in RuleExtractor().extract(sess) for e in per_session]
    turns = {t.turn_id.split("#")[0]: t for s in sess for t in s.turns}
    by = {}
    for e in evs:
        for t in e.source_turn_ids:
            by.setdefault(t.split("#")[0], []).append(e)
    for q in sample["qa"]:
        if q.get("category") != 2 or "answer" not in q:
            continue
        ev_ids = [t for t in q.get("evidence", []) if t in turns]
        g = we.gold_range(q["answer"]) if ev_ids else None
        if not g:
            continue
        tot += 1
        ok = any(we.matches((e.start.date(), e.end.date()), g) for t in ev_ids for e in by.get(t, []) if e.start)
        hit += ok
        if not ok and "-v" in sys.argv:
            print(f"--- {sid} Q: {q['question']}  GOLD: {q['answer']}")
            for t in ev_ids:
                tt = turns[t]
                print(f"  [{t} said {tt.t_conv.date()}] {tt.text[:300]}")
                for e in by.get(t, []):
                    print(
                        f"     -> {e.subject} | {e.verb} | {e.object} | {e.start and e.start.date()}..{e.end.date()} {e.time_expression!r} {e.kind}"
                    )
print(mode, f"event-date recall {hit}/{tot} = {hit / max(tot, 1):.1%}")
