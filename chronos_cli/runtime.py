"""The composition root: every command and the eval get their parts from one ``Runtime``.

    rt = Runtime(settings, must_exist=True)      # nothing is opened or built yet
    rt.store            Store at settings.db, opened once (SetupError when must_exist and there is no index)
    rt.embedder         the embedder that matches the database: settings.embed_model when it was set
                        (flag / env / file), else the model the database records, else the default;
                        a database embedded with another model (or dimension) raises SetupError
    rt.configured_embedder   settings.embed_model as given, not checked (``index --reembed`` switches model;
                        the index pipeline checks what it writes)
    rt.agent_llm        the agent model (settings.effective_model), None offline or unset
    rt.planner_llm      the planner model; the agent's client when the two names are the same
    rt.fresh_agent_llms()    a new (agent, planner) pair per call: separate usage per eval question
    rt.extract_llm      the event-extraction model, None offline or unset
    rt.judge_llm        the eval judge (short replies); None offline unless --judge-model named one
    rt.reranker         None offline; a registered reranker; Cohere Rerank when a Cohere key is set
    rt.extractor        one registered under the extract model's name; else LLMExtractor(rt.extract_llm)
                        when there is an extract model; else RuleExtractor

Every part is built on first use, then cached (thread-safe). Model names go through
``chronos_cli.providers.registry``, so a factory registered under a name stands in for it (tests:
``CHRONOS_MODEL=scripted/agent``). Keyword arguments substitute a part outright:
``Runtime(settings, store=store, embedder=embedder, reranker=None, agent_llm=scripted)``; ``None``
is a real value there (no reranker). A part that cannot be built raises ``SetupError`` with one
line for the user and the exit code to use. Importing this module is light (no LanceDB, no LiteLLM).

In the CLI: ``rt = cli.common.runtime(s, must_exist=...)``, then read parts inside
``with cli.common.setup_failures():`` (a SetupError becomes the one-line ``error:`` and its exit
code). ``chronos index``: ``must_exist=False``, ``rt.store``, ``rt.configured_embedder`` (the
pipeline refuses a database embedded otherwise; ``rt.embedder`` would instead follow the database
when no model was set), ``rt.extractor``. The eval: ``EvalSetup.from_runtime(rt, ...)``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from chronos_cli.config import ConfigError, Settings
from chronos_cli.providers import registry

if TYPE_CHECKING:
    from chronos_cli.providers.client import LLM
    from chronos_cli.providers.embed import Embedder
    from chronos_cli.providers.rerank import Reranker
    from chronos_cli.store.tables import Store

T = TypeVar("T")

# the judge answers "yes" or "no": a few tokens are enough, and cap the cost of a rambling model
JUDGE_EXTRA = {"max_tokens": 10}


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


class SetupError(Exception):
    """A part could not be built. One line, no key; ``exit_code`` 2 marks a settings mistake."""

    def __init__(self, message: str, *, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class Runtime:
    def __init__(
        self,
        settings: Settings,
        *,
        must_exist: bool = True,
        store: Store = UNSET,
        embedder: Embedder = UNSET,
        agent_llm: LLM | None = UNSET,
        planner_llm: LLM | None = UNSET,
        extract_llm: LLM | None = UNSET,
        judge_llm: LLM | None = UNSET,
        reranker: Reranker | None = UNSET,
        extractor: Any = UNSET,
    ) -> None:
        self.settings = settings
        self.must_exist = must_exist
        given = {
            "store": store,
            "embedder": embedder,
            "agent_llm": agent_llm,
            "planner_llm": planner_llm,
            "extract_llm": extract_llm,
            "judge_llm": judge_llm,
            "reranker": reranker,
            "extractor": extractor,
        }
        self._parts: dict[str, Any] = {k: v for k, v in given.items() if v is not UNSET}
        self._injected = frozenset(self._parts)
        self._lock = threading.RLock()

    def __repr__(self) -> str:
        from chronos_cli.providers.errors import scrub

        return scrub(f"Runtime(db={self.settings.db!r}, offline={self.settings.offline}, built={sorted(self._parts)})")

    def _part(self, name: str, build: Callable[[], T]) -> T:
        with self._lock:
            if name not in self._parts:
                self._parts[name] = build()
            return self._parts[name]

    # -- storage and embeddings ---------------------------------------------------------------

    @property
    def store(self) -> Store:
        return self._part("store", self._open_store)

    def _open_store(self) -> Store:
        from chronos_cli.config import storage_options
        from chronos_cli.store.tables import Store, StoreError

        uri = self.settings.db
        try:
            store = Store(uri, storage_options=storage_options(uri))
        except ConfigError as e:
            raise SetupError(str(e), exit_code=2) from None
        except StoreError as e:
            raise SetupError(str(e)) from None
        if self.must_exist and not store.exists():
            raise SetupError(f"no index at {uri}: run `chronos index PATH --db {uri}` first")
        return store

    @property
    def embedder(self) -> Embedder:
        return self._part("embedder", self._matching_embedder)

    @property
    def configured_embedder(self) -> Embedder:
        if "embedder" in self._injected:
            return self._parts["embedder"]
        return self._part("configured_embedder", lambda: self._build_embedder(self.settings.embed_model))

    def _matching_embedder(self) -> Embedder:
        """An explicit embed model must be the database's; an unset one follows the database."""
        from chronos_cli.store.tables import StoreError

        recorded = self.store.embed_model()
        explicit = "embed_model" in self.settings.model_fields_set  # by flag, env, file or the caller
        name = self.settings.embed_model if explicit or not recorded else recorded[0]
        if recorded and name != recorded[0]:  # refused by name first: a remote model's dim costs a call
            model, dim = recorded
            raise SetupError(
                f"this database was embedded with {model} ({dim}-d), not {name}: set CHRONOS_EMBED_MODEL={model}, "
                f"or re-embed everything with `chronos index --reembed --embed-model {name}`"
            )
        emb = self.configured_embedder if name == self.settings.embed_model else self._build_embedder(name)
        if recorded:
            try:
                self.store.check_embedder(emb.name, emb.dim)
            except StoreError as e:
                raise SetupError(str(e)) from None
        return emb

    def _build_embedder(self, name: str) -> Embedder:
        from chronos_cli.providers.embed import EmbedError

        try:
            return registry.embedder_for(self.settings, name)
        except EmbedError as e:
            raise SetupError(str(e)) from None

    # -- models -------------------------------------------------------------------------------

    def _llm(self, name: str | None, **kw: Any) -> LLM | None:
        return registry.llm_for(self.settings, name, **kw) if name else None

    @property
    def agent_llm(self) -> LLM | None:
        return self._part("agent_llm", lambda: self._llm(self.settings.effective_model))

    @property
    def planner_llm(self) -> LLM | None:
        return self._part("planner_llm", lambda: self._planner(self.agent_llm))

    def _planner(self, agent: LLM | None) -> LLM | None:
        name = self.settings.effective_planner_model
        return agent if name == self.settings.effective_model else self._llm(name)

    def fresh_agent_llms(self) -> tuple[LLM | None, LLM | None]:
        """A new (agent, planner) pair, each with its own ``Usage`` (substituted parts are reused)."""
        agent = self._parts["agent_llm"] if "agent_llm" in self._injected else self._llm(self.settings.effective_model)
        if "planner_llm" in self._injected:
            return agent, self._parts["planner_llm"]
        return agent, self._planner(agent)

    @property
    def extract_llm(self) -> LLM | None:
        return self._part("extract_llm", lambda: self._llm(self.settings.effective_extract_model))

    @property
    def judge_llm(self) -> LLM | None:
        def build() -> LLM | None:
            s = self.settings
            if s.offline and s.sources.get("judge_model") != "flag":  # --offline --judge-model X still judges
                return None
            return self._llm(s.judge_model, extra=dict(JUDGE_EXTRA))

        return self._part("judge_llm", build)

    @property
    def reranker(self) -> Reranker | None:
        return self._part("reranker", lambda: registry.reranker_for(self.settings))

    @property
    def extractor(self):
        """``extract(sessions)``: the LLM extractor over ``extract_llm``, else the rule extractor."""

        def build():
            from chronos_cli.extract import extractor_for

            name = self.settings.effective_extract_model
            factory = registry.extractors.get(name)
            return factory(self.settings, name) if factory is not None else extractor_for(self.extract_llm)

        return self._part("extractor", build)
