"""Settings: flag > environment > config file > default.

The config file is ``config.toml`` in ``typer.get_app_dir("chronos")``; ``CHRONOS_HOME``
overrides that directory (tests and portable installs). Provider keys are not stored
here: LiteLLM and the Cohere SDK read the providers' own environment variables.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

APP_NAME = "chronos"

# setting name -> environment variable
ENV_VARS: dict[str, str] = {
    "db": "CHRONOS_DB",
    "model": "CHRONOS_MODEL",
    "planner_model": "CHRONOS_PLANNER_MODEL",
    "extract_model": "CHRONOS_EXTRACT_MODEL",
    "embed_model": "CHRONOS_EMBED_MODEL",
    "rerank_model": "CHRONOS_RERANK_MODEL",
    "judge_model": "CHRONOS_JUDGE_MODEL",
    "tz": "CHRONOS_TZ",
    "api_base": "CHRONOS_API_BASE",
    "cohere_base_url": "CHRONOS_COHERE_BASE_URL",
    # model clients: seconds per request, retries after the first attempt, first back-off
    "llm_timeout": "CHRONOS_LLM_TIMEOUT",
    "llm_retries": "CHRONOS_LLM_RETRIES",
    "retry_base_delay": "CHRONOS_RETRY_BASE_DELAY",
    # holiday calendar for "Thanksgiving", "Boxing Day"… (ISO country code, `holidays` package)
    "holiday_country": "CHRONOS_HOLIDAY_COUNTRY",
}

# environment variables shown (masked) by `chronos config`; never written anywhere
SECRET_ENV_VARS = (
    "OPENAI_API_KEY",
    "ANTHROPIC_API_KEY",
    "GEMINI_API_KEY",
    "COHERE_API_KEY",
    "CO_API_KEY",
    "AZURE_API_KEY",
    "GROQ_API_KEY",
    "MISTRAL_API_KEY",
    "OPENROUTER_API_KEY",
)

LOCAL_EMBED_MODEL = "local/all-MiniLM-L6-v2-int8"


class Settings(BaseModel):
    db: str
    model: str | None = None
    planner_model: str | None = None
    extract_model: str | None = None
    embed_model: str = LOCAL_EMBED_MODEL
    rerank_model: str = "rerank-english-v3.0"
    judge_model: str = "gpt-4o-2024-08-06"  # the snapshot LongMemEval judges with (evals/judge.py JUDGE_MODEL)
    tz: str | None = None
    api_base: str | None = None
    cohere_base_url: str | None = None
    llm_timeout: float = Field(60.0, gt=0)
    llm_retries: int = Field(4, ge=0, le=20)
    retry_base_delay: float = Field(0.5, ge=0)
    holiday_country: str = Field("US", pattern=r"^[A-Za-z]{2}$")
    offline: bool = False
    # where each setting came from: flag | env | file | default
    sources: dict[str, str] = {}

    @property
    def effective_model(self) -> str | None:
        return None if self.offline else self.model

    @property
    def effective_planner_model(self) -> str | None:
        return None if self.offline else (self.planner_model or self.model)

    @property
    def effective_extract_model(self) -> str | None:
        return None if self.offline else (self.extract_model or self.model)

    @property
    def cohere_key(self) -> str | None:
        if self.offline:
            return None
        return os.environ.get("COHERE_API_KEY") or os.environ.get("CO_API_KEY")


def app_dir() -> Path:
    """The user directory: CHRONOS_HOME if set, else Typer's per-user app dir."""
    home = os.environ.get("CHRONOS_HOME")
    if home:
        return Path(home).expanduser()
    import typer  # light; only the path helper

    return Path(typer.get_app_dir(APP_NAME))


def config_path() -> Path:
    return app_dir() / "config.toml"


def default_db() -> str:
    return str(app_dir() / "db")


class ConfigError(Exception):
    pass


def read_config_file(path: Path | None = None) -> dict[str, Any]:
    path = path or config_path()
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ConfigError(f"{path}: not valid TOML ({e})") from None
    unknown = set(data) - set(ENV_VARS) - {"storage_options"}
    if unknown:
        raise ConfigError(f"{path}: unknown setting(s) {', '.join(sorted(unknown))}")
    return data


def load_settings(**flags: Any) -> Settings:
    """Merge flag > env > file > default. ``flags`` with value None are unset."""
    file_values = read_config_file()
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for name, env in ENV_VARS.items():
        if flags.get(name) is not None:
            values[name], sources[name] = flags[name], "flag"
        elif os.environ.get(env):
            values[name], sources[name] = os.environ[env], "env"
        elif file_values.get(name) is not None:
            values[name], sources[name] = file_values[name], "file"
    if "db" not in values:
        values["db"], sources["db"] = default_db(), "default"
    values["offline"] = bool(flags.get("offline"))
    try:
        return Settings(**values, sources=sources)
    except ValidationError as e:
        err = e.errors()[0]
        name = str(err["loc"][0]) if err.get("loc") else "?"
        where = {
            "flag": f"--{name.replace('_', '-')}",
            "env": ENV_VARS.get(name, name),
            "file": f"{config_path()}: {name}",
        }
        raise ConfigError(f"{where.get(sources.get(name, ''), name)}={values.get(name)!r}: {err['msg']}") from None


def mask(secret: str) -> str:
    if len(secret) <= 8:
        return "****"
    return secret[:3] + "…" + secret[-4:]


def secret_status() -> dict[str, str]:
    return {k: mask(os.environ[k]) for k in SECRET_ENV_VARS if os.environ.get(k)}


# environment variables passed to LanceDB / object_store as storage options (env wins over
# config.toml's [storage_options] table); names as object_store spells them, lower-case
STORAGE_ENV_VARS: dict[str, str] = {
    "AWS_ENDPOINT_URL": "aws_endpoint",
    "AWS_ENDPOINT_URL_S3": "aws_endpoint",
    "AWS_ACCESS_KEY_ID": "aws_access_key_id",
    "AWS_SECRET_ACCESS_KEY": "aws_secret_access_key",
    "AWS_SESSION_TOKEN": "aws_session_token",
    "AWS_REGION": "aws_region",
    "AWS_DEFAULT_REGION": "aws_region",
    "AWS_ALLOW_HTTP": "allow_http",
    "AWS_S3_ALLOW_UNSAFE_RENAME": "aws_s3_allow_unsafe_rename",
    "GOOGLE_SERVICE_ACCOUNT": "google_service_account",
    "AZURE_STORAGE_ACCOUNT_NAME": "azure_storage_account_name",
    "AZURE_STORAGE_ACCOUNT_KEY": "azure_storage_account_key",
}


def storage_options(uri: str, file_values: dict[str, Any] | None = None) -> dict[str, str] | None:
    """Storage options for opening ``uri`` with LanceDB: config.toml's ``[storage_options]``
    overlaid with the environment (AWS_ENDPOINT_URL, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
    AWS_REGION, AWS_ALLOW_HTTP, …). ``allow_http`` is switched on by itself for an
    ``http://`` endpoint (a local MinIO or moto server). None for a local folder.
    """
    if "://" not in uri or uri.startswith("file://"):
        return None
    if file_values is None:
        file_values = read_config_file()
    table = file_values.get("storage_options") or {}
    if not isinstance(table, dict):
        raise ConfigError(f"{config_path()}: storage_options must be a table ([storage_options])")
    opts: dict[str, str] = {str(k).lower(): _option_str(v) for k, v in table.items()}
    for env, key in STORAGE_ENV_VARS.items():
        if os.environ.get(env):
            opts[key] = os.environ[env]
    endpoint = opts.get("aws_endpoint") or opts.get("endpoint") or ""
    if endpoint.startswith("http://") and "allow_http" not in opts:
        opts["allow_http"] = "true"
    return opts or None


def _option_str(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)
